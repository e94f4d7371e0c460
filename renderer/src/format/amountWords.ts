/**
 * An amount in words, cheque style: "one thousand two hundred thirty-four RUB and 50/100". Read back
 * before a charge, it makes an extra zero or a misplaced decimal point hard to miss. The whole part is
 * spelt by to-words (its English locale only, so the bundle stays small); the fraction stays in digits,
 * as on a cheque, because minor units have no common name across currencies.
 */
import { toWords } from 'to-words/en-US';
import { decimalText } from './money';

export function amountInWords(minor: number, exponent: number, currency: string): string {
  const [whole = '0', fraction] = decimalText(minor, exponent).split('.');
  const words = toWords(Number(whole)).toLowerCase();
  return fraction ? `${words} ${currency} and ${fraction}/${10 ** exponent}` : `${words} ${currency}`;
}
