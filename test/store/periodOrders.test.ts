/**
 * The offline order search against a real SQLite file: every filter, sort, page and total is compared with
 * the same question answered by plain array code over the same orders, for queries fast-check makes up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database.js';
import {
  MIN_TEXT,
  ORDER_STATUS_CODES,
  PAID_STATUSES,
  PeriodOrders,
  type OrderStatusCode,
  type PeriodOrder,
  type PeriodQuery,
  type PeriodSort,
} from '../../main/store/periodOrders.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1); // 1 October 2026
const CURRENCIES = ['643', '840', '978'];
const CLIENTS = ['client-anna', 'client-boris', 'client-vera', 'CLIENT-Oleg'];
const CARDS = [
  ['411111', '1111'],
  ['555555', '5599'],
  ['220220', '0042'],
] as const;
const WORDS = ['Tea set', 'Coffee beans', 'Gift card', 'Delivery "express"', 'Чайник электрический', 'Annual plan'];

/** 3,000 orders over 60 days, spread over every state, currency, card and client, some without a card. */
function makeOrders(): PeriodOrder[] {
  const out: PeriodOrder[] = [];
  for (let i = 0; i < 3000; i++) {
    const status = ORDER_STATUS_CODES[i % 7]!;
    const card = i % 5 === 0 ? undefined : CARDS[i % 3]!;
    // Four orders share each millisecond and amounts repeat, so ties must be broken the same way on every page.
    const registeredAt = START + Math.floor(i / 4) * Math.floor((60 * DAY) / 750);
    out.push({
      orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      orderNumber: `SHOP-${String(100000 + i)}`,
      status,
      amount: ((i * 7919) % 1000) + 1,
      depositedAmount: status === 2 ? 100 : 0,
      refundedAmount: status === 4 ? 100 : 0,
      currency: CURRENCIES[i % 3]!,
      registeredAt,
      ...(status !== 0 ? { operatedAt: registeredAt + (i % 7) * 3_600_000 } : {}),
      ...(card ? { first6: card[0], last4: card[1], paymentSystem: 'VISA' } : {}),
      ...(i % 4 !== 3 ? { clientId: CLIENTS[i % 4] } : {}),
      ...(i % 6 !== 5 ? { description: `${WORDS[i % 6]} #${i}` } : {}),
    });
  }
  return out;
}

/** The same question, answered the slow and obvious way. */
function reference(all: readonly PeriodOrder[], q: PeriodQuery): PeriodOrder[] {
  const text = q.text?.trim();
  return all.filter((o) => {
    const at = q.dateOf === 'operation' ? o.operatedAt : o.registeredAt;
    if (at === undefined || at < q.from || at >= q.to) return false;
    if (q.statuses && !q.statuses.includes(o.status)) return false;
    if (q.paid !== undefined && PAID_STATUSES.includes(o.status) !== q.paid) return false;
    if (q.currency !== undefined && o.currency !== q.currency) return false;
    if (q.minAmount !== undefined && o.amount < q.minAmount) return false;
    if (q.maxAmount !== undefined && o.amount > q.maxAmount) return false;
    if (q.first6 !== undefined && o.first6 !== q.first6) return false;
    if (q.last4 !== undefined && o.last4 !== q.last4) return false;
    if (q.clientId !== undefined && o.clientId !== q.clientId) return false;
    if (text) {
      if (text.length < MIN_TEXT) return o.orderNumber === text;
      const needle = text.toLowerCase();
      return [o.orderNumber, o.description, o.clientId].some((f) => f?.toLowerCase().includes(needle));
    }
    return true;
  });
}

const SORTS: Record<PeriodSort, (a: PeriodOrder, b: PeriodOrder) => number> = {
  newest: (a, b) => b.registeredAt - a.registeredAt || (a.orderId < b.orderId ? 1 : -1),
  oldest: (a, b) => a.registeredAt - b.registeredAt || (a.orderId < b.orderId ? -1 : 1),
  amountDesc: (a, b) => b.amount - a.amount || b.registeredAt - a.registeredAt || (a.orderId < b.orderId ? 1 : -1),
  amountAsc: (a, b) => a.amount - b.amount || b.registeredAt - a.registeredAt || (a.orderId < b.orderId ? 1 : -1),
};

const dir = mkdtempSync(join(tmpdir(), 'period-orders-'));
let db: Db;
let store: PeriodOrders;
const orders = makeOrders();

