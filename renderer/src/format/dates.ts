/**
 * Timestamps (milliseconds since the epoch, as the gateway sends them) in the locale of the language
 * shown (format/locale.ts) and the user's time zone.
 */
import { perLocale } from './locale.js';

const dateTime = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'medium' }));

export const formatDateTime = (ms: number | undefined): string => (ms === undefined ? '—' : dateTime().format(new Date(ms)));

/** The same, short, for a table column: date and minutes. */
const shortDateTime = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'short', timeStyle: 'short' }));
export const formatShortDateTime = (ms: number): string => shortDateTime().format(new Date(ms));

/** A date input's value (a local calendar day) as the first millisecond of that day. */
export const dayStart = (day: string): number | undefined => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
/** A date input's value (a local calendar day) as the last millisecond of that day. */
export const dayEnd = (day: string): number | undefined => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);

// Only its parts are used, put in a fixed order: the locale does not show.
const compactParts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A timestamp as "2026-11-23 09:41:05" in the user's time zone: short enough for one line of a table
 * column, and in the order that sorts. The full localised form goes in its title.
 */
export const formatCompactDateTime = (ms: number): string => {
  const part = Object.fromEntries(compactParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
};
