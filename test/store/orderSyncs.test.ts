/** The sync records against a real SQLite file: what is left to read, and a page kept whole or not at all. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs, uncovered, type Window } from '../../main/store/orderSyncs.js';
import { PeriodOrders, type PeriodOrder } from '../../main/store/periodOrders.js';

const dir = mkdtempSync(join(tmpdir(), 'order-syncs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const order = (n: number, extra: Partial<PeriodOrder> = {}): PeriodOrder => ({
  orderId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  orderNumber: `N-${n}`,
  status: 2,
  amount: 100 * n,
  held: 0,
  captured: 100 * n,
  refunded: 0,
  currency: '643',
  registeredAt: 1_000 + n,
  ...extra,
});

describe('the parts of a window still to read', () => {
  it('are exactly the instants of the window no finished sync covered', () => {
    const window = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })).map(([a, b]) => ({ from: a, to: a + b }));
    fc.assert(
      fc.property(window, fc.array(window, { maxLength: 6 }), (want, covered) => {
        const parts = uncovered(want, covered);
        for (let t = 0; t < 130; t++) {
          const inWant = t >= want.from && t < want.to;
          const inCovered = covered.some((c: Window) => t >= c.from && t < c.to);
          const inParts = parts.some((p) => t >= p.from && t < p.to);
          expect(inParts).toBe(inWant && !inCovered);
        }
        // Earliest first, none empty, none touching the next (each is one request's window).
        for (const [i, p] of parts.entries()) {
          expect(p.from).toBeLessThan(p.to);
          if (i > 0) expect(p.from).toBeGreaterThan(parts[i - 1]!.to);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('sync records', () => {
  const db = openDatabase(join(dir, 'app.sqlite'));
  afterAll(() => db.close());
  const orders = new PeriodOrders(db);
  const syncs = new OrderSyncs(db, orders);

  it('keep a page and the next page to read together, or neither', () => {
    let sync = syncs.begin('sandbox', 'registration', { from: 0, to: 10_000 }, 5_000);
    sync = syncs.savePage(sync, [order(1), order(2)], 4, 5_001);
    expect(sync).toMatchObject({ nextPage: 1, fetched: 2, total: 4, state: 'running' });
    // A page with a row the table refuses (a whole card number as the last four digits) is not kept at all.
    expect(() => syncs.savePage(sync, [order(3), order(4, { last4: '4111111111111111' })], 4, 5_002)).toThrow();
    expect(syncs.get(sync.id)).toMatchObject({ nextPage: 1, fetched: 2 });
    expect(orders.get('sandbox', order(3).orderId)).toBeUndefined();
    // A crash leaves it running: it is what the next sync goes on with.
    expect(syncs.unfinished('sandbox').map((s) => s.id)).toEqual([sync.id]);
    syncs.finish(syncs.savePage(sync, [order(3), order(4)], 4, 5_003), 'done', 5_004);
    expect(syncs.unfinished('sandbox')).toEqual([]);
    expect(syncs.covered('sandbox', 'registration')).toEqual([{ from: 0, to: 10_000 }]);
    expect(orders.count('sandbox')).toBe(4);
  });

  it('say since when changes must be read: the first window read, then the end of the last sync of changes', () => {
    expect(syncs.changesSince('test')).toBeUndefined();
    expect(syncs.changesSince('sandbox')).toBe(5_000);
    const changes = syncs.begin('sandbox', 'operation', { from: 4_000, to: 9_000 }, 9_000);
    expect(syncs.changesSince('sandbox')).toBe(5_000);
    syncs.finish(changes, 'done', 9_001);
    expect(syncs.changesSince('sandbox')).toBe(9_000);
    expect(syncs.syncedAsOf('sandbox')).toBe(9_000);
  });
});
