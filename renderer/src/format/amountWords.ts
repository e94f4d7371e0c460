/**
 * An amount in words, cheque style: "one thousand two hundred thirty-four RUB and 50/100", in Russian
 * "одна тысяча двести тридцать четыре RUB 50/100". Read back before a charge, it makes an extra zero or a
 * misplaced decimal point hard to miss. The whole part is spelt by n2words, whose Russian agrees in gender
 * and case with what it counts ("две тысячи", "пять тысяч", "двадцать одна тысяча"; to-words, used before,
 * wrote "Два Тысячи" and "Пять Тысяча"); only the two locales the app speaks are imported, so the bundle
 * stays small. The fraction stays in digits, as on a cheque, because minor units have no common name
 * across currencies; a currency code counts as masculine, like рубль and доллар.
 */
import { toCardinal as english } from 'n2words/en-US';
import { toCardinal as russian } from 'n2words/ru-RU';
import { decimalText } from './money.js';

export function amountInWords(minor: number, exponent: number, currency: string, language: 'en' | 'ru' = 'en'): string {
  const [whole = '0', fraction] = decimalText(minor, exponent).split('.');
  if (language === 'ru') {
    const words = russian(whole);
    return fraction ? `${words} ${currency} ${fraction}/${10 ** exponent}` : `${words} ${currency}`;
  }
  const words = english(whole);
  return fraction ? `${words} ${currency} and ${fraction}/${10 ** exponent}` : `${words} ${currency}`;
}
