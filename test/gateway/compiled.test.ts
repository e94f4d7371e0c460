/**
 * The client checks requests and answers with zod's compiled schemas (main/gateway/compiled.ts): a
 * generated fast check that accepts the common valid input without zod's interpreter, and falls back to
 * the interpreter otherwise. These properties hold the fast path to the interpreter's answers on random
 * inputs for every endpoint: whatever the compiled schema accepts, the schema accepts with the same
 * output, and what it refuses, the schema refuses with the same issues. And the client's request check
 * lists exactly the violations the schema, the credentials and the endpoint's parameter list give.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiled, CompiledWhenHot } from '../../main/gateway/compiled.js';
import { makePlan } from '../../main/gateway/plan.js';
import { requestViolations } from '../../main/gateway/requestCheck.js';
import * as R from '../../main/gateway/responses.js';
import { ALL_SPECS, SPECS, type EndpointSpec } from '../../main/protocol/endpoints.js';
import { toViolations, type FieldViolation } from '../../main/protocol/violations.js';
import { arbitraryFor } from './schemaArbitrary.js';

const ANSWERS = Object.entries(R as Record<string, unknown>).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType);
const REQUESTS = [...new Set(ALL_SPECS.map((s) => s.request))].map(
  (schema) => [ALL_SPECS.find((s) => s.request === schema)!.name, schema] as const,
);

/** Valid examples for the requests whose conditional rules (card data or a token, an expiry) random fields rarely meet. */
const SEEDS = new Map<z.ZodType, Record<string, unknown>[]>([
  [
    SPECS.paymentOrder.request,
    [
      { MDORDER: 'x', $PAN: '4111111111111111', $CVC: '123', $EXPIRY: '203012', TEXT: 'CARD HOLDER', language: 'en' },
      { MDORDER: 'x', $PAN: '4111111111111111', YYYY: '2030', MM: '12', tii: 'U', TEXT: 'CARD HOLDER', language: 'en' },
      { MDORDER: 'x', seToken: 'token', TEXT: 'CARD HOLDER', language: 'en' },
    ],
  ],
  [
    SPECS.instantPayment.request,
    [
      { amount: 100, returnUrl: 'https://shop.example/ok', pan: '4111111111111111', expiry: '203012', cvc: '123' },
      { amount: '100', returnUrl: 'https://shop.example/ok', bindingId: 'b' },
      { amount: 100, returnUrl: 'https://shop.example/ok', seToken: 'token' },
    ],
  ],
  [
    SPECS.getLastOrdersForMerchants.request,
    [
      { from: '20261101000000', to: '20261123235959', transactionStates: 'DEPOSITED,REFUNDED' },
      { from: '20261101000000', to: '20261102000000', transactionStates: 'CREATED', page: '2', size: '200', searchByCreatedDate: 'true' },
    ],
  ],
]);

/** The value's keys at every depth, in order, so that outputs are compared key order included. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.entries(value).map(([k, v]) => [k, keyOrder(v)]);
}

/** Runs `runs` random inputs per schema; returns how many of them the schema accepted. */
function agreement(name: string, schema: z.ZodType, runs: number): number {
  const fast = compiled(schema);
  let accepted = 0;
  fc.assert(
    fc.property(arbitraryFor(schema, SEEDS.get(schema)), (input) => {
      const reference = schema.safeParse(input);
      const result = fast.safeParse(input);
      expect(fast.validate(input), name).toBe(reference.success);
      expect(result.success, name).toBe(reference.success);
      if (reference.success) {
        accepted++;
        expect(result.data, name).toStrictEqual(reference.data);
        expect(keyOrder(result.data), name).toEqual(keyOrder(reference.data));
      } else {
        expect(result.error!.issues, name).toEqual(reference.error.issues);
      }
    }),
    { numRuns: runs },
  );
  return accepted;
}

describe('compiled schemas', () => {
  it('every request and answer schema has a compiled fast path', () => {
    for (const [name, schema] of [...REQUESTS, ...ANSWERS]) expect(compiled(schema), name).not.toBe(schema);
  });

  it('are used once hot: the interpreter for the first uses, then the compiled clone, shared by every client', () => {
    const schema = z.object({ a: z.string() });
    const first = new CompiledWhenHot(schema, 3);
    expect(first.schema).toBe(schema);
    expect(first.schema).toBe(schema);
    const hot = first.schema;
    expect(hot).not.toBe(schema);
    expect(first.schema).toBe(hot);
    expect(new CompiledWhenHot(schema, 3).schema).toBe(hot);
  });

  it('agree with the interpreter on random requests of every endpoint', () => {
    for (const [name, schema] of REQUESTS) {
      const accepted = agreement(name, schema, 300);
      // The inputs reach the accept path of every schema, not only its refusals.
      expect(accepted, `${name}: valid inputs among 300`).toBeGreaterThan(10);
    }
  });

  it('agree with the interpreter on random answers of every endpoint', () => {
    for (const [name, schema] of ANSWERS) {
      const accepted = agreement(name, schema, 500);
      expect(accepted, `${name}: valid inputs among 500`).toBeGreaterThan(100);
    }
  });

  it('agree on the benchmark endpoint with many more inputs', () => {
    expect(agreement('getOrderStatusExtended.do request', SPECS.getOrderStatusExtended.request, 5000)).toBeGreaterThan(500);
    expect(agreement('orderStatusView', R.orderStatusView, 5000)).toBeGreaterThan(500);
  });
});

describe('request check', () => {
  const TOKEN_REFUSED: FieldViolation = {
    path: 'userName',
    kind: 'wrong',
    rule: 'userName and password: this request does not accept a token',
  };

  /** What the client listed before it had a fast path: the schema's issues, the credentials, unknown parameters. */
  function reference(spec: EndpointSpec, params: Record<string, unknown>, authViolation?: FieldViolation): FieldViolation[] {
    const checked = spec.request.safeParse(params);
    const out = checked.success ? [] : toViolations(checked.error);
    if (authViolation) out.push(authViolation);
    const shape = (spec.request as unknown as { shape: Record<string, unknown> }).shape;
    for (const key in params) {
      if (!Object.hasOwn(shape, key) && params[key] !== undefined)
        out.push({ path: key, kind: 'wrong', rule: `not a parameter of ${spec.name}` });
    }
    return out;
  }

  it('lists exactly the violations of the schema, the credentials and the parameter list, compiled or not', () => {
    for (const spec of ALL_SPECS) {
      for (const [authViolation, compileAfter] of [
        [undefined, 0],
        [TOKEN_REFUSED, 0],
        [undefined, Number.POSITIVE_INFINITY],
      ] as const) {
        const plan = makePlan(spec, {
          baseUrl: 'http://gateway.test',
          answer: R.acknowledgement,
          signed: false,
          retryAttempts: 1,
          auth: authViolation ?? { userName: 'u', password: 'p' },
          encode: () => '',
          compileAfter,
        });
        fc.assert(
          fc.property(
            arbitraryFor(spec.request, SEEDS.get(spec.request)).filter(
              (p): p is Record<string, unknown> => p !== null && typeof p === 'object' && !Array.isArray(p),
            ),
            (params) => {
              expect(requestViolations(plan, params), spec.name).toEqual(reference(spec, params, authViolation));
            },
          ),
          { numRuns: 100 },
        );
      }
    }
  });
});
