/**
 * A cardholder's name as the app keeps it and looks for it. The gateway writes it in capital Latin letters
 * (cardAuthInfo.cardholderName, String [1..26]); a person types "petrov", "Ivan  Petrov" or "ИВАН" pasted
 * with a non-breaking space. Both sides are read one way, so that what is typed finds what was kept:
 * Unicode NFKC, card numbers masked (the field is text from outside, and a gateway may put anything in it),
 * capitals, one plain space between words, at most MAX_CARDHOLDER characters. A text without a letter is
 * no name.
 */
import { maskCardNumbers } from './cardNumbers.js';

/** Longer than any name the gateway allows (26), short enough that a hostile answer stores no essay. */
export const MAX_CARDHOLDER = 64;

export function cardholderName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const name = maskCardNumbers(text.normalize('NFKC'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toUpperCase()
    .slice(0, MAX_CARDHOLDER)
    .trimEnd();
  return /\p{L}/u.test(name) ? name : undefined;
}
