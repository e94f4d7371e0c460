/**
 * What counts as a card number wherever the app masks one or refuses one (main/domain/cardNumbers.ts): the
 * one normaliser and the one masker. Examples first, then properties (fast-check): card numbers in every
 * spelling people paste (non-breaking, narrow and thin spaces, dots, `_`, `/`, dashes, full-width digits,
 * zero-width and bidi characters, 4-8-4 groups, pairs of digits) inside prose and identifiers are masked;
 * the dates, UUIDs and references the app relies on are left as they are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holdsCardNumber,
  luhnValid,
  maskCardField,
  maskCardNumbers,
  maskCardNumbersIn,
  normaliseCardText,
} from '../../main/domain/cardNumbers.js';
import { formatDateTime14 } from '../../main/protocol/fields.js';

/** Each text as pasted, and as the masker writes it. */
function expectMasked(examples: readonly (readonly [text: string, masked: string])[]): void {
  for (const [text, masked] of examples) expect(maskCardNumbers(text), text).toBe(masked);
}

describe('maskCardNumbers: examples', () => {
  it('masks 13 to 19 digits that pass Luhn, whole or in printed groups, to the first six and last four', () => {
    expectMasked([
      ['card 4111111111111111 declined', 'card 411111******1111 declined'],
      ['4111 1111 1111 1111', '4111 11** **** 1111'],
      ['4111-1111-1111-1111', '4111-11**-****-1111'],
      ['3782 822463 10005', '3782 82**** *0005'],
      ['4222222222222', '422222***2222'],
    ]);
  });

  it('leaves numbers that fail Luhn readable: long orderNumbers are not card numbers', () => {
    for (const text of [
      '2026112300000001',
      '4111111111111112',
      '123456789012',
      'INV-2026-000000000017',
      'seed-1627751397641903',
      // Luhn holds of these, but no card number begins with 0.
      'BO-20261102-0000000000000000',
      'INV-0000000000000017',
    ])
      expect(maskCardNumbers(text)).toBe(text);
  });

  it('masks a longer run of digits that begins with a card number (the card pasted with its expiry and code)', () => {
    expectMasked([
      ['41111111111111111230123', '411111*************0123'],
      ['card: 4111111111111111 12/30', 'card: 411111******1111 12/30'],
      ['4111111111111111/12', '411111******1111/12'],
      ['orders 1-100', 'orders 1-100'],
    ]);
  });

  it('masks a card number inside an identifier too: the orderNumber a gateway lists is stored and shown', () => {
    expectMasked([
      ['seed-4111111111111111', 'seed-411111******1111'],
      ['ORD4111111111111111', 'ORD411111******1111'],
      ['INV/4111111111111111', 'INV/411111******1111'],
      ['a_4111111111111111x', 'a_411111******1111x'],
      ['INV-4111-1111-1111-1111', 'INV-4111-11**-****-1111'],
      ['(4111111111111111), "4111111111111111".', '(411111******1111), "411111******1111".'],
    ]);
  });

  it('reads the spellings people paste: NBSP, narrow NBSP, dots, _, /, full-width digits, zero-width characters, 4-8-4, pairs', () => {
    expectMasked([
      ['4111\u00a01111\u00a01111\u00a01111', '4111 11** **** 1111'],
      ['4111\u202f1111\u202f1111\u202f1111', '4111 11** **** 1111'],
      ['4111\u20091111\u20091111\u20091111', '4111 11** **** 1111'],
      ['4111.1111.1111.1111', '4111.11**.****.1111'],
      ['4111_1111_1111_1111', '4111_11**_****_1111'],
      ['4111/1111/1111/1111', '4111/11**/****/1111'],
      ['４１１１ １１１１ １１１１ １１１１', '4111 11** **** 1111'],
      ['4111\u200b1111\u200d1111\u20601111\ufeff', '411111******1111\ufeff'],
      ['x 4\u202e111111111111111\u202c y', 'x 411111******1111\u202c y'],
      ['4111 11111111 1111', '4111 11****** 1111'],
      ['41 11 11 11 11 11 11 11', '41 11 11 ** ** ** 11 11'],
      ['refund 4111 - 1111 - 1111 - 1111, thanks', 'refund 4111 - 11** - **** - 1111, thanks'],
      ['٤١١١١١١١١١١١١١١١', '411111******1111'],
    ]);
  });

  it('leaves the dates, times, UUIDs and references the app relies on as they are', () => {
    for (const text of [
      '20260115103000',
      formatDateTime14(Date.UTC(2026, 0, 15, 10, 30)),
      '2026-01-15T10:30:00.000Z',
      '2026-01-15 10:30:00',
      '15.01.2026 10:30',
      '2026-01-15-2026-02-15',
      '1767225600000',
      '12345678-1234-4123-8123-123456789012',
      '41111111-1111-4111-9111-111111111111',
      'BO-20260115-4111111abcdef123',
      'BO-12345678-1234-4123-8123-123456789',
      'B123456789012-12345',
      '+7 912 345-67-89',
      '192.168.100.200:8080',
      'AB:12:34:56:78:90:12:34:56:78:90:CD',
    ])
      expect(maskCardNumbers(text), text).toBe(text);
  });

  it("masks a card field (a gateway's pan or maskedPan) to six and four digits whether or not it passes Luhn", () => {
    expect(maskCardField('4111111111111112')).toBe('411111******1112');
    expect(maskCardField('4111111111111111')).toBe('411111******1111');
    expect(maskCardField('４１１１１１１１１１１１１１１１')).toBe('411111******1111');
    expect(maskCardField('4111 1111 1111 1111')).toBe('4111 11** **** 1111');
    for (const masked of ['411111**1111', '411111******1111', '4111 11** **** 1111', '1111']) expect(maskCardField(masked)).toBe(masked);
  });

  it('masks every string of plain data, keys too, and gives back the same object when nothing changed', () => {
    const clean = { a: ['x', 1, { b: 'y' }], n: 4111111111111111 };
    expect(maskCardNumbersIn(clean)).toBe(clean);
    expect(maskCardNumbersIn({ a: ['x', { b: 'pan 4111111111111111' }], '4111111111111111': true, n: 5 })).toEqual({
      a: ['x', { b: 'pan 411111******1111' }],
      '411111******1111': true,
      n: 5,
    });
  });
});

