/**
 * The order sync writing through the worker thread the app uses (store/pageKeeper.ts), against the sandbox
 * over HTTP and a real SQLite file: the same rows as a sync written in this thread, seen by the list's
 * index on the main connection; a write the table refuses fails the sync and keeps nothing of it; a worker
 * that cannot start leaves the writes to this thread; one started before the first write takes them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { lastOrdersSource, OrderSync, type LastOrdersSource } from '../../main/services/orderSync.js';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { inThreadKeeper, WorkerKeeper, type PageKeeper } from '../../main/store/pageKeeper.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { AUTH, CARDS, control, payCard, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { periodOrder } from './rows.js';

const dir = mkdtempSync(join(tmpdir(), 'page-keeper-'));
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH }));
const T0 = Date.UTC(2026, 10, 2, 9);
const window = { from: T0 - 1000, to: T0 + 30 * 24 * 3_600_000 };
const keepers: WorkerKeeper[] = [];

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: T0 });
  const ids: string[] = [];
  for (let i = 0; i < 120; i++) ids.push(await register(sb, { amount: 500 + i }));
  for (const id of ids.slice(0, 7)) await payCard(sb, id, CARDS.noThreeDS);
  await control(sb, 'POST', '/clock', { advanceMs: 3_600_000 });
}, 60_000);
afterAll(async () => {
  await Promise.all(keepers.map((k) => k.close()));
  rmSync(dir, { recursive: true, force: true });
});

function open(
  name: string,
  keeperOf: (syncs: OrderSyncs, file: string) => PageKeeper,
  source: LastOrdersSource = lastOrdersSource(client),
) {
  const file = join(dir, name);
  const db = openDatabase(file);
  const orders = new PeriodOrders(db);
  const syncs = new OrderSyncs(db, orders);
  const keeper = keeperOf(syncs, file);
  if (keeper instanceof WorkerKeeper) keepers.push(keeper);
  const sync = new OrderSync({ syncs, environment: 'sandbox', source, pageSize: 25, now: () => sb.core.clock.now(), keeper });
  return { db, orders, syncs, sync };
}

describe('sync pages written in a worker thread', () => {
  it('keeps the same orders as a sync written in this thread, and the list on the main connection sees them', async () => {
    const here = open('here.sqlite', (syncs) => inThreadKeeper(syncs));
    const there = open('there.sqlite', (syncs, file) => new WorkerKeeper(file, inThreadKeeper(syncs)));
    there.orders.search('sandbox', window); // the list's index is loaded before the worker writes
    expect(await here.sync.sync(window)).toMatchObject({ state: 'done', fetched: 120 });
    expect(await there.sync.sync(window)).toMatchObject({ state: 'done', fetched: 120 });
    expect(there.syncs.unfinished('sandbox')).toEqual([]);
    const shown = (s: typeof here) => s.orders.answer('sandbox', window, { limit: 1000 }, 0);
    expect(shown(there).total).toBe(120);
    expect(shown(there).orders).toEqual(shown(here).orders);
    expect(shown(there).totals).toEqual(shown(here).totals);
    expect(shown(there).totals.find((t) => t.status === 2)?.count).toBe(7);
    here.db.close();
    there.db.close();
  });

  it('fails the sync with the words of a write the table refused, keeping nothing of that write', async () => {
    // A gateway answer with a whole card number where the last four digits go: the table's check refuses it.
    const real = lastOrdersSource(client);
    const hostile: LastOrdersSource = async (r, signal) => {
      const page = await real(r, signal);
      return r.page === 2 ? { ...page, orders: page.orders.map((o) => ({ ...o, last4: '4111111111111111' })) } : page;
    };
    const s = open('refused.sqlite', (syncs, file) => new WorkerKeeper(file, inThreadKeeper(syncs)), hostile);
    const outcome = await s.sync.sync(window);
    expect(outcome.state).toBe('failed');
    expect(String((outcome as { error: Error }).error.message)).toMatch(/CHECK constraint/);
    expect(String((outcome as { error: Error }).error.message)).not.toContain('4111111111111111');
    // Nothing of page 2 is kept; pages before it held with it went in the same refused transaction, and
    // what was kept earlier is whole pages the sync goes on after.
    const [left] = s.syncs.unfinished('sandbox');
    expect(left).toMatchObject({ state: 'failed' });
    expect(left!.nextPage).toBeLessThanOrEqual(2);
    expect(s.orders.count('sandbox')).toBe(left!.nextPage * 25);
    s.db.close();
  });

  it('once closed, fails what it was still asked to keep instead of leaving the sync waiting, and keeps nothing more', async () => {
    const file = join(dir, 'closed.sqlite');
    const db = openDatabase(file);
    const syncs = new OrderSyncs(db, new PeriodOrders(db));
    const sync = syncs.begin('sandbox', 'registration', window, T0);
    const keeper = new WorkerKeeper(file, inThreadKeeper(syncs));
    const order = periodOrder('o-1', T0, { orderNumber: 'N-1' });
    const asked = keeper.keep(sync, [[order]], 1, T0).then(
      () => 'kept',
      (e: Error) => e.message,
    );
    await keeper.close();
    const outcome = await Promise.race([asked, new Promise((r) => setTimeout(r, 3000, 'never settled'))]);
    // Kept if the worker was quicker than the close, else failed with why: never left waiting.
    expect(outcome === 'kept' || /closed/.test(String(outcome))).toBe(true);
    await expect(keeper.keep(sync, [[order]], 1, T0)).rejects.toThrow(/closed/);
    db.close();
  });

  it('writes in this thread when the worker cannot start', async () => {
    let fellBack = 0;
    const s = open('fallback.sqlite', (syncs) => {
      const here = inThreadKeeper(syncs);
      const counted: PageKeeper = { keep: (...args) => (fellBack++, here.keep(...args)) };
      // A file the worker cannot open: it stops before it is ready, having written nothing.
      return new WorkerKeeper(join(dir, 'no-such-folder', 'x.sqlite'), counted);
    });
    expect(await s.sync.sync(window)).toMatchObject({ state: 'done', fetched: 120 });
    expect(fellBack).toBeGreaterThan(0);
    expect(s.orders.count('sandbox')).toBe(120);
    s.db.close();
  });

  it('can be started before the first write: open resolves once the worker is up, or known not to start', async () => {
    let fellBack = 0;
    const up = open('opened.sqlite', (syncs, file) => {
      const here = inThreadKeeper(syncs);
      return new WorkerKeeper(file, { keep: (...args) => (fellBack++, here.keep(...args)) });
    });
    const keeper = keepers.at(-1)!;
    await keeper.open();
    await keeper.open(); // a second call finds it up
    expect(await up.sync.sync(window)).toMatchObject({ state: 'done', fetched: 120 });
    expect(fellBack).toBe(0);
    expect(up.orders.count('sandbox')).toBe(120);
    up.db.close();

    const broken = new WorkerKeeper(join(dir, 'no-such-folder', 'y.sqlite'), { keep: async (sync) => sync });
    keepers.push(broken);
    await expect(broken.open()).resolves.toBeUndefined();
  });
});
