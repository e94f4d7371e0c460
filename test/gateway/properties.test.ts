import fc from 'fast-check';
import { escape } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { foldKeys, verdict } from '../../main/gateway/envelope.js';
import { GatewayClientError } from '../../main/gateway/errors.js';
import { interpret } from '../../main/gateway/interpret.js';
import { REDACTED, redact } from '../../main/gateway/redact.js';
import * as R from '../../main/gateway/responses.js';
import { retryDelay } from '../../main/gateway/retry.js';
import { ALL_SPECS } from '../../main/protocol/endpoints.js';
import { digits, phone, str, yyyymm } from '../../main/protocol/fields.js';

describe('field rules', () => {
  it('String [a..b] accepts exactly the strings of a to b characters', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.string({ unit: 'grapheme', maxLength: 40 }), (a, span, s) => {
        const min = Math.min(a, 5);
        const max = min + span;
        const n = [...s].length;
        expect(str(min, max).safeParse(s).success).toBe(n >= min && n <= max);
      }),
    );
  });

  it('Integer [a..b] accepts digit strings and non-negative integers of a to b digits, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^[0-9]{0,14}$/), fc.string({ maxLength: 8 }), fc.integer({ min: -1e6, max: 1e12 }), fc.double()),
        (value) => {
          const text = typeof value === 'number' ? String(value) : value;
          const expected = /^[0-9]{1,12}$/.test(text) && (typeof value === 'string' || (Number.isSafeInteger(value) && value >= 0));
          expect(digits(1, 12).safeParse(value).success).toBe(expected);
        },
      ),
    );
  });

  it('YYYYMM accepts real months only; phone numbers need 7 to 15 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2999 }), fc.integer({ min: 0, max: 13 }), (year, month) => {
        expect(yyyymm.safeParse(`${year}${String(month).padStart(2, '0')}`).success).toBe(month >= 1 && month <= 12);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('', '+', '00'), fc.stringMatching(/^[0-9]{1,20}$/), (prefix, number) => {
        const fits = (n: number) => n >= 7 && n <= 15;
        // Without '+', a leading 00 reads as the prefix or as digits of the number; either reading counts.
        const digits = prefix === '+' ? number : prefix + number;
        const valid = prefix === '+' ? fits(number.length) : fits(digits.length) || (digits.startsWith('00') && fits(digits.length - 2));
        expect(phone.safeParse(prefix + number).success).toBe(valid);
      }),
    );
  });
});

describe('response normaliser', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const envelope = fc.record(
    {
      errorCode: fc.oneof(fc.constantFrom('0', 0, '1', '5', 7, '', ' 0 '), fc.string({ maxLength: 3 })),
      errorMessage: fc.string({ maxLength: 20 }),
      success: fc.boolean(),
      error: fc.oneof(fc.boolean(), fc.string(), fc.record({ code: fc.string(), message: fc.string() })),
      orderId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.integer()),
      orderStatus: fc.oneof(json, fc.record({ OrderStatus: fc.integer(), orderStatus: fc.oneof(fc.integer(), fc.string()) })),
      bindings: fc.oneof(json, fc.array(fc.record({ bindingId: fc.oneof(fc.string(), fc.integer()) }))),
      data: fc.oneof(json, fc.record({ orderId: fc.oneof(fc.string(), fc.integer()) })),
    },
    { requiredKeys: [] },
  );
  const bodies = fc.oneof(
    envelope.map((e) => JSON.stringify(e)),
    json.map((j) => JSON.stringify(j)),
    fc.string({ maxLength: 50 }),
  );

  it('never throws, and fails only with the typed errors', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_SPECS),
        fc.constantFrom(200, 200, 200, 400, 404, 429, 500, 502, 503),
        bodies,
        fc.option(fc.string({ maxLength: 10 })),
        (spec, status, body, retryAfter) => {
          const schema = { 'register.do': R.registerResponse }[spec.name] ?? R.orderStatusView;
          const r = interpret(spec, schema, { status, headers: retryAfter === null ? {} : { 'retry-after': retryAfter }, body });
          if (!r.ok) {
            expect(r.error).toBeInstanceOf(GatewayClientError);
            // A payment without a usable answer is never reported as a plain failure.
            if (spec.kind === 'payment' && status >= 500) expect(r.error.outcomeUnknown).toBe(true);
            if (spec.kind !== 'payment') expect(r.error.outcomeUnknown).toBe(false);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('success wins when both success and errorCode are present', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (code) => {
        expect(verdict({ success: true, errorCode: code }).ok).toBe(true);
      }),
    );
    expect(verdict({ errorCode: 0 })).toEqual({ ok: true, stated: true });
    expect(verdict({ orderId: 'x' })).toEqual({ ok: true, stated: false });
    expect(verdict({ errorCode: '5', error: 'text' })).toEqual({ ok: false, errorCode: '5', message: 'text' });
    expect(verdict({ success: false, error: { code: '5', message: 'm', description: 'd' } })).toEqual({
      ok: false,
      errorCode: '5',
      message: 'm',
    });
  });
});

