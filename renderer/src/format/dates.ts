/** Timestamps (milliseconds since the epoch, as the gateway sends them) in the user's locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export const formatDateTime = (ms: number | undefined): string => (ms === undefined ? '—' : dateTime.format(new Date(ms)));

/** The same, short, for a table column: date and minutes. */
const shortDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
export const formatShortDateTime = (ms: number): string => shortDateTime.format(new Date(ms));

/** A date input's value (a local calendar day) as the first millisecond of that day. */
export const dayStart = (day: string): number | undefined => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
/** A date input's value (a local calendar day) as the last millisecond of that day. */
export const dayEnd = (day: string): number | undefined => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);
