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

// The readers of each tab, with what the tests give them.
type Token = { reader: string; at: number };
interface Freshness {
  start(reader?: string): Token;
  update(key?: string): void;
  fresh(token: Token, key?: string): boolean;
  forget(): void;
}
type Get = (path: string) => Promise<unknown>;
interface Order {
  orderId: string;
  status: number;
}
interface Delivery {
  id: number;
  state: string;
}
interface Merchant {
  login: string;
  signatureRequired: boolean;
}
const fresh = (await import('../../resources/sandbox-console/fresh.js' as string)) as { createFreshness(): Freshness };
const orderReads = (await import('../../resources/sandbox-console/orders.js' as string)) as {
  readOrderList(shown: Map<string, Order>, f: Freshness, get: Get): Promise<boolean>;
  readOrder(f: Freshness, get: Get, orderId: string): Promise<Order | undefined>;
  takeOrderUpdate(shown: Map<string, Order>, f: Freshness, o: Order): void;
};
const callbackReads = (await import('../../resources/sandbox-console/callbacks.js' as string)) as {
  readCallbacks(shown: Map<number, Delivery>, f: Freshness, get: Get): Promise<boolean>;
};
const clockReads = (await import('../../resources/sandbox-console/clock.js' as string)) as {
  readClock(f: Freshness, get: Get): Promise<{ now: number; offsetMs: number } | undefined>;
  readMerchants(shown: Map<string, Merchant>, f: Freshness, get: Get): Promise<boolean>;
};

/**
 * Each tab's reads race the live feed: an answer that comes back after a live update of what it read is
 * older than what is shown, and must not be painted over it (resources/sandbox-console/fresh.js).
 */
describe('the console page: a read that answers after a live update', () => {
  /** A control API whose answers the test gives, in the order it chooses. */
  function api() {
    const asked: { path: string; answer(body: unknown): void }[] = [];
    const get: Get = (path) => new Promise((resolve) => asked.push({ path, answer: resolve }));
    return { get, asked };
  }

  it('Orders: the list keeps an order changed while it was read, and takes the rest', async () => {
    const f = fresh.createFreshness();
    const shown = new Map<string, Order>([['a', { orderId: 'a', status: 0 }]]);
    const { get, asked } = api();
    const reading = orderReads.readOrderList(shown, f, get);
    orderReads.takeOrderUpdate(shown, f, { orderId: 'a', status: 2 }); // paid while the list was read
    asked[0]!.answer({
      orders: [
        { orderId: 'a', status: 0 },
        { orderId: 'b', status: 6 },
      ],
    });
    expect(await reading).toBe(true);
    expect(shown.get('a')?.status).toBe(2);
    expect(shown.get('b')?.status).toBe(6);

    // A list that answers after a later read of it is dropped whole.
    const first = orderReads.readOrderList(shown, f, get);
    const second = orderReads.readOrderList(shown, f, get);
    asked[2]!.answer({ orders: [{ orderId: 'b', status: 4 }] });
    expect(await second).toBe(true);
    asked[1]!.answer({ orders: [{ orderId: 'b', status: 6 }] });
    expect(await first).toBe(false);
    expect(shown.get('b')?.status).toBe(4);
  });

  it('Orders: the selected order read back after a live update of it is dropped; of another order, shown', async () => {
    const f = fresh.createFreshness();
    const shown = new Map<string, Order>();
    const { get, asked } = api();
    const stale = orderReads.readOrder(f, get, 'a');
    orderReads.takeOrderUpdate(shown, f, { orderId: 'a', status: 4 });
    asked[0]!.answer({ order: { orderId: 'a', status: 2 } });
    expect(await stale).toBeUndefined();
    expect(shown.get('a')?.status).toBe(4);

    const current = orderReads.readOrder(f, get, 'a');
    orderReads.takeOrderUpdate(shown, f, { orderId: 'b', status: 2 });
    asked[1]!.answer({ order: { orderId: 'a', status: 4 } });
    expect(await current).toEqual({ orderId: 'a', status: 4 });
  });

  it('Callbacks: a delivery retried or created while the list was read keeps the update; one gone is removed', async () => {
    const f = fresh.createFreshness();
    const shown = new Map<number, Delivery>([
      [1, { id: 1, state: 'pending' }],
      [3, { id: 3, state: 'failed' }],
    ]);
    const { get, asked } = api();
    const reading = callbackReads.readCallbacks(shown, f, get);
    // Live: 1 delivered, 2 created, both after the sandbox answered the read.
    f.update('1');
    shown.set(1, { id: 1, state: 'delivered' });
    f.update('2');
    shown.set(2, { id: 2, state: 'pending' });
    asked[0]!.answer({
      deliveries: [
        { id: 1, state: 'pending' },
        { id: 4, state: 'skipped' },
      ],
    });
    expect(await reading).toBe(true);
    expect(Object.fromEntries([...shown].map(([id, d]) => [id, d.state]))).toEqual({ 1: 'delivered', 2: 'pending', 4: 'skipped' });

    // A read that answers after a later one is dropped whole.
    const first = callbackReads.readCallbacks(shown, f, get);
    const second = callbackReads.readCallbacks(shown, f, get);
    asked[2]!.answer({ deliveries: [{ id: 1, state: 'delivered' }] });
    expect(await second).toBe(true);
    asked[1]!.answer({ deliveries: [{ id: 1, state: 'pending' }] });
    expect(await first).toBe(false);
    expect(shown.get(1)?.state).toBe('delivered');
  });

  it('Clock & merchants: the clock read back after a live move is dropped; a merchant changed meanwhile keeps the change', async () => {
    const f = fresh.createFreshness();
    const { get, asked } = api();
    const stale = clockReads.readClock(f, get);
    f.update('clock'); // the clock moved (a test, another console) while it was read
    asked[0]!.answer({ now: 1, offsetMs: 0 });
    expect(await stale).toBeUndefined();
    const current = clockReads.readClock(f, get);
    asked[1]!.answer({ now: 2, offsetMs: 3_600_000 });
    expect(await current).toEqual({ now: 2, offsetMs: 3_600_000 });

    const shown = new Map<string, Merchant>([['old', { login: 'old', signatureRequired: false }]]);
    const reading = clockReads.readMerchants(shown, f, get);
    f.update('merchant:sandbox');
    shown.set('sandbox', { login: 'sandbox', signatureRequired: true });
    asked[2]!.answer({
      merchants: [
        { login: 'sandbox', signatureRequired: false },
        { login: 'other', signatureRequired: false },
      ],
    });
    expect(await reading).toBe(true);
    expect(Object.fromEntries([...shown].map(([login, m]) => [login, m.signatureRequired]))).toEqual({ sandbox: true, other: false });
  });

  it('Faults: the whole list read back after a live update of the rules is dropped (the guard faults.js shares)', () => {
    const f = fresh.createFreshness();
    const read = f.start();
    f.update(); // the rules as they are now, every rule
    expect(f.fresh(read)).toBe(false);
    const again = f.start();
    expect(f.fresh(again)).toBe(true);
    f.start(); // a later read of the list
    expect(f.fresh(again)).toBe(false);
  });
});