// ---- properties ---------------------------------------------------------------------------------------

/** Issuer prefixes and lengths of real card schemes (Visa, Mastercard, Mir, Amex, Diners, Discover, JCB, UnionPay, Maestro). */
const SCHEMES: readonly (readonly [string, readonly number[]])[] = [
  ['4', [13, 16, 19]],
  ['51', [16]],
  ['55', [16]],
  ['2221', [16]],
  ['2720', [16]],
  ['2200', [16, 17, 18, 19]],
  ['34', [15]],
  ['37', [15]],
  ['36', [14]],
  ['300', [14]],
  ['6011', [16, 19]],
  ['65', [16]],
  ['35', [16, 19]],
  ['62', [16, 17, 18, 19]],
  ['6759', [13, 16, 19]],
];

/** The check digit that makes `body` pass Luhn. */
function checkDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return String(d);
  throw new Error('unreachable');
}

const cardNumber = fc
  .tuple(fc.constantFrom(...SCHEMES), fc.nat(), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 19 }))
  .map(([[prefix, lengths], pick, digits]) => {
    const length = lengths[pick % lengths.length]!;
    const body = prefix + digits.join('').slice(0, length - 1 - prefix.length);
    return body + checkDigit(body);
  });

/** How people write a card number's groups: whole, 4-4-4-4(-rest), 4-6-rest, 4-8-rest, pairs, one digit at a time. */
function layout(length: number, kind: number): number[] {
  const rest = (sizes: number[]) => {
    const used = sizes.reduce((a, b) => a + b, 0);
    return used < length ? [...sizes, length - used] : sizes;
  };
  switch (kind) {
    case 0:
      return [length];
    case 1:
      return rest(Array.from({ length: Math.floor(length / 4) }, () => 4));
    case 2:
      // Amex's 4-6-5 and Diners' 4-6-4; longer numbers are not written so.
      return length <= 18 ? rest([4, 6]) : rest([4, 4, 4, 4]);
    case 3:
      return length >= 14 ? rest([4, 8]) : rest([4, 6]);
    case 4:
      return rest(Array.from({ length: Math.floor(length / 2) }, () => 2));
    default:
      return Array.from({ length }, () => 1);
  }
}

