/**
 * A check of what the app wrote or served, independent of the masker's rules for telling a card number
 * from other digits: the text read through the one normaliser (NFKC, format characters dropped, any
 * script's digits as ASCII), every space or joining mark between two digits taken out, and every run of
 * 13 to 19 digits that then passes Luhn reported. UUIDs are set aside first (their digits, joined across
 * their dashes, are no card), and so are the two forms main/domain/cardNumbers.ts documents as never a
 * card: digits beginning with 0, 13 digits beginning with 1 (a time in milliseconds) and the protocol's
 * yyyyMMddHHmmss.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * A 16-digit card number in the spellings people paste: whole, in groups joined by a space, a non-breaking
 * space, a narrow non-breaking space, a thin space, a dot, `_`, `/`, ` - `; in full-width digits; with
 * zero-width characters; as 4-8-4 groups; as pairs of digits.
 */
export function cardSpellings(pan: string): string[] {
  const groups = (sizes: readonly number[], joiner: string) => {
    let at = 0;
    return sizes
      .map((n) => {
        const g = pan.slice(at, at + n);
        at += n;
        return g;
      })
      .join(joiner);
  };
  const fours = [4, 4, 4, 4];
  return [
    pan,
    groups(fours, ' '),
    groups(fours, '\u00a0'),
    groups(fours, '\u202f'),
    groups(fours, '\u2009'),
    groups(fours, '.'),
    groups(fours, '_'),
    groups(fours, '/'),
    groups(fours, ' - '),
    [...pan].map((d) => String.fromCharCode(0xff10 + Number(d))).join(''),
    groups(fours, '\u200b'),
    `${pan.slice(0, 3)}\u200d${pan.slice(3, 9)}\u2060${pan.slice(9)}`,
    groups([4, 8, 4], ' '),
    groups([2, 2, 2, 2, 2, 2, 2, 2], ' '),
  ];
}

/**
 * Every card number in the files of a folder and its subfolders, read as bytes (SQLite files, their -wal
 * and -shm files, exports), each text run of a file checked: `file: digits` for each found.
 */
export function cardNumbersInFolder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...cardNumbersInFolder(path));
    // UTF-8 (SQLite's text encoding); the binary parts between texts read as replacement characters.
    else for (const digits of cardNumbersIn(readFileSync(path).toString('utf8'))) found.push(`${path}: ${digits}`);
  }
  return found;
}
