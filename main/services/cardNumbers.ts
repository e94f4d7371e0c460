/**
 * Card numbers where none should be: support pastes one as an order number, a file carries one in a
 * reason, a gateway message quotes one. Whatever the app shows, keeps or exports from such text goes
 * through maskCardNumbers, which keeps the first six and last four digits, as the gateway masks them.
 *
 * What counts as a card number: 13 to 19 digits that pass Luhn's check, written whole or in the usual
 * groups (4-4-4-4[-3], 4-6-5, 4-6-4) separated by spaces or dashes. Luhn is what tells a card from the long
 * numeric orderNumbers merchants use: nine in ten of those fail it and stay readable for support. A run of
 * more than 19 digits is masked when it begins with a card number (13 to 19 digits passing Luhn): that is a
 * card pasted with its expiry or code after it, and a long number that merely looks so is masked too, as
 * the safer mistake.
 *
 * A card number stands alone: a run glued to a letter or a digit, or joined to one in front by `-`, `_`, `.`
 * or `/` (`seed-1627751397641903`, `INV/4111111111111111`, `ORD4111111111111111`), is part of an identifier
 * that the gateway and the merchant's systems show whole anyway, so it stays readable: masking it would make
 * support read, and look up, a text that is no order's number. Behind the number only a glued letter or digit
 * counts, so that a card pasted with its expiry or code after it (`4111111111111111/12`) is still masked.
 */

/** Luhn's check digit, which every card number carries: it catches a mistyped digit or two swapped. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A whole run of 13 or more digits, or the usual printed groups (one separator kind throughout), standing
 * alone (see above). The grouped forms come first so that a grouped number is taken whole.
 */
const CANDIDATE = new RegExp(
  [String.raw`\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?`, String.raw`\d{4}([ -])\d{6}\2\d{4,5}`, String.raw`\d{13,}`]
    .map((form) => String.raw`(?<![\p{L}\p{N}])(?<![\p{L}\p{N}][-_./])(?:${form})(?![\p{L}\p{N}])`)
    .join('|'),
  'gu',
);

/** The digits of a card number past the first six and before the last four as '*'; separators are kept. */
function mask(candidate: string): string {
  const digits = candidate.replace(/\D/g, '').length;
  let seen = 0;
  return candidate.replace(/\d/g, (d) => {
    seen++;
    return seen > 6 && seen <= digits - 4 ? '*' : d;
  });
}

/** Whether the digits are a card number, or begin with one (see above). */
function cardLike(digits: string): boolean {
  if (digits.length <= 19) return luhnValid(digits);
  for (let length = 13; length <= 19; length++) if (luhnValid(digits.slice(0, length))) return true;
  return false;
}

/** Every card number in the text masked to its first six and last four digits. */
export function maskCardNumbers(text: string): string {
  return text.replace(CANDIDATE, (candidate) => (cardLike(candidate.replace(/\D/g, '')) ? mask(candidate) : candidate));
}