const JOINERS = [' ', '\u00a0', '\u202f', '\u2009', '\u3000', '.', '_', '/', '-', ' - ', '\u2013', '\u2011', '\uff0e', '\\', '  '];
const FORMAT_CHARACTERS = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u202c', '\u2066', '\u2069'];

/** A digit as written: ASCII, full-width, Arabic-Indic or mathematical bold. */
function digitAs(d: string, script: number): string {
  const v = d.charCodeAt(0) - 48;
  return [d, String.fromCharCode(0xff10 + v), String.fromCharCode(0x0660 + v), String.fromCodePoint(0x1d7ce + v)][script]!;
}

interface Spelled {
  readonly digits: string;
  readonly text: string;
  readonly grouped: boolean;
}

const spelledCard = fc
  .record({
    digits: cardNumber,
    layout: fc.integer({ min: 0, max: 5 }),
    joiner: fc.constantFrom(...JOINERS),
    script: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 19, maxLength: 19 }),
    mixedScripts: fc.boolean(),
    invisible: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FORMAT_CHARACTERS)), { maxLength: 4 }),
  })
  .map(({ digits, layout: kind, joiner, script, mixedScripts, invisible }): Spelled => {
    const sizes = layout(digits.length, kind);
    let at = 0;
    const groups = sizes.map((size) => {
      const group = [...digits.slice(at, at + size)].map((d, i) => digitAs(d, mixedScripts ? script[at + i]! : script[0]!)).join('');
      at += size;
      return group;
    });
    const chars = [...groups.join(joiner)];
    for (const [where, ch] of invisible) chars.splice(where % (chars.length + 1), 0, ch);
    return { digits, text: chars.join(''), grouped: sizes.length > 1 };
  });

const word = fc.stringMatching(/^[A-Za-zА-Яа-я]{1,8}$/);
const prose = fc.array(word, { maxLength: 5 }).map((words) => words.join(' '));

/** The card inside prose, or inside an identifier (glued to its letters when written whole). */
const cardInText = fc
  .record({
    card: spelledCard,
    before: prose,
    after: prose,
    identifier: fc.boolean(),
    prefix: word,
    suffix: fc.option(word, { nil: undefined }),
    separator: fc.constantFrom('-', '_', '/', '.', ''),
  })
  .map(({ card, before, after, identifier, prefix, suffix, separator }) => {
    // A grouped number glued to a letter is not told from an identifier's parts (see cardNumbers.ts).
    const sep = card.grouped && separator === '' ? '-' : separator;
    const inner = identifier ? `${prefix}${sep}${card.text}${suffix ? `${sep}${suffix}` : ''}` : card.text;
    return { card, text: `${before} ${inner} ${after}`.trim() };
  });

/** The digits of a text read as the masker reads it, with every joiner between two digits taken out. */
const joinedDigits = (text: string) =>
  normaliseCardText(text).replace(/(?<=[\d*])[\t\p{Zs}]{0,3}[\p{Pd}\p{Pc}./\\\u00b7]?[\t\p{Zs}]{0,3}(?=[\d*])/gu, '');

/** Every run of 13 to 19 digits passing Luhn in a text, read so (an independent check of the masker's output). */
function luhnRuns(text: string): string[] {
  return (joinedDigits(text).match(/\d+/g) ?? []).filter((run) => run.length >= 13 && run.length <= 19 && luhnValid(run));
}

