/**
 * An amount as a person types it, or as a spreadsheet writes it, read into integer minor units: the one
 * reader of typed money for main (which validates a batch file's amounts) and the renderer (which reads
 * the charge form and the other amount fields back as they are typed).
 *
 * The app speaks English and Russian, which write the same amount differently: "1,250.00" and
 * "1 250,00". An amount is read by the signs of the language shown, and also in the other language's
 * forms wherever they cannot be mistaken:
 *   - spaces (plain, no-break, narrow no-break, thin) only ever group thousands;
 *   - a sign that appears more than once groups thousands ("1,250,000"); where both a point and a comma
 *     appear, the last is the decimal sign and the other groups ("1,250.00", "1.250,00");
 *   - a lone point or comma is the decimal sign, unless it stands where a thousands separator stands
 *     (one to three digits, the first not 0, then exactly three): then the language shown decides: in English "1,250" is
 *     1250 (but refused as ambiguous for a currency with three decimals, where a Russian reads 1.25) and
 *     "1.250" is 1.25; in Russian "1,250" is 1.25 and "1.250" could be either, so it is refused. A file
 *     is read the same whoever opens it, with no language shown: there, both are refused as ambiguous.
 * So a form of the other language is read as the same amount or refused, never as another amount.
 * Thousands come in groups of three after a first group of one to three digits, with one kind of
 * separator; at most the currency's own number of decimals (by ISO 4217) is accepted, never rounded.
 * Signs, letters, exponents and currency symbols are refused: an amount to charge is a plain number.
 *
 * This module is the bottom of main/ (main/domain) and is shared with the renderer (tsconfig.web.json).
 */

/** The languages an amount is read in; `undefined` reads only what every language reads alike (a file). */
export type AmountLanguage = 'en' | 'ru';

/** Why a text is not an amount: what the refusal says, with the values its words need. */
export type AmountProblem =
  | { readonly key: 'empty' | 'notNumber' | 'grouping' | 'decimalSigns' | 'ambiguous' | 'noDecimals' | 'tooLarge' | 'zero' }
  | { readonly key: 'decimals'; readonly count: number };

export type TypedAmount = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly problem: AmountProblem };

/** What each language writes between thousands and before decimals, besides spaces. */
const SIGNS: Readonly<Record<AmountLanguage, { readonly grouping?: string; readonly decimal: string }>> = {
  en: { grouping: ',', decimal: '.' },
  ru: { decimal: ',' },
};

const refused = (problem: AmountProblem): TypedAmount => ({ ok: false, problem });

/** Whether the digits between grouping separators are thousands: one to three, then threes. */
const groupedWell = (groups: readonly string[]): boolean =>
  groups.every((g, i) => (i === 0 ? g.length >= 1 && g.length <= 3 : g.length === 3));

/**
 * Reads `text` as an amount of a currency with `exponent` minor digits (2 for RUB, 0 for JPY, 3 for BHD),
 * in the forms of `language` and the unambiguous forms of the other; more than zero, at most
 * Number.MAX_SAFE_INTEGER minor units.
 */
export function readTypedAmount(text: string, exponent: number, language: AmountLanguage | undefined): TypedAmount {
  // trim() takes every Unicode space off the ends, the no-break ones included.
  const typed = text.trim();
  if (typed === '') return refused({ key: 'empty' });
  if (!/^[0-9][0-9., \u00a0\u202f\u2009]*$/.test(typed)) return refused({ key: 'notNumber' });
  // Spaces of every kind read as one; two separators in a row group nothing.
  const plain = typed.replace(/[\u00a0\u202f\u2009]/g, ' ');
  if (/[., ]{2}/.test(plain)) return refused({ key: 'grouping' });

  const points = plain.split('.').length - 1;
  const commas = plain.split(',').length - 1;
  const spaced = plain.includes(' ');
  let decimal: '.' | ',' | undefined;
  if (points > 0 && commas > 0) {
    decimal = plain.lastIndexOf('.') > plain.lastIndexOf(',') ? '.' : ',';
    if ((decimal === '.' ? points : commas) > 1) return refused({ key: 'decimalSigns' });
  } else if (points + commas === 1) {
    const sign = points === 1 ? '.' : ',';
    const [before = '', after = ''] = plain.split(sign);
    // Thousands never start with a zero: "0.999" is decimals in every language.
    const couldGroup = !spaced && /^[1-9][0-9]{0,2}$/.test(before) && /^[0-9]{3}$/.test(after);
    if (!couldGroup || (language !== undefined && SIGNS[language].decimal === sign)) decimal = sign;
    // Thousands in the language shown, unless the currency has three decimals: then the other language
    // reads the same text as decimals, a thousand times less.
    else if (language === undefined || SIGNS[language].grouping !== sign || exponent >= 3) return refused({ key: 'ambiguous' });
  }
  const [whole = '', fraction = '', ...more] = decimal ? plain.split(decimal) : [plain];
  if (more.length > 0) return refused({ key: 'decimalSigns' });
  if (!/^[0-9]*$/.test(fraction)) return refused({ key: 'grouping' });
  // What separates the thousands of the whole part: one kind of sign only.
  const separators = new Set(whole.replace(/[0-9]/g, ''));
  if (separators.size > 1) return refused({ key: 'grouping' });
  const [separator] = separators;
  if (separator !== undefined && !groupedWell(whole.split(separator))) return refused({ key: 'grouping' });

  if (fraction.length > exponent) return refused(exponent === 0 ? { key: 'noDecimals' } : { key: 'decimals', count: exponent });
  const digits = `${whole.replace(/[^0-9]/g, '')}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=[0-9])/, '');
  if (digits.length > 16 || !Number.isSafeInteger(Number(digits))) return refused({ key: 'tooLarge' });
  const minor = Number(digits);
  if (minor === 0) return refused({ key: 'zero' });
  return { ok: true, minor };
}
