/**
 * Card numbers where none should be: support pastes one as an order number or a reason, a file carries one
 * in a description, a gateway answer quotes one in an orderNumber or sends `pan` without `maskedPan`. Every
 * row the app writes, every IPC result, every text sent to the gateway that a person typed, and everything
 * the sandbox's developer console serves goes through maskCardNumbers (or holdsCardNumber, where a typed
 * text is refused instead), which keeps the first six and last four digits, as the gateway masks them.
 *
 * This module is the bottom of main/ (main/domain): the store, the services, the gateway client, the IPC
 * layer and the sandbox all import it, and it imports nothing of theirs.
 *
 * How a text is read (normaliseCardText, one normaliser for every use): Unicode NFKC (full-width digits,
 * non-breaking, narrow and thin spaces, full-width punctuation become their plain forms), format characters
 * (\p{Cf}: zero-width spaces and joiners, soft hyphens, bidi controls) dropped, and a decimal digit of any
 * script read as its ASCII digit.
 *
 * What counts as a card number, in the text so read:
 *   - a run of 13 to 19 digits that passes Luhn's check, wherever it stands: alone, in prose, or glued into
 *     an identifier (`ORD4111111111111111`, `INV-4111111111111111`);
 *   - the same digits written in groups: two or more groups of at most 8 digits, joined by spaces (any
 *     Unicode space, at most three) or by one of `-` (any dash), `_`, `.`, `/`, `\`, `·` (up to three spaces
 *     either side), whatever the mix; the groups between the first and the last all of one length,
 *     and the first no longer than them (4-4-4-4, 4-4-4-4-3, 4-6-5, 4-6-4, 4-8-4, 4-4-4-1, pairs of digits,
 *     one digit at a time). A grouped number must not be glued to a letter at either end. These shapes are
 *     what people write; they are not what dates (2026-01-15, 15.01.2026), times, phone numbers, IP
 *     addresses, UUIDs (8-4-4-4-12: no digit run of a UUID can make one) or the app's own references look
 *     like, so those are never masked;
 *   - a run of more than 19 digits that begins with a card number (13 to 19 digits passing Luhn): a card
 *     pasted with its expiry or code glued after it; a long number that merely looks so is masked too, as
 *     the safer mistake.
 *
 * Not card numbers:
 *   - digits that fail Luhn's check: a mistyped card number is no usable card, and nine in ten of the long
 *     numeric orderNumbers merchants use fail it, so they stay readable for support;
 *   - digits beginning with 0: ISO/IEC 7812's industry 0 issues no cards, and zero-padded sequence numbers
 *     (`INV-0000000000000017`) are common in orderNumbers;
 *   - 14 digits that read as the protocol's date and time yyyyMMddHHmmss (protocol/fields.ts
 *     formatDateTime14) of the years 1900 to 2099: no 14-digit card begins with 19 or 20 (14-digit cards are
 *     Diners Club's, 30, 36, 38, 39);
 *   - 13 digits beginning with 1, a time in milliseconds (2001 to 2033): 13-digit cards begin with 4.
 *
 * A masked card keeps its first six and last four digits, the digits between become `*`; its joiners are
 * kept in their plain form (`4111 11** **** 1111`), format characters inside it dropped, and every other
 * character of the text is left exactly as it was.
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

const FORMAT = /\p{Cf}/u;
const DECIMAL = /\p{Nd}/u;
/** Plain ASCII (printable, tab, line breaks): read as it is, nothing to normalise. */
const ASCII_ONLY = /^[\t\n\r\x20-\x7f]*$/;
const BEYOND_ASCII = /[^\x20-\x7f]/;
const SPACE = /[\t\p{Zs}]/u;
const JOINER_MARK = /[\p{Pd}\p{Pc}./\\\u00b7]/u;
const GLUE = /[\p{L}\p{N}]/u;

/**
 * The ASCII digit a decimal digit of another script stands for. Unicode lays every script's digits out as
 * runs of ten from its zero (those NFKC leaves alone: checked over all of Unicode when this was written), so
 * the digit's value is its distance from the start of its run, modulo ten.
 */
const digitValues = new Map<number, string>();
function asciiDigit(cp: number): string {
  let value = digitValues.get(cp);
  if (value === undefined) {
    let start = cp;
    while (start > 0 && DECIMAL.test(String.fromCodePoint(start - 1))) start--;
    value = String((cp - start) % 10);
    digitValues.set(cp, value);
  }
  return value;
}

/** What each code point past ASCII met so far reads as (a text's alphabet is small; bounded all the same). */
const pieces = new Map<string, string>();

/** One code point as the masker reads it: dropped (a format character), or NFKC with every digit in ASCII. */
function normalisedPiece(ch: string): string {
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ch;
  let piece = pieces.get(ch);
  if (piece !== undefined) return piece;
  if (FORMAT.test(ch)) piece = '';
  else {
    piece = ch.normalize('NFKC');
    if (BEYOND_ASCII.test(piece)) {
      piece = Array.from(piece, (c) => (DECIMAL.test(c) && !(c >= '0' && c <= '9') ? asciiDigit(c.codePointAt(0)!) : c)).join('');
    }
  }
  if (pieces.size >= 65_536) pieces.clear();
  pieces.set(ch, piece);
  return piece;
}

