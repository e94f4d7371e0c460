/**
 * An amount in words, cheque style: "one thousand two hundred fifty roubles and 00 kopecks", in Russian
 * "одна тысяча двести пятьдесят рублей 00 копеек". Read back before a charge, it makes an extra zero or a
 * misplaced decimal point hard to miss. The whole part is spelt by n2words, whose Russian agrees in gender
 * and case with what it counts ("две тысячи", "пять тысяч", "двадцать одна тысяча"); only the two locales
 * the app speaks are imported, so the bundle stays small. The minor units stay in digits, as on a cheque;
 * the names of both units, in the plural form their number takes, are the catalogue's (components
 * `amountWords.units`), and a currency it has no names for is written by its code with the minor units as
 * a fraction ("BHD and 567/1000").
 */
import type { TFunction } from 'i18next';
import { toCardinal as english } from 'n2words/en-US';
import { toCardinal as russian } from 'n2words/ru-RU';
import { components } from '../i18n/en/components.js';
import { createI18n } from '../i18n/instance.js';
import type { Language } from '../i18n/resources.js';
import { decimalText } from './money.js';

/** Currencies whose major unit is feminine in Russian ("одна лира", "две иены"); the others are masculine. */
const FEMININE_IN_RUSSIAN: ReadonlySet<string> = new Set(['TRY', 'JPY']);

const wordings = new Map<Language, TFunction<'components'>>();
/** The catalogue's words in `language`, made once: the form and the confirmation ask on every key typed. */
function wordsIn(language: Language): TFunction<'components'> {
  let t = wordings.get(language);
  if (!t) wordings.set(language, (t = createI18n(language).getFixedT(language, 'components')));
  return t;
}

/** Whether the catalogue names the currency's units (the Russian one names the same: it is typed from it). */
const hasUnits = (currency: string): currency is keyof typeof components.amountWords.units =>
  Object.hasOwn(components.amountWords.units, currency);

export function amountInWords(minor: number, exponent: number, currency: string, language: Language = 'en'): string {
  const t = wordsIn(language);
  const [whole = '0', fraction] = decimalText(minor, exponent).split('.');
  const spelt =
    language === 'ru' ? russian(whole, { gender: FEMININE_IN_RUSSIAN.has(currency) ? 'feminine' : 'masculine' }) : english(whole);
  if (!hasUnits(currency)) {
    return fraction
      ? t('amountWords.codeWithMinor', { whole: spelt, currency, minor: fraction, per: 10 ** exponent })
      : t('amountWords.code', { whole: spelt, currency });
  }
  const major = t(`amountWords.units.${currency}.major`, { count: Number(whole) });
  if (!fraction) return t('amountWords.whole', { whole: spelt, major });
  // JPY has no minor unit to name; a currency with one has it in the catalogue.
  const minorUnit = (t as (key: string, options: object) => string)(`amountWords.units.${currency}.minor`, { count: Number(fraction) });
  return t('amountWords.withMinor', { whole: spelt, major, minor: fraction, minorUnit });
}
