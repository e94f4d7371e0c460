/**
 * Every date and time the screens show, in one format per language: the locale of the language shown
 * (format/locale.ts) and the user's time zone. A moment reads "Nov 23, 2026, 9:41:05 AM" in English and
 * "23 нояб. 2026 г., 09:41:05" in Russian wherever it appears (list, order, batch, sync, audit, journal);
 * a table column puts the same date over the same time. No screen formats a date any other way.
 */
import { perLocale } from './locale.js';

const day = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const dayOfMonth = perLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const dayKey = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));
const timeOfDay = perLocale((l) => new Intl.DateTimeFormat(l, { timeStyle: 'medium' }));
const relative = perLocale((l) => new Intl.RelativeTimeFormat(l, { numeric: 'always' }));

/** The calendar day of a timestamp ("Nov 23, 2026", "23 нояб. 2026 г."). */
export const formatDay = (ms: number): string => day().format(new Date(ms));

/** A calendar day named by its key ("2026-11-23", as a chart's days are), the way formatDay writes it. */
export const formatDayKey = (key: string): string => dayKey().format(new Date(`${key}T00:00:00Z`));

/** The same day without its year, where a chart's axis has room for little ("Nov 23", "23 нояб."). */
export const formatDayKeyShort = (key: string): string => dayOfMonth().format(new Date(`${key}T00:00:00Z`));

/** The time of day of a timestamp, with seconds ("9:41:05 AM", "09:41:05"). */
export const formatTime = (ms: number): string => timeOfDay().format(new Date(ms));

/** A moment: its day and its time of day; a dash where the moment is not known. */
export const formatDateTime = (ms: number | undefined): string => (ms === undefined ? '—' : `${formatDay(ms)}, ${formatTime(ms)}`);

/** The same moment for a narrow table column: the day over the time (shown with `white-space: pre-line`). */
export const formatStackedDateTime = (ms: number): string => `${formatDay(ms)}\n${formatTime(ms)}`;

/** A moment of today as its time alone, of another day in full: "synced at 9:41:05 AM". */
export const formatRecent = (ms: number, now = Date.now()): string =>
  new Date(ms).toDateString() === new Date(now).toDateString() ? formatTime(ms) : formatDateTime(ms);

/**
 * How long until a moment, in whole hours from an hour on and in minutes below it, rounded down and never
 * less than a minute: "in 23 hours", "через 23 часа", "in 5 minutes".
 */
export function formatTimeLeft(until: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((until - now) / 60_000));
  return minutes >= 60 ? relative().format(Math.floor(minutes / 60), 'hour') : relative().format(minutes, 'minute');
}

/** A date input's value (a local calendar day) as the first millisecond of that day. */
export const dayStart = (day: string): number | undefined => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
/** A date input's value (a local calendar day) as the last millisecond of that day. */
export const dayEnd = (day: string): number | undefined => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);
