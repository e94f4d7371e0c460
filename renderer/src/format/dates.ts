/** Timestamps (milliseconds since the epoch, as the gateway sends them) in the user's locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export const formatDateTime = (ms: number | undefined): string => (ms === undefined ? '—' : dateTime.format(new Date(ms)));
