/**
 * Zod's ahead-of-time compilation (z.compile) of the schemas the client checks on every request, made
 * once per schema for the whole process, for the schemas in steady use.
 *
 * Why: every request is checked against its endpoint's request schema and every answer against its
 * answer schema, and zod's interpreter walks the schema tree node by node on each parse, which was most
 * of the client's own CPU cost per request. A compiled schema first runs one flat generated function;
 * only when that says "invalid" does it fall back to the interpreter, which then produces the issues.
 * Zod documents the compiled schema as giving identical results and identical errors, and tests its
 * whole suite both ways; test/gateway/compiled.test.ts checks the agreement on our own schemas.
 *
 * Compiling takes milliseconds, and tens of them for the largest request schemas (register.do,
 * paymentorder.do), which saves a couple of microseconds a parse: only a schema in steady use earns it
 * back. So a schema runs on the interpreter for its first uses and is compiled once it is hot; a
 * command-line call or an app's occasional payment never pays for compiling.
 */
import { z } from 'zod';

/** Parses of a schema (through one client) before it is compiled. */
export const COMPILE_AFTER = 1000;

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

/** A schema that is compiled once it has been used `after` times, or at once if it already has been. */
export class CompiledWhenHot<T extends z.ZodType> {
  private uses = 0;
  private current: T;
  private hot: boolean;

  constructor(
    private readonly source: T,
    private readonly after = COMPILE_AFTER,
  ) {
    const clone = cache.get(source) as T | undefined;
    this.hot = after <= 0 || clone !== undefined;
    this.current = this.hot ? (clone ?? compiled(source)) : source;
  }

  /** The schema to parse with now: the source until it is hot, then its compiled clone. */
  get schema(): T {
    if (!this.hot && ++this.uses >= this.after) {
      this.hot = true;
      this.current = compiled(this.source);
    }
    return this.current;
  }
}
