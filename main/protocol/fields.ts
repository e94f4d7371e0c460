/**
 * The field types of the gateway's interface tables ("String [1..36]", "Integer [0..12]", YYYYMM, ...)
 * as zod schemas. One schema per rule, reused wherever the spec repeats it: the sandbox validates
 * requests with them and the gateway client validates before sending with the same ones.
 *
 * Every rule accepts the value as it arrives on the wire: form bodies carry strings only, JSON bodies
 * carry numbers and booleans too. A rule's output is the typed value (numbers for integers).
 *
 * A rule reports one of two problems, mirroring the gateway's error families:
 * - `missing`: the value is absent, or empty where the rule needs at least one character (code 4);
 * - a wrong value, with the spec's own type text as the message (code 5).
 */
import { z } from 'zod';

/** Issue message used for an absent mandatory value; every other message is the expected type. */
export const MISSING = 'missing';

/** Sentinel a parser returns when the value does not satisfy the rule. */
export const INVALID: unique symbol = Symbol('invalid');
type Parsed<T> = T | typeof INVALID;

/**
 * Builds a mandatory rule. `expected` is the spec's type text, used as the error message.
 * `In` is what a caller may pass (for typed requests); at run time any value is examined.
 */
export function rule<In, Out>(expected: string, parse: (value: unknown) => Parsed<Out>) {
  return z
    .custom<In>(() => true)
    .transform((value, ctx): Out => {
      if (value === undefined || value === null) {
        ctx.addIssue({ code: 'custom', message: MISSING });
        return z.NEVER;
      }
      const out = parse(value);
      if (out === INVALID) {
        ctx.addIssue({ code: 'custom', message: value === '' ? MISSING : expected });
        return z.NEVER;
      }
      return out;
    });
}

/**
 * Makes a rule optional. An empty string counts as absent, as the gateway treats a parameter sent
 * with no value: many merchant integrations send every optional field, blank or not.
 */
export function optional<T extends z.ZodType>(schema: T): z.ZodOptional<T> {
  // Typed as the plain optional it behaves as, so that callers see the rule's own input type.
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional()) as unknown as z.ZodOptional<T>;
}

/** Length in Unicode code points, which is what a "character" means to the gateway's tables. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** String [min..max]; `pattern` narrows the alphabet where the spec says "digits only" and the like. */
export function str(min: number, max: number, pattern?: RegExp, expected?: string) {
  const text = expected ?? (pattern ? `String [${min}..${max}] of the allowed characters` : `String [${min}..${max}]`);
  return rule<string, string>(text, (value) => {
    if (typeof value !== 'string') return INVALID;
    const n = charLength(value);
    if (n < min || n > max) return INVALID;
    if (pattern && !pattern.test(value)) return INVALID;
    return value;
  });
}

/** String [n]: exactly n characters (for example currency "643"). */
export function fixed(n: number, pattern?: RegExp, expected?: string) {
  return rule<string, string>(expected ?? `String [${n}]`, (value) => {
    if (typeof value !== 'string' || charLength(value) !== n) return INVALID;
    if (pattern && !pattern.test(value)) return INVALID;
    return value;
  });
}

/** The digits of a non-negative integer written on the wire, or INVALID. */
function integerDigits(value: unknown): Parsed<string> {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? String(value) : INVALID;
  }
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return value;
  return INVALID;
}

/**
 * Integer [min..max]: a non-negative integer of min to max digits. Leading zeros count as digits,
 * as they do on the wire. Only rules of at most 15 digits exist as numbers so that every accepted
 * value is exact; longer ones use {@link bigDigits}.
 */
export function digits(min: number, max: number) {
  if (max > 15) throw new Error(`Integer [${min}..${max}] does not fit a double exactly; use bigDigits`);
  return rule<number | string, number>(`Integer [${min}..${max}]`, (value) => {
    const text = integerDigits(value);
    if (text === INVALID || text.length < min || text.length > max) return INVALID;
    return Number(text);
  });
}

