/**
 * Zod's ahead-of-time compilation (z.compile) of the schemas the client checks on every request, made
 * once per schema for the whole process.
 *
 * Why: every request is checked against its endpoint's request schema and every answer against its
 * answer schema, and zod's interpreter walks the schema tree node by node on each parse, which was most
 * of the client's own CPU cost per request. A compiled schema first runs one flat generated function;
 * only when that says "invalid" does it fall back to the interpreter, which then produces the issues.
 * Zod documents the compiled schema as giving identical results and identical errors, and tests its
 * whole suite both ways; test/gateway/compiled.test.ts checks the agreement on our own schemas.
 *
 * Compiling costs up to tens of milliseconds for the largest request schemas, so it happens on first use
 * rather than when the module loads.
 */
import { z } from 'zod';

const cache = new WeakMap<z.ZodType, z.ZodType>();

/** The compiled clone of a schema (made on the first call, then reused); parses exactly as `schema` does. */
export function compiled<T extends z.ZodType>(schema: T): T {
  let clone = cache.get(schema);
  if (clone === undefined) {
    // z.compile never throws: a schema it cannot model comes back unchanged, on the interpreter.
    clone = z.compile(schema);
    cache.set(schema, clone);
  }
  return clone as T;
}
