/**
 * The order sync against the sandbox over HTTP, into a real SQLite file: a window read whole with the next
 * pages asked for while one is read, a sync killed mid-way and resumed, a cancel, and a later sync that
 * reads only what changed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { lastOrdersSource, OrderSync, READ_AHEAD, type LastOrdersSource } from '../../main/services/orderSync.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { AUTH, CARDS, control, payCard, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'order-sync-'));
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH }));
const registered: string[] = [];
let from: number;

const MINUTE = 60_000;
/** The orders are made on the sandbox's clock set to a morning three weeks ago, and the app reads the same clock. */
const T0 = Date.UTC(2026, 10, 1, 9);
/** A window's end past the sandbox's now: the sync reads up to now. */
const LATER = T0 + 30 * 24 * 60 * MINUTE;
const advance = (ms: number) => control(sb, 'POST', '/clock', { advanceMs: ms });

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: T0 });
  from = T0 - 1000;
  for (let i = 0; i < 250; i++) registered.push(await register(sb, { amount: 100 + i }));
  for (const orderId of registered.slice(0, 5)) await payCard(sb, orderId, CARDS.noThreeDS);
  await advance(60 * MINUTE);
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Counts the gateway requests a sync makes, through the sandbox's own request counter. */
async function requestsDuring(run: () => Promise<unknown>): Promise<number> {
  await control(sb, 'DELETE', '/faults');
  await control(sb, 'POST', '/faults', {
    rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'latency', count: 0, latencyMs: 0 }],
  });
  await run();
  const { rules } = await control(sb, 'GET', '/faults');
  await control(sb, 'DELETE', '/faults');
  return rules[0].seen as number;
}

function open(name: string, pageSize = 100, source?: LastOrdersSource) {
  const db: Db = openDatabase(join(dir, name));
  const orders = new PeriodOrders(db);
  const syncs = new OrderSyncs(db, orders);
  return {
    db,
    orders,
    syncs,
    sync: new OrderSync({
      syncs,
      environment: 'sandbox',
      source: source ?? lastOrdersSource(client),
      pageSize,
      now: () => sb.core.clock.now(),
    }),
  };
}

describe('syncing the orders of a period from the gateway', () => {
  it('reads the whole window page by page and keeps every order as the gateway has it', async () => {
    const s = open('whole.sqlite');
    const window = { from, to: sb.core.clock.now() };
    const requests = await requestsDuring(async () => expect(await s.sync.sync(window)).toMatchObject({ state: 'done', fetched: 250 }));
    expect(requests).toBe(3);
    expect(s.orders.count('sandbox')).toBe(250);
    expect(s.orders.search('sandbox', { from: 0, to: sb.core.clock.now(), paid: true }).total).toBe(5);
    expect(s.orders.get('sandbox', registered[0]!)).toMatchObject({ status: 2, amount: 100, first6: '444455', last4: '3333' });
    s.db.close();
  });

  it('asks for the next pages while one is read: READ_AHEAD at most at once, in order, and none past the window', async () => {
    const real = lastOrdersSource(client);
    const asked: number[] = [];
    let inFlight = 0;
    let most = 0;
    const counting: LastOrdersSource = async (r, signal) => {
      asked.push(r.page);
      most = Math.max(most, ++inFlight);
      try {
        return await real(r, signal);
      } finally {
        inFlight--;
      }
    };
    const s = open('ahead.sqlite', 25, counting);
    expect(await s.sync.sync({ from, to: sb.core.clock.now() })).toMatchObject({ state: 'done', fetched: 250 });
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(READ_AHEAD);
    expect(s.orders.count('sandbox')).toBe(250);
    s.db.close();
  });

  it('goes on after being killed mid-way from the first page it had not kept', async () => {
    const file = join(dir, 'killed.sqlite');
    open('killed.sqlite').db.close();
    // The second page takes long, so the kill lands while it is being read.
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'latency', skip: 1, count: 1, latencyMs: 30_000 }],
    });
    const to = sb.core.clock.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/services/sync-child.ts'], {
      env: {
        ...process.env,
        DB_FILE: file,
        GATEWAY_URL: sb.url,
        FROM: String(from),
        TO: String(to),
        PAGE_SIZE: '100',
        CLOCK_OFFSET_MS: String(sb.core.clock.offset),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('kept 100') && resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await control(sb, 'DELETE', '/faults');

    const s = open('killed.sqlite');
    expect(s.syncs.unfinished('sandbox')).toMatchObject([{ state: 'running', nextPage: 1, fetched: 100 }]);
    expect(s.orders.count('sandbox')).toBe(100);
    // Pages 1 and 2 of the window it was reading (not page 0 again), then one page of changes since.
    const requests = await requestsDuring(async () => expect(await s.sync.sync({ from, to })).toMatchObject({ state: 'done' }));
    expect(requests).toBe(3);
    expect(s.orders.count('sandbox')).toBe(250);
    expect(s.syncs.unfinished('sandbox')).toEqual([]);
    s.db.close();
  }, 30_000);

  it('stops after the page in flight when cancelled, and a later sync finishes the window', async () => {
    const s = open('cancel.sqlite');
    const stop = new AbortController();
    const window = { from, to: LATER };
    const outcome = await s.sync.sync(window, { signal: stop.signal, onProgress: () => stop.abort() });
    expect(outcome.state).toBe('cancelled');
    const [left] = s.syncs.unfinished('sandbox');
    expect(left).toMatchObject({ state: 'cancelled' });
    expect(s.orders.count('sandbox')).toBe(left!.fetched);
    expect(await s.sync.sync(window)).toMatchObject({ state: 'done' });
    expect(s.orders.count('sandbox')).toBe(250);
    s.db.close();
  });

  it('reads later only what changed: an order refunded at the gateway tomorrow is updated, the window is not read again', async () => {
    const s = open('changes.sqlite');
    const window = { from, to: LATER };
    await s.sync.sync(window);
    const paid = registered[1]!;
    expect(s.orders.get('sandbox', paid)?.status).toBe(2);
    await advance(MINUTE);
    await client.refund({ orderId: paid, amount: 101 });
    const fresh = await register(sb, { amount: 777 });
    await advance(MINUTE);

    const requests = await requestsDuring(async () => expect(await s.sync.sync({ from, to: LATER })).toMatchObject({ state: 'done' }));
    // The part of the window after the last sync, then the changes since it: one page each.
    expect(requests).toBe(2);
    expect(s.orders.get('sandbox', paid)).toMatchObject({ status: 4, refunded: 101 });
    expect(s.orders.get('sandbox', fresh)).toMatchObject({ status: 0, amount: 777 });
    expect(s.orders.count('sandbox')).toBe(251);
    s.db.close();
  });

  it('keeps nothing of a page the gateway refused, and says the sync failed', async () => {
    const s = open('failed.sqlite');
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'status', status: 503, count: 0 }],
    });
    const outcome = await s.sync.sync({ from, to: LATER });
    await control(sb, 'DELETE', '/faults');
    expect(outcome.state).toBe('failed');
    expect(s.orders.count('sandbox')).toBe(0);
    expect(s.syncs.unfinished('sandbox')).toMatchObject([{ state: 'failed', nextPage: 0 }]);
    expect(await s.sync.sync({ from, to: LATER })).toMatchObject({ state: 'done' });
    expect(s.orders.count('sandbox')).toBe(registered.length + 1);
    s.db.close();
  });
});