/** Integer [min..max] for the few fields wider than a double holds exactly (itemPrice is 18 digits). */
export function bigDigits(min: number, max: number) {
  return rule<number | string, bigint>(`Integer [${min}..${max}]`, (value) => {
    const text = typeof value === 'bigint' ? String(value) : integerDigits(value);
    if (text === INVALID || text.length < min || text.length > max) return INVALID;
    return BigInt(text);
  });
}

/** A whole number in a closed range, written in digits (recurringFrequency is 1..28). */
export function intRange(min: number, max: number, expected: string) {
  return rule<number | string, number>(expected, (value) => {
    const text = integerDigits(value);
    if (text === INVALID || text.length > 15) return INVALID;
    const n = Number(text);
    return n >= min && n <= max ? n : INVALID;
  });
}

/** Card expiry or binding expiry, YYYYMM with a real month. */
export const yyyymm = rule<number | string, string>('YYYYMM', (value) => {
  const text = integerDigits(value);
  if (text === INVALID || !/^[0-9]{4}(0[1-9]|1[0-2])$/.test(text)) return INVALID;
  return text;
});

/** A calendar date YYYYMMDD that exists (recurringExpiry, payerBirthday). */
export const yyyymmdd = rule<number | string, string>('YYYYMMDD', (value) => {
  const text = integerDigits(value);
  if (text === INVALID || !/^[0-9]{8}$/.test(text)) return INVALID;
  return isRealDate(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))) ? text : INVALID;
});

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** yyyy-MM-ddTHH:mm:ss, a real date and time (expirationDate, autocompletionDate, orderCreationDate). */
export const dateTime19 = rule<string, string>('String [19], format yyyy-MM-ddTHH:mm:ss', (value) => {
  if (typeof value !== 'string') return INVALID;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return INVALID;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return INVALID;
  return value;
});

/**
 * YYYYMMDDHHmmss, a real date and time (getLastOrdersForMerchants.do's window), read as UTC as every other
 * date the sandbox takes (sandbox choice: the interface says "gateway time" and names no zone). The output
 * is epoch milliseconds, the form every date of the answers has.
 */
export const dateTime14 = rule<string, number>('String [14], format YYYYMMDDHHmmss', (value) => {
  const text = typeof value === 'number' ? integerDigits(value) : value;
  if (typeof text !== 'string') return INVALID;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return INVALID;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return INVALID;
  return Date.UTC(year, month - 1, day, hour, minute, second);
});

/** A time (epoch ms) as dateTime14 reads it: YYYYMMDDHHmmss in UTC, to the second. */
export function formatDateTime14(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

/** Boolean as JSON true/false or the form words "true"/"false". */
export const bool = rule<boolean | 'true' | 'false', boolean>('Boolean', (value) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return INVALID;
});

/** One of a fixed set of words. */
export function oneOf<const T extends string>(values: readonly T[], expected?: string) {
  return rule<T, T>(expected ?? `one of ${values.join(', ')}`, (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : INVALID,
  );
}

/** A phone number: country code required, optional leading + or 00, then 7 to 15 digits. */
export const phone = rule<string, string>('String [7..15]: 7 to 15 digits, optional leading + or 00', (value) => {
  if (typeof value !== 'string') return INVALID;
  const m = /^(\+)?([0-9]+)$/.exec(value);
  if (!m) return INVALID;
  const digits = m[2]!;
  const fits = (n: number) => n >= 7 && n <= 15;
  // A leading 00 may be the international prefix or part of the number; either reading may make it valid.
  const valid = m[1] ? fits(digits.length) : fits(digits.length) || (digits.startsWith('00') && fits(digits.length - 2));
  return valid ? value : INVALID;
});

/**
 * A nested block. Form bodies carry it as a JSON string; JSON bodies carry the object itself.
 * The shape's own rules then apply, with the block name leading every reported path.
 */
export function block<T extends z.ZodType>(shape: T): z.ZodType<z.output<T>, z.input<T> | string> {
  // Typed by the block's own shape (or its JSON text), which is what the preprocessing accepts.
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'a JSON object', input: value });
      return z.NEVER;
    }
  }, shape) as unknown as z.ZodType<z.output<T>, z.input<T> | string>;
}

/** A free-form object of name/value attributes (jsonParams): string values, or numbers and booleans. */
export const attributes = block(
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), { error: 'an object of name/value attributes' }),
);
