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
import { CARDS } from '../sandbox/client.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const JOINER = /(?<=\d)[\t\p{Zs}]{0,3}[\p{Pd}\p{Pc}./\\\u00b7]?[\t\p{Zs}]{0,3}(?=\d)/gu;

/** The text with every spelling's separators between digits taken out, as `cardNumbersIn` reads it. */
const joinedDigits = (text: string) => normaliseCardText(text).replace(UUID, 'uuid').replace(JOINER, '');

const dateTime14 = (run: string) =>
  run.length === 14 && /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([01]\d|2[0-3])[0-5]\d[0-5]\d$/.test(run);

/** Every card number (13 to 19 digits passing Luhn) in the text, however spelled; [] when there is none. */
export function cardNumbersIn(text: string): string[] {
  return (joinedDigits(text).match(/\d+/g) ?? []).filter(
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

/** Every card number the tests pay with or paste: the sandbox's cards and the well-known test numbers. */
export const TEST_CARDS: readonly string[] = [...Object.values(CARDS), '5555555555554444'];

/**
 * Every card number in the files of a folder and its subfolders, read as bytes: `file: digits` for each
 * found. A text file (an export, a log) is checked for any card number. A binary file (an SQLite file, its
 * -wal and -shm) is checked for the given cards only, in any spelling: SQLite stores a row's text columns
 * back to back, so an order number ending in digits beside a masked card's first six reads as one run of
 * digits that passes Luhn one time in ten, which no card was.
 */
export function cardNumbersInFolder(folder: string, cards: readonly string[] = TEST_CARDS): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      found.push(...cardNumbersInFolder(path, cards));
      continue;
    }
    const bytes = readFileSync(path);
    // UTF-8 (SQLite's text encoding); the binary parts between texts read as replacement characters.
    const text = bytes.toString('utf8');
    const joined = bytes.includes(0) ? joinedDigits(text) : undefined;
    const digits = joined === undefined ? cardNumbersIn(text) : cards.filter((card) => joined.includes(card));
    for (const card of digits) found.push(`${path}: ${card}`);
  }
  return found;
}
