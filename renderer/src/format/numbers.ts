/**
 * Counts and times of day in the locale of the language shown (format/locale.ts): "1,234" in English,
 * "1 234" in Russian; "10:42 AM" and "10:42".
 */
import { perLocale } from './locale.js';

const integer = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const number = perLocale((l) => new Intl.NumberFormat(l));

/** A count (rows, orders, bytes) with the locale's grouping. */
export const formatCount = (n: number): string => integer().format(n);

/** Any number (a chart's axis may have decimals) with the locale's grouping. */
export const formatNumber = (n: number): string => number().format(n);

const timeOfDay = perLocale((l) => new Intl.DateTimeFormat(l, { timeStyle: 'medium' }));
/** The time of day of a timestamp, with seconds. */
export const formatTime = (ms: number): string => timeOfDay().format(new Date(ms));

const hourMinute = perLocale((l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' }));
/** The time of day of a timestamp, to the minute. */
export const formatHourMinute = (ms: number): string => hourMinute().format(new Date(ms));

const day = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
/** The calendar day of a timestamp ("Nov 23, 2026", "23 нояб. 2026 г."). */
export const formatDay = (ms: number): string => day().format(new Date(ms));

const dayTime = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));
/** The day and the minute of a timestamp. */
export const formatDayAndMinute = (ms: number): string => dayTime().format(new Date(ms));
