/**
 * A check of what the app wrote or served, independent of the masker's rules for telling a card number
 * from other digits: the text read through the one normaliser (NFKC, format characters dropped, any
 * script's digits as ASCII), every space or joining mark between two digits taken out, and every run of
 * 13 to 19 digits that then passes Luhn reported. UUIDs are set aside first (their digits, joined across
 * their dashes, are no card), and so are the two forms main/domain/cardNumbers.ts documents as never a
 * card: digits beginning with 0, 13 digits beginning with 1 (a time in milliseconds) and the protocol's
 * yyyyMMddHHmmss.
 */
import { luhnValid, normaliseCardText } from '../../main/domain/cardNumbers.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const JOINER = /(?<=\d)[\t\p{Zs}]{0,3}[\p{Pd}\p{Pc}./\\\u00b7]?[\t\p{Zs}]{0,3}(?=\d)/gu;

const dateTime14 = (run: string) =>
  run.length === 14 && /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([01]\d|2[0-3])[0-5]\d[0-5]\d$/.test(run);

/** Every card number (13 to 19 digits passing Luhn) in the text, however spelled; [] when there is none. */
export function cardNumbersIn(text: string): string[] {
  const joined = normaliseCardText(text).replace(UUID, 'uuid').replace(JOINER, '');
  return (joined.match(/\d+/g) ?? []).filter(
    (run) =>
      run.length >= 13 &&
      run.length <= 19 &&
      luhnValid(run) &&
      run[0] !== '0' &&
      !(run.length === 13 && run[0] === '1') &&
      !dateTime14(run),
  );
}
