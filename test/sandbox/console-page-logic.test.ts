/**
 * The developer console page's own logic, in Node: its modules are plain browser ES modules (type-checked on
 * their own through tsconfig.console.json) whose pure functions load here as they are. What they must not
 * drift from is the sandbox itself: the currencies and their decimals, and the sentence a fault rule gets
 * once armed, which the page's form says before arming.
 */
import { describe, expect, it } from 'vitest';
import { describeFault } from '../../main/sandbox/console/faultWords.js';
import { CURRENCIES as SANDBOX_CURRENCIES } from '../../main/sandbox/engine/currencies.js';
import { FAULT_MODES } from '../../main/sandbox/http/faults.js';

type Amount = { ok: true; minor: number } | { ok: false; error: string };
interface Draft {
  path: string;
  mode: string;
  count: number;
  status: number;
  retryAfterSec: number;
  latencyMs: number;
}
// Loaded by path; the casts give the plain modules the types their JSDoc declares.
const dom = (await import('../../resources/sandbox-console/dom.js' as string)) as {
  CURRENCIES: Record<string, { code: string; exponent: number }>;
  money(minor: number, currency: string): string;
  parseAmount(text: string, currency: string): Amount;
};
const faults = (await import('../../resources/sandbox-console/faults.js' as string)) as { previewRule(draft: Draft): string };
const orders = (await import('../../resources/sandbox-console/orders.js' as string)) as {
  actionsFor(order: { status: number; twoPhase: boolean; refundedAmount: number; depositedAmount: number }): string[];
};

describe('the console page: money', () => {
  it('knows every currency the sandbox accepts, with the same number of decimals', () => {
    expect(Object.fromEntries(Object.entries(dom.CURRENCIES).map(([k, v]) => [k, v.exponent]))).toEqual(SANDBOX_CURRENCIES);
  });

  it('shows minor units in major units by the currency’s decimals', () => {
    expect(dom.money(2_499, '643')).toBe('RUB 24.99');
    expect(dom.money(5, '643')).toBe('RUB 0.05');
    expect(dom.money(123_456_789, '840')).toBe('USD 1,234,567.89');
    expect(dom.money(1_500, '392')).toBe('JPY 1,500');
    expect(dom.money(1_005, '048')).toBe('BHD 1.005');
    expect(dom.money(1_005, '999')).toBe('1005 minor units of currency 999');
  });

  it('reads a typed amount into integer minor units without floating point, or says why not', () => {
    expect(dom.parseAmount('10.00', '643')).toEqual({ ok: true, minor: 1_000 });
    expect(dom.parseAmount('0.29', '643')).toEqual({ ok: true, minor: 29 }); // 0.29 * 100 is 28.999… in floating point
    expect(dom.parseAmount('1,234.5', '840')).toEqual({ ok: true, minor: 123_450 });
    expect(dom.parseAmount('1.005', '048')).toEqual({ ok: true, minor: 1_005 });
    expect(dom.parseAmount('1500', '392')).toEqual({ ok: true, minor: 1_500 });
    expect(dom.parseAmount('10.005', '643')).toEqual({ ok: false, error: 'Write the amount in RUB with at most 2 decimals, e.g. 12.50' });
    expect(dom.parseAmount('1.5', '392')).toEqual({ ok: false, error: 'Write the amount in whole JPY' });
    expect(dom.parseAmount('0', '643')).toEqual({ ok: false, error: 'The amount must be more than RUB 0' });
    expect(dom.parseAmount('-1', '643').ok).toBe(false);
    expect(dom.parseAmount('1e3', '643').ok).toBe(false);
    expect(dom.parseAmount('99999999999999999', '643').ok).toBe(false);
  });
});

describe('the console page: what the fault form says before arming', () => {
  it('is the sentence the sandbox gives the rule once armed, for every mode, count, delay and endpoint', () => {
    for (const mode of FAULT_MODES)
      for (const count of [0, 1, 2])
        for (const latencyMs of [0, 250])
          for (const path of ['*', '/payment/rest/register.do', '/payment/google/payment.do']) {
            const draft = { path, mode, count, status: 502 as const, retryAfterSec: 7, latencyMs };
            expect(faults.previewRule(draft), JSON.stringify(draft)).toBe(describeFault({ ...draft, skip: 0, seen: 0, applied: 0 }));
          }
  });
});

describe('the console page: the moves an order offers', () => {
  const order = (status: number, more: Partial<{ twoPhase: boolean; refundedAmount: number; depositedAmount: number }> = {}) => ({
    status,
    twoPhase: false,
    refundedAmount: 0,
    depositedAmount: 0,
    ...more,
  });
  it('follow the life cycle', () => {
    expect(orders.actionsFor(order(0))).toEqual(['pay', 'decline', 'expire']);
    expect(orders.actionsFor(order(5, { twoPhase: true }))).toEqual(['pay', 'hold', 'decline', 'expire']);
    expect(orders.actionsFor(order(1, { twoPhase: true }))).toEqual(['deposit', 'reverse']);
    expect(orders.actionsFor(order(2, { depositedAmount: 1_000, refundedAmount: 400 }))).toEqual(['refund']);
    for (const final of [3, 4, 6]) expect(orders.actionsFor(order(final))).toEqual([]);
  });
});
