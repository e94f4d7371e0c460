/**
 * Counts in the locale of the language shown (format/locale.ts): "1,234" in English, "1 234" in Russian.
 * Dates and times are format/dates.ts's.
 */
import { perLocale } from './locale.js';

const integer = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const number = perLocale((l) => new Intl.NumberFormat(l));

/** A count (rows, orders, bytes) with the locale's grouping. */
export const formatCount = (n: number): string => integer().format(n);

/** Any number (a chart's axis may have decimals) with the locale's grouping. */
export const formatNumber = (n: number): string => number().format(n);
