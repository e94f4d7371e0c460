/**
 * Amounts are integers in minor units everywhere; this is where they become text for people and where
 * typed text becomes minor units again. Both go through decimal strings, never through a float: Intl
 * formats a decimal string exactly, and parsing splits digits. (main/services/money.ts does the same for
 * exports; the renderer cannot import main's code, only its types.)
 */
import cc from 'currency-codes';
import type { i18n as I18n } from 'i18next';
import { formattingLocale } from './locale.js';

/** 12345 with exponent 2 is "123.45". */
export function decimalText(minor: number, exponent: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * "RUB 1,234.50" in English, "1 234,50 RUB" in Russian (the locale of the language shown,
 * format/locale.ts); an unknown currency code is shown as its number.
 */
export function formatAmount(minor: number, exponent: number, currency: string | undefined): string {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return `${decimalText(minor, exponent)}${currency ? ` (currency ${currency})` : ''}`;
  const locale = formattingLocale();
  const key = `${locale}/${currency}/${exponent}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formats.set(key, format);
  }
  return format.format(decimalText(minor, exponent) as unknown as number);
}

/** Why typed text is not an amount: a key of the components catalogue's `amount` group, with its values. */
/** Minor units in a currency given by its ISO 4217 numeric code ("643"), as above; an unknown code with 2 decimals. */
export function formatMinorIn(minor: number, numeric: string): string {
  const c = cc.number(numeric.padStart(3, '0'));
  return formatAmount(minor, c?.digits ?? 2, c?.code ?? numeric);
}

export type AmountProblem =
  | { readonly key: 'empty' | 'notNumber' | 'noDecimals' | 'tooLarge' | 'zero' }
  | { readonly key: 'ambiguous'; readonly text: string }
  | { readonly key: 'decimals'; readonly count: number };

const currencyNames = new Map<string, Intl.DisplayNames>();

/**
 * A currency's name in the language shown: `english` (main's, ISO 4217's) in English, else the locale's
 * own name ("российский рубль"), or `english` if the locale has none.
 */
export function currencyName(alpha: string, english: string): string {
  const locale = formattingLocale();
  if (locale.toLowerCase().startsWith('en')) return english;
  let names = currencyNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'none' });
    currencyNames.set(locale, names);
  }
  return names.of(alpha) ?? english;
}

export type ParsedAmount = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly error: AmountProblem };

/** A problem of parseMajor in the language shown. */
export function amountProblemText(i18n: I18n, problem: AmountProblem): string {
  const { key, ...values } = problem;
  // The key is one of the `amount` group's (AmountProblem says which); i18next's key type cannot follow a template.
  return (i18n.t as (key: string, options: object) => string)(`components:amount.${key}`, values);
}

/**
 * Reads an amount typed in major units ("12.5", "1 234,50") for a currency with `exponent` minor digits.
 * Refuses more decimals than the currency has, signs, and anything that is not a plain number.
 */
export function parseMajor(text: string, exponent: number): ParsedAmount {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return { ok: false, error: { key: 'empty' } };
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(compact);
  if (!m) return { ok: false, error: { key: 'notNumber' } };
  const fraction = m[2] ?? '';
  // "1,234" is a thousands separator in one locale and a decimal comma in another: never guess with money.
  if (/,\d{3}$/.test(compact)) return { ok: false, error: { key: 'ambiguous', text: compact } };
  if (fraction.length > exponent) {
    return { ok: false, error: exponent === 0 ? { key: 'noDecimals' } : { key: 'decimals', count: exponent } };
  }
  const minor = Number(`${m[1]}${fraction.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(minor)) return { ok: false, error: { key: 'tooLarge' } };
  if (minor === 0) return { ok: false, error: { key: 'zero' } };
  return { ok: true, minor };
}