/**
 * The text as every card check reads it: NFKC, format characters (\p{Cf}) dropped, decimal digits of any
 * script as ASCII digits. Spaces and punctuation between digit groups are left for the masker to judge.
 */
export function normaliseCardText(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  let out = '';
  for (const ch of text) out += normalisedPiece(ch);
  return out;
}

/** Counts ASCII digits, stopping at `enough`. */
function digitCount(text: string, enough: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < enough; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/**
 * What past ASCII can be read as a digit: numbers of every kind (\p{N}: full-width, other scripts', circled,
 * superscript) and the CJK compatibility signs NFKC spells with digits (㏠ is "1日"): checked over all of Unicode.
 */
const NUMERIC_BEYOND_ASCII = /[\p{N}\u3200-\u33ff]/u;

/** For each code unit past ASCII, 1 where it may read as a digit (surrogates always: their pair may); made once, when first needed. */
let numericUnits: Uint8Array | undefined;
function numericUnit(c: number): boolean {
  if (!numericUnits) {
    numericUnits = new Uint8Array(0x10000);
    for (let u = 0x80; u < 0x10000; u++)
      numericUnits[u] = (u >= 0xd800 && u <= 0xdfff) || NUMERIC_BEYOND_ASCII.test(String.fromCharCode(u)) ? 1 : 0;
  }
  return numericUnits[c] === 1;
}

/**
 * Whether the text has at least 13 decimal digits of any script once read as NFKC: short of that, no card
 * number, and the text is left as it is without reading it further (most texts: an orderNumber, a name).
 */
function mayHoldCard(text: string): boolean {
  // No code unit reads as more than three digits.
  if (text.length < 5) return false;
  let digits = 0;
  let beyond = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= 13) return true;
    } else if (c >= 0x80 && !beyond) beyond = numericUnit(c);
  }
  if (!beyond) return false;
  let n = 0;
  for (const ch of text.normalize('NFKC')) if (((ch >= '0' && ch <= '9') || (ch > '\x7f' && DECIMAL.test(ch))) && ++n >= 13) return true;
  return false;
}

/** The normalised text, and for each of its characters the original code point it came from. */
interface Reading {
  readonly text: string;
  /** Index in the original text of the code point each normalised character comes from (absent: ASCII, the same). */
  readonly origin?: readonly number[];
}

function read(text: string): Reading {
  if (ASCII_ONLY.test(text)) return { text };
  let out = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const piece = normalisedPiece(ch);
    for (let k = 0; k < piece.length; k++) origin.push(i);
    out += piece;
    i += ch.length;
  }
  return { text: out, origin };
}

interface Group {
  readonly start: number;
  readonly end: number;
}

/** Whether the text between two digit groups joins them: up to three spaces, or one mark with up to three either side. */
function isJoiner(text: string, from: number, to: number): boolean {
  if (to <= from || to - from > 7) return false;
  let mark = false;
  let spacesBefore = 0;
  let spacesAfter = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 9 || (c >= 0x80 && SPACE.test(text[i]!));
    if (space) {
      if (mark) spacesAfter++;
      else spacesBefore++;
    } else if (!mark && (c === 45 || c === 46 || c === 47 || c === 92 || c === 95 || (c >= 0x80 && JOINER_MARK.test(text[i]!))))
      mark = true;
    else return false;
  }
  return spacesBefore <= 3 && spacesAfter <= 3;
}

/** Whether the character at i is a letter or a digit (what glues a number into a word). */
function isGlue(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return GLUE.test(text[i]!);
}

/** The protocol's yyyyMMddHHmmss of 1900 to 2099. */
function isDateTime14(d: string): boolean {
  const n = (from: number, to: number) => Number(d.slice(from, to));
  const century = d.slice(0, 2);
  return (
    (century === '19' || century === '20') &&
    n(4, 6) >= 1 &&
    n(4, 6) <= 12 &&
    n(6, 8) >= 1 &&
    n(6, 8) <= 31 &&
    n(8, 10) <= 23 &&
    n(10, 12) <= 59 &&
    n(12, 14) <= 59
  );
}

/** Whether 13 to 19 digits are a card number (see above). */
function isCard(digits: string): boolean {
  if (digits[0] === '0') return false;
  if (digits.length === 14 && isDateTime14(digits)) return false;
  if (digits.length === 13 && digits[0] === '1') return false;
  return luhnValid(digits);
}

/** Whether a run of more than 19 digits begins with a card number. */
function beginsWithCard(digits: string): boolean {
  for (let length = 13; length <= 19; length++) if (isCard(digits.slice(0, length))) return true;
  return false;
}

