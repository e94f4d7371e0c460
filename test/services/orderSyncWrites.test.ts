/**
 * A sync whose pages are written asynchronously (as the app's worker does) against the sandbox over HTTP
 * and a real SQLite file: the record never says how the sync ended while a write is still running, a
 * write that fails after the others leaves the window to be read again, and a batch written late is refused
 * rather than moving the record past pages it did not keep.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { lastOrdersSource, OrderSync } from '../../main/services/orderSync.js';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { inThreadKeeper, type PageKeeper } from '../../main/store/pageKeeper.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { AUTH, control, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { periodOrder } from '../store/rows.js';

const dir = mkdtempSync(join(tmpdir(), 'order-sync-writes-'));
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH }));
const T0 = Date.UTC(2026, 10, 3, 9);
const window = { from: T0 - 1000, to: T0 + 24 * 3_600_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: T0 });
  for (let i = 0; i < 3; i++) await register(sb, { amount: 100 + i });
  await control(sb, 'POST', '/clock', { advanceMs: 3_600_000 });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Pages of one order: the first at once, the next two 350 ms each. The first is kept while the second is
 * awaited, in a write that takes a second (a busy disk), so the second page, then the last, arrive and
 * an idle keep and the loop's own both wait for that write.
 */
async function slowPages(): Promise<void> {
  await control(sb, 'DELETE', '/faults');
  await control(sb, 'POST', '/faults', {
    rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'latency', skip: 1, count: 2, latencyMs: 350 }],
  });
}

function open(name: string, keeperOf: (inThread: PageKeeper) => PageKeeper) {
  const db = openDatabase(join(dir, name));
  const orders = new PeriodOrders(db);
  const syncs = new OrderSyncs(db, orders);
  const keeper = keeperOf(inThreadKeeper(syncs));
  const sync = new OrderSync({
    syncs,
    environment: 'sandbox',
    source: lastOrdersSource(client),
    pageSize: 1,
    keeper,
    now: () => sb.core.clock.now(),
  });
  const record = () => db.prepare('SELECT state, next_page AS nextPage FROM order_syncs ORDER BY id').all();
  return { db, orders, syncs, sync, record };
}

describe('a sync whose pages are written while the next ones are read', () => {
  it('says it is done only once every page it read is kept', async () => {
    await slowPages();
    let calls = 0;
    const s = open('done.sqlite', (here) => ({ keep: async (...a) => (await sleep(++calls === 1 ? 1000 : 100), here.keep(...a)) }));
    expect(await s.sync.sync(window)).toMatchObject({ state: 'done', fetched: 3 });
    expect(s.record()[0]).toEqual({ state: 'done', nextPage: 3 });
    expect(s.orders.count('sandbox')).toBe(3);
    await sleep(400);
    expect(s.record()[0]).toEqual({ state: 'done', nextPage: 3 });
    s.db.close();
  });

  it('fails, and leaves what it did not keep to be read again, when a later write fails', async () => {
    await slowPages();
    let calls = 0;
    const s = open('failed.sqlite', (here) => ({
      keep: async (...a) => {
        const n = ++calls;
        await sleep(n === 1 ? 1000 : 100);
        if (n === 2) throw new Error('disk I/O error');
        return here.keep(...a);
      },
    }));
    const outcome = await s.sync.sync(window);
    expect(outcome.state).toBe('failed');
    const [left] = s.syncs.unfinished('sandbox');
    expect(left).toMatchObject({ state: 'failed' });
    expect(s.orders.count('sandbox')).toBe(left!.nextPage);
    await control(sb, 'DELETE', '/faults');
    // The next sync goes on from the first page not kept and reads the window whole.
    expect(await s.sync.sync(window)).toMatchObject({ state: 'done' });
    expect(s.orders.count('sandbox')).toBe(3);
    s.db.close();
  });

  it("hands a window's last pages to the keeper as they come, so that little is left to write after the last one", async () => {
    await control(sb, 'DELETE', '/faults');
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'latency', count: 0, latencyMs: 100 }],
    });
    const batches: number[] = [];
    const s = open('ending.sqlite', (here) => ({ keep: async (...a) => (batches.push(a[1].length), await sleep(20), here.keep(...a)) }));
    expect(await s.sync.sync(window)).toMatchObject({ state: 'done', fetched: 3 });
    await control(sb, 'DELETE', '/faults');
    // The first page is kept on its own as soon as it comes, not held for the next ones or for KEEP_MS.
    expect(batches[0]).toBe(1);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(3);
    expect(s.orders.count('sandbox')).toBe(3);
    s.db.close();
  });

  it('refuses a batch written after the record moved on, keeping none of it', async () => {
    await control(sb, 'DELETE', '/faults');
    const s = open('late.sqlite', (here) => here);
    const started = s.syncs.begin('sandbox', 'registration', window, sb.core.clock.now());
    const page = [periodOrder('x-1', T0, { orderNumber: 'X-1' })];
    const moved = s.syncs.savePages(started, [page], 3, T0);
    expect(() => s.syncs.savePages(started, [[{ ...page[0]!, orderId: 'x-2' }]], 3, T0)).toThrow(/no longer at page 0/);
    expect(() => s.syncs.savePages(s.syncs.finish(moved, 'done', T0), [page], 3, T0)).toThrow(/not kept/);
    expect(s.orders.count('sandbox')).toBe(1);
    s.db.close();
  });
});
