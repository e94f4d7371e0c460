/**
 * Random inputs for a zod schema, for property tests that compare two ways of parsing it: values that
 * mostly follow the schema's shape (so that valid inputs are common, and every accept path is exercised)
 * mixed with values that break it at any depth. The field rules of main/protocol are opaque custom
 * checks, so their values come from a pool of wire values that satisfy many rules ("643", "en", "true",
 * dates, card numbers) and of near misses (empty, too long, negative, fractional, wrong type).
 */
import fc from 'fast-check';
import type { z } from 'zod';

const WIRE_VALUES = [
  '1',
  '100',
  '643',
  '0',
  'en',
  'x',
  'abc',
  'CARD HOLDER',
  'https://shop.example/ok',
  '62cca58f-60d0-4f91-b9f1-424cd4456796',
  '203012',
  '20301231',
  '2030-12-31T23:59:59',
  'true',
  'false',
  'FORCE_SSL',
  'CI',
  'F',
  'U',
  'C',
  '2.2.0',
  '4111111111111111',
  '123',
  '+79001234567',
  '{"a":"b"}',
  0,
  1,
  100,
  true,
  false,
  ['VERIFY'],
  { a: 'b' },
];

const NEAR_MISSES = [
  '',
  ' ',
  'x'.repeat(40),
  'é'.repeat(600),
  '203013',
  '2030-02-30T00:00:00',
  '{not json',
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  [],
  {},
  ['NOPE'],
];

/** Anything at all, small. */
const noise = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom<unknown>(...NEAR_MISSES, undefined));

const wire = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...WIRE_VALUES), weight: 6 },
  { arbitrary: fc.constantFrom<unknown>(...NEAR_MISSES), weight: 1 },
  { arbitrary: noise, weight: 1 },
);

const ABSENT = Symbol('absent');

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether an object key may be left out: an optional or defaulted field (through preprocessing pipes). */
function omittable(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') return true;
  if (def.type === 'pipe') return defOf(def.in!).type === 'transform' ? omittable(def.out!) : omittable(def.in!);
  return false;
}

function follow(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return fc.oneof(fc.constantFrom('', 'x', 'mdOrder', '643'), fc.string({ maxLength: 40 }));
    case 'number':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -0, 2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY));
    case 'boolean':
      return fc.boolean();
    case 'optional':
      return fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: conform(def.innerType!, depth), weight: 4 });
    case 'default':
      return fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: conform(def.innerType!, depth), weight: 4 });
    case 'nullable':
      return fc.oneof(fc.constant(null), conform(def.innerType!, depth));
    case 'union':
      return fc.oneof(...def.options!.map((o) => conform(o, depth)));
    case 'pipe':
      // A preprocessing step (optional(), block()) takes what its output schema takes; a transform what its input does.
      return defOf(def.in!).type === 'transform' ? conform(def.out!, depth) : conform(def.in!, depth);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(conform(def.element!, depth + 1), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.constantFrom('a', 'b', 'c'), conform(def.valueType!, depth + 1), { maxKeys: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      // Mandatory fields are mostly present; of the optional ones only a few at a time, so that valid objects
      // are common even where a schema has forty optional fields.
      const shape = Object.entries(def.shape!);
      const mandatory = shape.filter(([, field]) => !omittable(field));
      const optional = shape.filter(([, field]) => omittable(field)).map(([key]) => key);
      const present = (field: z.ZodType) =>
        fc.oneof({ arbitrary: fc.constant(ABSENT), weight: 1 }, { arbitrary: conform(field, depth + 1), weight: 8 });
      const fields = fc
        .tuple(
          fc.record(Object.fromEntries(mandatory.map(([key, field]) => [key, present(field)]))),
          fc
            .subarray(optional, { maxLength: Math.min(5, optional.length) })
            .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, conform(def.shape![key]!, depth + 1)])))),
        )
        .map(([m, o]) => ({ ...m, ...o }) as Record<string, unknown>);
      // Keys the schema does not name (stripped, passed through or refused), now and then.
      const extra = fc.oneof(
        { arbitrary: fc.constant({}), weight: 4 },
        { arbitrary: fc.dictionary(fc.constantFrom('errorCode', 'Extra', 'userName', 'zzz'), noise, { maxKeys: 2 }), weight: 1 },
      );
      return fc.tuple(fields, extra).map(([f, e]) => {
        const out: Record<string, unknown> = { ...e };
        for (const [k, v] of Object.entries(f)) if (v !== ABSENT) out[k] = v;
        return out;
      });
    }
    default:
      // custom (the field rules), transform, unknown, any: opaque, so wire values.
      return wire;
  }
}

/**
 * Mostly values of the schema's shape, sometimes anything. The pool's values that this very schema
 * accepts are drawn often too: the field rules are opaque, so this is how a field gets a valid value.
 */
function conform(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const valid = [...WIRE_VALUES, ...NEAR_MISSES].filter((v) => schema.safeParse(v).success);
  const shaped = follow(schema, depth);
  return fc.oneof(
    { arbitrary: valid.length > 0 ? fc.constantFrom(...valid) : shaped, weight: 6 },
    { arbitrary: shaped, weight: 6 },
    { arbitrary: noise, weight: 1 },
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Inputs for `schema`. `seeds` are valid examples for schemas whose conditional rules random fields
 * rarely satisfy (card data or a token, an expiry); they come back whole or with fields dropped, over
 * a random object of the schema's shape.
 */
export function arbitraryFor(schema: z.ZodType, seeds: readonly Record<string, unknown>[] = []): fc.Arbitrary<unknown> {
  const free = conform(schema, 0);
  if (seeds.length === 0) return free;
  const seeded = fc.tuple(fc.constantFrom(...seeds), free).chain(([seed, base]) => {
    const keys = Object.keys(seed);
    return fc.oneof(fc.constant(keys), fc.subarray(keys)).map((kept) => {
      const out: Record<string, unknown> = isRecord(base) ? { ...base } : {};
      for (const key of kept) out[key] = seed[key];
      return out;
    });
  });
  return fc.oneof(free, seeded);
}