/** The spans [start, end) of the normalised text that are card numbers. */
function cardSpans(text: string): Group[] {
  const groups: Group[] = [];
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      groups.push({ start: i, end: j });
      i = j;
    } else i++;
  }
  const spans: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    const first = groups[i]!;
    const firstLength = first.end - first.start;
    if (firstLength >= 13) {
      const digits = text.slice(first.start, first.end);
      if (firstLength <= 19 ? isCard(digits) : beginsWithCard(digits)) spans.push(first);
      continue;
    }
    if (firstLength > 8 || isGlue(text, first.start - 1)) continue;
    // The longest grouped card number that begins with this group.
    let digits = text.slice(first.start, first.end);
    let middle: number | undefined;
    let found: number | undefined;
    for (let j = i + 1; j < groups.length; j++) {
      const previous = groups[j - 1]!;
      const g = groups[j]!;
      if (!isJoiner(text, previous.end, g.start) || g.end - g.start > 8) break;
      if (j > i + 1) {
        // The group before this one is a middle group: all of them one length, the first no longer.
        const previousLength = previous.end - previous.start;
        if ((middle !== undefined && previousLength !== middle) || firstLength > previousLength) break;
        middle = previousLength;
      }
      digits += text.slice(g.start, g.end);
      if (digits.length > 19) break;
      const lastFits = middle !== undefined || firstLength <= g.end - g.start;
      if (digits.length >= 13 && lastFits && !isGlue(text, g.end) && isCard(digits)) found = j;
    }
    if (found !== undefined) {
      spans.push({ start: first.start, end: groups[found]!.end });
      i = found;
    }
  }
  return spans;
}

/** Texts longer than this are masked line by line: no card number spans a line break (no joiner is one). */
const LINE_BY_LINE = 64 * 1024;

/** One pass: every card number found masked. */
function maskOnce(text: string): string {
  if (!mayHoldCard(text)) return text;
  if (text.length > LINE_BY_LINE && text.includes('\n')) return text.split('\n').map(maskOnce).join('\n');
  const reading = read(text);
  const spans = cardSpans(reading.text);
  if (spans.length === 0) return text;
  const n = reading.text;
  const origin = reading.origin;
  let out = '';
  let copied = 0;
  for (const span of spans) {
    const digits = digitCount(n.slice(span.start, span.end), Infinity);
    let seen = 0;
    let masked = '';
    for (let k = span.start; k < span.end; k++) {
      const c = n.charCodeAt(k);
      if (c >= 48 && c <= 57) {
        seen++;
        masked += seen > 6 && seen <= digits - 4 ? '*' : n[k];
      } else masked += n[k];
    }
    if (!origin) {
      out += text.slice(copied, span.start) + masked;
      copied = span.end;
      continue;
    }
    // The original code points the span covers, whole: the first and the last character's code points.
    const from = origin[span.start]!;
    let head = '';
    for (let k = span.start - 1; k >= 0 && origin[k] === from; k--) head = n[k] + head;
    const lastOrigin = origin[span.end - 1]!;
    const to = lastOrigin + String.fromCodePoint(text.codePointAt(lastOrigin)!).length;
    // A code point read as several characters (⒈ as "1.") keeps what of it lies past the span.
    let tail = '';
    for (let k = span.end; k < n.length && origin[k] === lastOrigin; k++) tail += n[k];
    out += text.slice(copied, from) + head + masked + tail;
    copied = to;
  }
  return out + text.slice(copied);
}

/** Every card number in the text masked to its first six and last four digits (see above). */
export function maskCardNumbers(text: string): string {
  let out = maskOnce(text);
  if (out === text) return text;
  // Masking can leave a card number that overlapped the one masked (a group shared by both): mask until none is left.
  for (let next = maskOnce(out); next !== out; next = maskOnce(out)) out = next;
  return out;
}

/** Whether the text holds a card number: what a person typed is refused rather than kept masked. */
export function holdsCardNumber(text: string): boolean {
  return maskCardNumbers(text) !== text;
}

/**
 * A value that is a card number by its field (a gateway's `pan` or `maskedPan`, a card typed to search by):
 * at most its first six and last four digits shown, whether or not it passes Luhn's check. A value already
 * masked (ten digits or fewer) is left as it is.
 */
export function maskCardField(text: string): string {
  const n = normaliseCardText(text);
  const digits = digitCount(n, Infinity);
  if (digits <= 10) return text;
  let seen = 0;
  return n.replace(/\d/g, (d) => (++seen > 6 && seen <= digits - 4 ? '*' : d));
}

/**
 * A value with a card number masked in every string it holds, object keys included, at any depth: plain
 * data (IPC results, stored views, what the sandbox's console serves). The same object comes back when
 * nothing in it changed; numbers, booleans and anything that is not plain data are left as they are.
 */
export function maskCardNumbersIn<T>(value: T): T {
  return maskValue(value) as T;
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskCardNumbers(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const masked = maskValue(item);
      if (masked !== item) (copy ??= value.slice())[i] = masked;
    }
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    // A copy is made only from the first entry that changes.
    let copy: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = o[k];
      const key = maskCardNumbers(k);
      const masked = maskValue(v);
      if (copy === undefined && (key !== k || masked !== v)) {
        copy = {};
        for (let j = 0; j < i; j++) copy[keys[j]!] = o[keys[j]!];
      }
      if (copy !== undefined) copy[key] = masked;
    }
    return copy ?? value;
  }
  return value;
}
