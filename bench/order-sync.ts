/**
 * The order sync (services/orderSync.ts) of 100,000 orders from the sandbox into a fresh SQLite file,
 * against a bare loop of the same page requests over raw undici to the same sandbox, in one run: wall
 * times and their ratio (the cache writes must not be the bottleneck), and this process's event-loop delay
 * p99 while the sync runs (the app's main process must stay responsive). The sandbox runs in its own
 * process, seeded with the orders over the last 90 days, pinned to the other core where taskset exists.
 *
 *   npm run bench:order-sync [-- --orders 100000 --rounds 2]
 *
 * Rounds alternate raw, sync, raw, sync, ...; the ratio is the median of each sync against the mean of the
 * raw loops either side of it, so a slow patch on the shared machine weighs on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { GatewayClient } from '../main/gateway/client.js';
import { formatDateTime14 } from '../main/protocol/fields.js';
import { PAYMENT_STATES } from '../main/protocol/requests/reports.js';
import { lastOrdersSource, OrderSync, PAGE_SIZE } from '../main/services/orderSync.js';
import { openDatabase } from '../main/store/database.js';
import { OrderSyncs } from '../main/store/orderSyncs.js';
import { inThreadKeeper, WorkerKeeper } from '../main/store/pageKeeper.js';
import { PeriodOrders } from '../main/store/periodOrders.js';
import { pinApart, startSandboxProcess } from './child.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
  },
});
const ORDERS = Number(values.orders);
const ROUNDS = Number(values.rounds);
const DAY = 24 * 60 * 60_000;
const credentials = { userName: 'sandbox-api', password: 'sandbox-pass' };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(['--seed-orders', String(ORDERS)]);
  const pinned = pinApart(sandbox.child);
  const dir = mkdtempSync(join(tmpdir(), 'bench-order-sync-'));
  const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000, pipelining: 1 });
  const client = new GatewayClient({ baseUrl: sandbox.url, credentials });
  // The seeded orders span the 90 days before the sandbox started; a day more either side holds them all.
  const window = { from: Date.now() - 92 * DAY, to: Date.now() + 1000 };
  const url = `${sandbox.url}/payment/rest/getLastOrdersForMerchants.do`;

  /** The same pages the sync asks for (lastOrdersSource's fields), one after another, each parsed. */
  const rawLoop = async (): Promise<{ ms: number; orders: number }> => {
    const started = performance.now();
    let orders = 0;
    for (let page = 0; ; page++) {
      const body = new URLSearchParams({
        ...credentials,
        from: formatDateTime14(Math.floor(window.from / 1000) * 1000),
        to: formatDateTime14(window.to - 1),
        transactionStates: PAYMENT_STATES.join(','),
        page: String(page),
        size: String(PAGE_SIZE),
        searchByCreatedDate: 'true',
      }).toString();
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        dispatcher: agent,
      });
      const json = (await res.body.json()) as { errorCode?: string; totalCount: number; orderStatuses: unknown[] };
      if (res.statusCode !== 200 || json.errorCode !== '0') throw new Error(`raw request failed: ${res.statusCode} ${json.errorCode}`);
      orders += json.orderStatuses.length;
      if (json.orderStatuses.length === 0 || (page + 1) * PAGE_SIZE >= json.totalCount) break;
    }
    return { ms: performance.now() - started, orders };
  };

  let files = 0;
  const sync = async (): Promise<{ ms: number; orders: number; p99: number; max: number }> => {
    const file = join(dir, `cache-${files++}.sqlite`);
    const db = openDatabase(file);
    const syncs = new OrderSyncs(db, new PeriodOrders(db));
    // As the app does: pages written by the worker thread (store/pageKeeper.ts), which lives as long as its
    // environment is open, so a sync finds it running. Started here before the clock: from the sources it
    // boots through tsx, hundreds of milliseconds on this process's core that the built app does not spend.
    const keeper = new WorkerKeeper(file, inThreadKeeper(syncs));
    await keeper.open();
    const orderSync = new OrderSync({ syncs, environment: 'sandbox', source: lastOrdersSource(client), keeper });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const outcome = await orderSync.sync(window);
    const ms = performance.now() - started;
    delay.disable();
    await keeper.close();
    db.close();
    if (outcome.state !== 'done') throw new Error(`sync ended ${outcome.state}`);
    return { ms, orders: outcome.fetched, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  };

  try {
    console.log(
      `\nSync of ${ORDERS} orders (pages of ${PAGE_SIZE}) from the sandbox in its own process${pinned ? ' pinned to another core' : ''} into a fresh SQLite file (WAL, synchronous=FULL), node ${process.version}`,
    );
    await rawLoop(); // warm-up: the sandbox's JIT and both paths' modules
    const raws = [await rawLoop()];
    const syncs: Awaited<ReturnType<typeof sync>>[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      syncs.push(await sync());
      raws.push(await rawLoop());
    }
    for (const s of syncs) if (s.orders !== raws[0]!.orders) throw new Error(`the sync read ${s.orders} orders, raw ${raws[0]!.orders}`);
    const ratios = syncs.map((s, i) => s.ms / ((raws[i]!.ms + raws[i + 1]!.ms) / 2));
    console.log(`raw undici page loop:  ${raws.map((r) => (r.ms / 1000).toFixed(2)).join(' s, ')} s  (${raws[0]!.orders} orders)`);
    console.log(`OrderSync into SQLite: ${syncs.map((s) => (s.ms / 1000).toFixed(2)).join(' s, ')} s`);
    console.log(`ratio sync/raw: ${median(ratios).toFixed(2)} (median of ${ratios.map((x) => x.toFixed(2)).join(', ')}; target <= 1.1)`);
    console.log(
      `event-loop delay during the sync: p99 ${median(syncs.map((s) => s.p99)).toFixed(1)} ms, max ${Math.max(...syncs.map((s) => s.max)).toFixed(1)} ms (target p99 < 50 ms)`,
    );
  } finally {
    await client.close();
    await agent.close();
    sandbox.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
