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
import { MIN_TEXT, PeriodOrders, type PeriodOrder, type PeriodQuery, type PeriodSort } from '../../main/store/periodOrders.js';
import { ORDER_STATUSES, PAID_STATUSES, type OrderStatus } from '../../main/domain/orderStatus.js';

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
    const status = ORDER_STATUSES[i % 7]!;
    const card = i % 5 === 0 ? undefined : CARDS[i % 3]!;
    // Four orders share each millisecond and amounts repeat, so ties must be broken the same way on every page.
    const registeredAt = START + Math.floor(i / 4) * Math.floor((60 * DAY) / 750);
    out.push({
      orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      orderNumber: `SHOP-${String(100000 + i)}`,
      status,
      amount: ((i * 7919) % 1000) + 1,
      held: status === 1 ? 100 : 0,
      captured: status === 2 || status === 4 ? 100 + (i % 50) : 0,
      refunded: status === 4 ? 100 + (i % 50) : status === 2 ? i % 30 : 0,
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

/** How many orders, and what moved on them. */
interface Cell {
  count: number;
  held: number;
  captured: number;
  refunded: number;
}
const cellOf = ({ count, held, captured, refunded }: Cell): Cell => ({ count, held, captured, refunded });
function addTo(cells: Map<string, Cell>, key: string, o: PeriodOrder): void {
  const c = cells.get(key) ?? { count: 0, held: 0, captured: 0, refunded: 0 };
  cells.set(key, { count: c.count + 1, held: c.held + o.held, captured: c.captured + o.captured, refunded: c.refunded + o.refunded });
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

/** The first page of these orders as the store should answer it, newest first: their ids. */
const newestIds = (matched: readonly PeriodOrder[], limit: number) =>
  [...matched]
    .sort(SORTS.newest)
    .slice(0, limit)
    .map((o) => o.orderId);
const everything: PeriodQuery = { from: 0, to: START + 100 * DAY };
const dir = mkdtempSync(join(tmpdir(), 'period-orders-'));
let db: Db;
let store: PeriodOrders;
/** The same file, every amount-sorted page read in amount order however near the top. */
let walking: PeriodOrders;
const orders = makeOrders();

beforeAll(() => {
  db = openDatabase(join(dir, 'app.sqlite'));
  store = new PeriodOrders(db);
  walking = new PeriodOrders(db, { rankedInHeapUpTo: 0 });
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

const status = fc.constantFrom<OrderStatus>(...ORDER_STATUSES);
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
        // Near pages of an amount sort are ranked in a heap, deep ones read in amount order: both alike.
        for (const source of [store, walking]) {
          const got = source.search('sandbox', q, { sort, offset, limit: 25 });
          expect(got.total).toBe(expected.length);
          expect(got.orders.map((o) => o.orderId)).toEqual(expected.slice(offset, offset + 25).map((o) => o.orderId));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('totals count and sum what moved per state and currency over everything matched, not only the page', () => {
    fc.assert(
      fc.property(query, (q) => {
        const sums = new Map<string, Cell>();
        for (const o of reference(orders, q)) addTo(sums, `${o.status}/${o.currency}`, o);
        const got = store.totals('sandbox', q);
        expect(new Map(got.map((t) => [`${t.status}/${t.currency}`, cellOf(t)]))).toEqual(sums);
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
    const refunded = { status: 4, captured: before.amount, refunded: before.amount, held: 0 } as const;
    store.putMany('sandbox', [{ ...before, ...refunded, description: 'Refunded kettle' }], START + DAY);
    expect(store.get('sandbox', before.orderId)).toMatchObject(refunded);
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

  it('keeps totals, pages and chart right as pages change orders, written here or by another process', () => {
    // Orders moved to other states, amounts, operation dates and currencies: half by this store, half by
    // another connection to the same file (another process), which the index learns of by the version.
    const changed = orders.slice(200, 260).map((o, i) => ({
      ...o,
      status: ORDER_STATUSES[(o.status + 1) % 7]!,
      amount: o.amount + i,
      captured: o.captured + i,
      refunded: o.refunded + (i % 3),
      currency: CURRENCIES[(i + 1) % 3]!,
      operatedAt: o.registeredAt + 3 * DAY + i * 977,
      description: `Changed ${i}`,
    }));
    const added = [0, 1, 2].map((i) => ({ ...orders[i]!, orderId: `ffffffff-0000-4000-8000-00000000000${i}`, orderNumber: `NEW-${i}` }));
    store.search('sandbox', everything); // the index is loaded before the changes
    walking.search('sandbox', everything, { sort: 'amountDesc', limit: 1 }); // and its amount order built
    const other = openDatabase(join(dir, 'app.sqlite'));
    try {
      store.putMany('sandbox', changed.slice(0, 30), START + 3 * DAY);
      new PeriodOrders(other).putMany('sandbox', [...changed.slice(30), ...added], START + 3 * DAY);
      const now = [...orders.map((o, i) => changed[i - 200] ?? o), ...added];
      fc.assert(
        fc.property(query, fc.constantFrom(0, 180, -300, 330, 345, -570), (q, offset) => {
          const matched = reference(now, q);
          const sums = new Map<string, Cell>();
          const days = new Map<string, Cell>();
          for (const o of matched) {
            const key = `${o.status}/${o.currency}`;
            addTo(sums, key, o);
            const at = q.dateOf === 'operation' ? o.operatedAt! : o.registeredAt;
            addTo(days, `${new Date(at + offset * 60_000).toISOString().slice(0, 10)}/${key}`, o);
          }
          const got = store.answer('sandbox', q, { limit: 20 }, offset);
          expect(got.total).toBe(matched.length);
          expect(got.orders.map((o) => o.orderId)).toEqual(newestIds(matched, 20));
          expect(new Map(got.totals.map((t) => [`${t.status}/${t.currency}`, cellOf(t)]))).toEqual(sums);
          expect(got.perDay.map((d) => `${d.day}/${d.status}/${d.currency}`)).toEqual([...days.keys()].sort());
          expect(new Map(got.perDay.map((d) => [`${d.day}/${d.status}/${d.currency}`, cellOf(d)]))).toEqual(days);
          // Changed amounts and new orders take their places in the amount order too.
          for (const sort of ['amountDesc', 'amountAsc'] as const)
            expect(walking.search('sandbox', q, { sort, offset: 3, limit: 20 }).orders.map((o) => o.orderId)).toEqual(
              [...matched]
                .sort(SORTS[sort])
                .slice(3, 23)
                .map((o) => o.orderId),
            );
        }),
        { numRuns: 200 },
      );
    } finally {
      other.close();
      store.putMany('sandbox', orders.slice(200, 260), START);
    }
  });

  it('loads the index of a large cache a slice at a time, letting the event loop run in between', async () => {
    const file = join(dir, 'large.sqlite');
    const big = openDatabase(file);
    try {
      const many = Array.from({ length: 45_000 }, (_, i) => ({
        ...orders[i % orders.length]!,
        orderId: `big-${i}`,
        orderNumber: `BIG-${i}`,
      }));
      new PeriodOrders(big).putMany('sandbox', many, START);
      const fresh = new PeriodOrders(big);
      // Before the index has loaded, a short period answers from its own orders, exactly; a long one waits.
      expect(fresh.isReady('sandbox')).toBe(false);
      const day = { from: START + 10 * DAY, to: START + 11 * DAY };
      const early = fresh.interim('sandbox', day, { limit: 5 }, 180)!;
      const matched = reference(many, day);
      expect(early.total).toBe(matched.length);
      expect(early.orders.map((o) => o.orderId)).toEqual(newestIds(matched, 5));
      expect(early.totals.reduce((n, t) => n + t.captured, 0)).toBe(matched.reduce((n, o) => n + o.captured, 0));
      expect(fresh.interim('sandbox', everything, { limit: 5 })).toBeUndefined();
      expect(fresh.interim('sandbox', { ...day, dateOf: 'operation' }, { limit: 5 })).toBeUndefined();
      let turns = 0;
      let loading = true;
      // Another task of the event loop, rescheduling itself: it runs only when the loading gives way.
      const other = () => {
        turns++;
        if (loading) setImmediate(other);
      };
      setImmediate(other);
      await fresh.ready('sandbox');
      loading = false;
      expect(fresh.isReady('sandbox')).toBe(true);
      // 45,000 orders are three slices: timers ran between them.
      expect(turns).toBeGreaterThanOrEqual(2);
      expect(fresh.search('sandbox', everything, { limit: 1 }).total).toBe(45_000);
      expect(fresh.totals('sandbox', everything).reduce((n, t) => n + t.refunded, 0)).toBe(many.reduce((n, o) => n + o.refunded, 0));
      // Another process writes a batch larger than a slice in one version: the index reads all of it.
      const more = many.map((o, i) => ({ ...o, orderId: `more-${i}`, status: 4 as const }));
      new PeriodOrders(big).putMany('sandbox', more, START);
      expect(fresh.search('sandbox', { ...everything, statuses: [4] }, { limit: 1 }).total).toBe(
        more.length + many.filter((o) => o.status === 4).length,
      );
    } finally {
      big.close();
    }
  });

  it('finds orders by orderNumber whatever their period, in their own environment, the later registered of two sharing one', () => {
    const wanted = [orders[0]!, orders[1234]!, orders[2999]!].map((o) => o.orderNumber);
    const found = store.byOrderNumbers('sandbox', [...wanted, 'SHOP-none', wanted[0]!]);
    expect([...found.keys()].sort()).toEqual([...wanted].sort());
    for (const n of wanted) expect(found.get(n)).toEqual(orders.find((o) => o.orderNumber === n));
    // Only the first hundred orders are in the test environment.
    expect([...store.byOrderNumbers('test', wanted).keys()]).toEqual([wanted[0]]);
    const first = { ...orders[5]!, orderId: 'dup-1', orderNumber: 'SHOP-twice', registeredAt: START + DAY };
    store.putMany(
      'dup',
      [first, { ...first, orderId: 'dup-2', registeredAt: START + 2 * DAY }, { ...first, orderId: 'dup-0', registeredAt: START }],
      START,
    );
    expect(store.byOrderNumbers('dup', ['SHOP-twice']).get('SHOP-twice')?.orderId).toBe('dup-2');
    expect(store.byOrderNumbers('dup', [])).toEqual(new Map());
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
