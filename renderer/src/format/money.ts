/**
 * Amounts are integers in minor units everywhere; this is where they become text for people and where
 * typed text becomes minor units again. Both go through decimal strings, never through a float: Intl
 * formats a decimal string exactly, and parsing splits digits (main/domain/typedAmount.ts, shared with
 * main). main/services/money.ts formats the same way for exports.
 */
import type { i18n as I18n } from 'i18next';
import { currencyInfo, decimalText } from '../../../main/domain/currency.js';
import { readTypedAmount, type AmountProblem } from '../../../main/domain/typedAmount.js';
import { amountProblemPhrase } from '../../../main/phrases/amountProblem.js';
import { sayPhrase } from '../i18n/say.js';
import { formattingLocale } from './locale.js';

export type { AmountProblem };
export { decimalText };

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

/** Minor units in a currency given by its ISO 4217 numeric code ("643"), as above; an unknown code with 2 decimals. */
export function formatMinorIn(minor: number, numeric: string): string {
  const c = currencyInfo(numeric);
  return formatAmount(minor, c.exponent, c.alpha ?? numeric);
}

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

/** A problem of parseMajor in the language shown: main's phrase for it (the same words a batch file's row gets). */
export function amountProblemText(i18n: I18n, problem: AmountProblem): string {
  return sayPhrase(i18n, amountProblemPhrase(problem));
}

/**
 * Reads an amount typed in major units for a currency with `exponent` minor digits, in the forms of the
 * language shown ("1,250.00" in English, "1 250,00" in Russian) and the other language's unambiguous
 * ones: main/domain/typedAmount.ts, the one reader main uses too.
 */
export function parseMajor(text: string, exponent: number): ParsedAmount {
  const read = readTypedAmount(text, exponent, formattingLocale().toLowerCase().startsWith('ru') ? 'ru' : 'en');
  return read.ok ? read : { ok: false, error: read.problem };
}