beforeAll(() => {
  db = openDatabase(join(dir, 'app.sqlite'));
  store = new PeriodOrders(db);
  // Inserted out of order, so that nothing depends on the order rows were written in.
  store.putMany(
    'sandbox',
    [...orders].sort((a, b) => ((a.amount * 31 + a.registeredAt) % 97) - ((b.amount * 31 + b.registeredAt) % 97)),
    START,
  );
  // Another environment's orders never show.
  store.putMany('test', orders.slice(0, 100), START);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = fc.constantFrom<OrderStatusCode>(...ORDER_STATUS_CODES);
/** A filter present in about one query of four, so that most queries still find something to sort and page. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const query: fc.Arbitrary<PeriodQuery> = fc
  .record({
    from: fc.integer({ min: START - 5 * DAY, max: START + 70 * DAY }),
    length: fc.integer({ min: 0, max: 70 * DAY }),
    dateOf: sometimes(fc.constantFrom<'registration' | 'operation'>('registration', 'operation')),
    statuses: sometimes(fc.uniqueArray(status, { maxLength: 7 })),
    paid: sometimes(fc.boolean()),
    currency: sometimes(fc.constantFrom(...CURRENCIES)),
    amount: sometimes(fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }))),
    card: sometimes(fc.constantFrom(...CARDS)),
    clientId: sometimes(fc.constantFrom(...CLIENTS, 'client-nobody')),
    text: sometimes(fc.constantFrom('shop-1000', 'SHOP-10', 'coffee', 'ЧАЙНИК', 'express"', 'boris', 'x', 'SHOP-100007', 'AND OR', '"')),
  })
  .map((r) => ({
    from: r.from,
    to: r.from + r.length,
    ...(r.dateOf ? { dateOf: r.dateOf } : {}),
    ...(r.statuses ? { statuses: r.statuses } : {}),
    ...(r.paid !== undefined ? { paid: r.paid } : {}),
    ...(r.currency ? { currency: r.currency } : {}),
    ...(r.amount ? { minAmount: r.amount[0], maxAmount: r.amount[0] + r.amount[1] } : {}),
    ...(r.card ? { first6: r.card[0], last4: r.card[1] } : {}),
    ...(r.clientId ? { clientId: r.clientId } : {}),
    ...(r.text ? { text: r.text } : {}),
  }));

describe('searching the orders of a period offline', () => {
  it('finds exactly the orders every combination of filters names, in the order asked, page by page', () => {
    fc.assert(
      fc.property(query, fc.constantFrom<PeriodSort>('newest', 'oldest', 'amountDesc', 'amountAsc'), fc.nat(60), (q, sort, offset) => {
        const expected = reference(orders, q).sort(SORTS[sort]);
        const got = store.search('sandbox', q, { sort, offset, limit: 25 });
        expect(got.total).toBe(expected.length);
        expect(got.orders.map((o) => o.orderId)).toEqual(expected.slice(offset, offset + 25).map((o) => o.orderId));
      }),
      { numRuns: 300 },
    );
  });

  it('totals count and sum per state and currency over everything matched, not only the page', () => {
    fc.assert(
      fc.property(query, (q) => {
        const sums = new Map<string, { count: number; amount: number }>();
        for (const o of reference(orders, q)) {
          const key = `${o.status}/${o.currency}`;
          const s = sums.get(key) ?? { count: 0, amount: 0 };
          sums.set(key, { count: s.count + 1, amount: s.amount + o.amount });
        }
        const got = store.totals('sandbox', q);
        expect(new Map(got.map((t) => [`${t.status}/${t.currency}`, { count: t.count, amount: t.amount }]))).toEqual(sums);
      }),
      { numRuns: 200 },
    );
  });

  it('counts orders per day in the user time zone for the chart', () => {
    const q = { from: START, to: START + 10 * DAY };
    const moscow = store.perDay('sandbox', q, 180);
    const expected = new Map<string, number>();
    for (const o of reference(orders, q)) {
      const day = new Date(o.registeredAt + 180 * 60_000).toISOString().slice(0, 10);
      expected.set(day, (expected.get(day) ?? 0) + 1);
    }
    const got = new Map<string, number>();
    for (const d of moscow) got.set(d.day, (got.get(d.day) ?? 0) + d.count);
    expect(got).toEqual(expected);
    expect([...got.keys()][0]).toBe('2026-10-01');
  });

  it('replaces an order a later sync saw in another state, and finds it by its new text', () => {
    const before = orders[10]!;
    store.putMany('sandbox', [{ ...before, status: 4, refundedAmount: before.amount, description: 'Refunded kettle' }], START + DAY);
    expect(store.get('sandbox', before.orderId)).toMatchObject({ status: 4, refundedAmount: before.amount });
    expect(store.search('sandbox', { from: 0, to: START + 100 * DAY, text: 'kettle' }).orders.map((o) => o.orderId)).toEqual([
      before.orderId,
    ]);
    // The old text no longer finds it.
    const oldWord = before.description!.slice(0, 8);
    expect(
      store.search('sandbox', { from: 0, to: START + 100 * DAY, text: oldWord }).orders.some((o) => o.orderId === before.orderId),
    ).toBe(false);
    expect(store.count('sandbox')).toBe(orders.length);
    store.putMany('sandbox', [before], START + 2 * DAY);
  });

  it('totals a long period from the hourly sums, and keeps them right as a sync changes and removes orders', () => {
    // Which statements totals runs: over two months it must not count every order of the period.
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (seen.push(sql), prepare(sql))) as typeof db.prepare;
    try {
      store.totals('sandbox', { from: START + 1234, to: START + 60 * DAY - 5678 });
    } finally {
      db.prepare = prepare;
    }
    expect(seen.some((sql) => sql.includes('FROM period_order_sums'))).toBe(true);

    // Orders moved to other states, amounts, hours and currencies, one removed, then compared with the reference.
    const changed = orders.slice(200, 260).map((o, i) => ({
      ...o,
      status: ORDER_STATUS_CODES[(o.status + 1) % 7]!,
      amount: o.amount + i,
      currency: CURRENCIES[(i + 1) % 3]!,
      operatedAt: o.registeredAt + 3 * DAY + i * 977,
    }));
    store.putMany('sandbox', changed, START + 3 * DAY);
    db.prepare('DELETE FROM period_orders WHERE environment = ? AND order_id = ?').run('sandbox', orders[300]!.orderId);
    const now = orders.map((o, i) => changed[i - 200] ?? o).filter((o) => o.orderId !== orders[300]!.orderId);
    try {
      fc.assert(
        fc.property(query, (q) => {
          const sums = new Map<string, { count: number; amount: number }>();
          for (const o of reference(now, q)) {
            const key = `${o.status}/${o.currency}`;
            const s = sums.get(key) ?? { count: 0, amount: 0 };
            sums.set(key, { count: s.count + 1, amount: s.amount + o.amount });
          }
          const got = store.totals('sandbox', q);
          expect(new Map(got.map((t) => [`${t.status}/${t.currency}`, { count: t.count, amount: t.amount }]))).toEqual(sums);
          expect(store.search('sandbox', q, { limit: 1 }).total).toBe(reference(now, q).length);
        }),
        { numRuns: 200 },
      );
    } finally {
      store.putMany('sandbox', [...orders.slice(200, 260), orders[300]!], START);
    }
  });

  it('draws the per-day chart of a long period from the hourly sums, in whole-hour and other offsets alike', () => {
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (seen.push(sql), prepare(sql))) as typeof db.prepare;
    try {
      store.perDay('sandbox', { from: START + 1234, to: START + 60 * DAY - 5678 }, 180);
    } finally {
      db.prepare = prepare;
    }
    expect(seen.some((sql) => sql.includes('FROM period_order_sums'))).toBe(true);
    fc.assert(
      fc.property(query, fc.constantFrom(0, 180, -300, 330, 345, -570), (q, offset) => {
        const expected = new Map<string, { count: number; amount: number }>();
        for (const o of reference(orders, q)) {
          const at = q.dateOf === 'operation' ? o.operatedAt! : o.registeredAt;
          const key = `${new Date(at + offset * 60_000).toISOString().slice(0, 10)}/${o.status}/${o.currency}`;
          const e = expected.get(key) ?? { count: 0, amount: 0 };
          expected.set(key, { count: e.count + 1, amount: e.amount + o.amount });
        }
        const got = store.perDay('sandbox', q, offset);
        expect(got.map((d) => `${d.day}/${d.status}/${d.currency}`)).toEqual([...expected.keys()].sort());
        expect(new Map(got.map((d) => [`${d.day}/${d.status}/${d.currency}`, { count: d.count, amount: d.amount }]))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('reads orders by the operation date through the card index, or newest registration first, never sorting a whole period', () => {
    /** The query plan of every statement over the orders that `run` executes, with the values it bound. */
    const plans = (run: () => unknown): string[] => {
      const seen: { sql: string; args: unknown[] }[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => {
        const stmt = prepare(sql);
        const all = stmt.all.bind(stmt);
        const get = stmt.get.bind(stmt);
        stmt.all = (...args: unknown[]) => (seen.push({ sql, args }), all(...args));
        stmt.get = (...args: unknown[]) => (seen.push({ sql, args }), get(...args));
        return stmt;
      }) as typeof db.prepare;
      try {
        run();
      } finally {
        db.prepare = prepare;
      }
      return seen
        .filter(({ sql }) => sql.includes('FROM period_orders WHERE'))
        .map(({ sql, args }) =>
          (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | '),
        );
    };
    const wide = { from: START, to: START + 60 * DAY, dateOf: 'operation' as const };
    for (const plan of plans(() => store.search('sandbox', wide, { limit: 25 }))) expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    const byCard = { ...wide, first6: '411111', last4: '1111' };
    const cardPlans = plans(() => (store.search('sandbox', byCard, { limit: 25 }), store.totals('sandbox', byCard)));
    expect(cardPlans.length).toBeGreaterThan(0);
    for (const plan of cardPlans) expect(plan).toContain('period_orders_last4');
  });

  it('keeps each environment apart', () => {
    expect(store.count('test')).toBe(100);
    expect(store.search('test', { from: 0, to: START + 100 * DAY }).total).toBe(100);
  });

  it('refuses what the columns must never hold: a whole card number in place of the last four digits', () => {
    expect(() => store.putMany('sandbox', [{ ...orders[0]!, orderId: 'x-1', last4: '4111111111111111' }], START)).toThrow();
    expect(store.get('sandbox', 'x-1')).toBeUndefined();
  });
});