describe('key folding', () => {
  const key = fc.oneof(
    fc.constantFrom(
      'errorCode',
      'ErrorCode',
      'OrderStatus',
      'threeDSMethodURL',
      'URL',
      'uRL',
      'Url',
      'aURLb',
      'U',
      'UR',
      'UUR',
      'xURL',
      '',
    ),
    fc.string({ unit: fc.constantFrom('U', 'R', 'L', 'u', 'r', 'l', 'A', 'a', 'Z', '@', '['), maxLength: 6 }),
  );
  const answer = fc.object({ key, maxDepth: 3 });
  /** The rule, written plainly: a key is folded when it starts with a capital letter or holds "URL". */
  const clean = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.every(clean)
      : value === null || typeof value !== 'object'
        ? true
        : Object.entries(value).every(([k, v]) => !/^[A-Z]/.test(k) && !k.includes('URL') && clean(v));

  it('leaves an answer as parsed exactly when no key at any depth needs folding, and folds to a clean answer', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const folded = foldKeys(value);
        expect(folded === value).toBe(clean(value));
        expect(clean(folded)).toBe(true);
        expect(foldKeys(folded)).toBe(folded);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('form encoding', () => {
  it('querystring.escape, which the client encodes form bodies with, encodes exactly as encodeURIComponent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        expect(escape(text)).toBe(encodeURIComponent(text));
      }),
      { numRuns: 5000 },
    );
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = String.fromCharCode(code);
      if (escape(text) !== encodeURIComponent(text)) expect(escape(text)).toBe(encodeURIComponent(text));
    }
    // A lone surrogate cannot be encoded either way.
    expect(() => escape('\ud800')).toThrow(URIError);
  });
});

describe('retry timing', () => {
  it('waits at most the doubled delay (capped) and never less than Retry-After', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        fc.option(fc.nat(10_000)),
        (attempt, random, retryAfter) => {
          const options = { attempts: 5, baseDelayMs: 100, maxDelayMs: 5_000, maxRetryAfterMs: 30_000, random: () => random };
          const delay = retryDelay(options, attempt, retryAfter ?? undefined);
          expect(delay).toBeGreaterThanOrEqual(retryAfter ?? 0);
          expect(delay).toBeLessThanOrEqual(Math.max(5_000, retryAfter ?? 0));
        },
      ),
    );
  });
});

describe('redaction', () => {
  it('removes secrets and card data at any depth', () => {
    const value = {
      userName: 'u',
      password: 'p',
      nested: [{ $PAN: '4111111111111111', cvc: '123', ok: 'yes', seToken: 's' }],
      paymentToken: 't',
      Token: 'x',
    };
    const text = JSON.stringify(redact(value));
    for (const secret of ['"p"', '4111111111111111', '"123"', '"s"', '"t"', '"x"']) expect(text).not.toContain(secret);
    expect(text).toContain(REDACTED);
    expect(text).toContain('"yes"');
  });
});