describe('maskCardNumbers: properties', () => {
  it('masks a card number in every spelling, in prose and in identifiers: no whole one is left, first six and last four are', () => {
    fc.assert(
      fc.property(cardInText, ({ card, text }) => {
        const masked = maskCardNumbers(text);
        expect(joinedDigits(masked)).not.toContain(card.digits);
        expect(luhnRuns(masked)).toEqual([]);
        expect(holdsCardNumber(text)).toBe(true);
        expect(joinedDigits(masked)).toContain(`${card.digits.slice(0, 6)}${'*'.repeat(card.digits.length - 10)}${card.digits.slice(-4)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('masks several card numbers in one text, each whole', () => {
    fc.assert(
      fc.property(fc.array(cardInText, { minLength: 2, maxLength: 4 }), (parts) => {
        const masked = maskCardNumbers(parts.map((p) => p.text).join(' | '));
        for (const { card } of parts) expect(joinedDigits(masked)).not.toContain(card.digits);
        expect(luhnRuns(masked)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves every other character of the text as it was', () => {
    fc.assert(
      fc.property(cardInText, ({ text }) => {
        const masked = maskCardNumbers(text);
        // Only the card's own characters change: what is left of it and after it is the text's own.
        const strip = (s: string) => normaliseCardText(s).replace(/[\d*\s\p{Pd}\p{Pc}./\\]/gu, '');
        expect(strip(masked)).toBe(strip(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent, and what it gives back holds no card number, whatever the text', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789 -./_\u00a0\u200bx4١'.split(''), '\uff15'), maxLength: 80 });
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          cardInText.map((c) => c.text),
        ),
        (t) => {
          const once = maskCardNumbers(t);
          expect(maskCardNumbers(once)).toBe(once);
          expect(holdsCardNumber(once)).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves a text with fewer than 13 digits as it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (t) => {
        fc.pre((normaliseCardText(t.normalize('NFKC')).match(/\d/g) ?? []).length < 13);
        expect(maskCardNumbers(t)).toBe(t);
      }),
      { numRuns: 2000 },
    );
  });

  it('never changes a UUID, even one of digits only, nor the parts of one the app and the tests use as references', () => {
    // 33 characters: a refund's externalRefundId (store/operations.ts); 18: test/sandbox/client.ts uniqueNumber.
    const segment = (length: number) =>
      fc
        .tuple(fc.boolean(), fc.array(fc.integer({ min: 0, max: 15 }), { minLength: length, maxLength: length }))
        .map(([digitsOnly, values]) => values.map((v) => (digitsOnly ? v % 10 : v).toString(16)).join(''));
    const uuid = fc
      .tuple(segment(8), segment(4), segment(3), fc.constantFrom('8', '9', 'a', 'b'), segment(3), segment(12))
      .map(([a, b, c, v, d, e]) => `${a}-${b}-4${c}-${v}${d}-${e}`);
    fc.assert(
      fc.property(uuid, fc.constantFrom('', 'order-', 'BO-'), fc.constantFrom(18, 33, 36), (u, prefix, cut) => {
        expect(maskCardNumbers(u)).toBe(u);
        expect(maskCardNumbers(u.toUpperCase())).toBe(u.toUpperCase());
        const part = `${prefix}${u.slice(0, cut)}`;
        expect(maskCardNumbers(part)).toBe(part);
      }),
      { numRuns: 5000 },
    );
  });

  it("never changes the protocol's dates and times, nor times in milliseconds, nor the batch charges' references", () => {
    const when = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2099, 11, 31) });
    // Times in milliseconds of 2001 to 2033 (13 digits beginning with 1).
    const ms = fc.integer({ min: 1_000_000_000_000, max: 1_999_999_999_999 });
    fc.assert(
      fc.property(when, ms, fc.nat({ max: 99_999 }), fc.stringMatching(/^[0-9a-f]{12}$/), (t, millis, line, batch) => {
        const iso = new Date(t).toISOString();
        for (const text of [
          formatDateTime14(t),
          `from=${formatDateTime14(t)}&to=${formatDateTime14(t + 86_400_000)}`,
          iso,
          iso.slice(0, 19).replace('T', ' '),
          `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`,
          `${iso.slice(0, 10)}-${new Date(t + 86_400_000).toISOString().slice(0, 10)}`,
          String(millis),
          `at ${millis}`,
          `B${batch}-${line + 1}`,
        ])
          expect(maskCardNumbers(text), text).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });
});
