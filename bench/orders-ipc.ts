/**
 * The Orders list at a million cached orders as the user meets it: the app in browser mode in its own
 * process, reached through its IPC over HTTP as the renderer reaches it, on a data folder written as a sync
 * writes (one transaction per page of 1,000), side by side with the same app on a small folder.
 *
 * For each folder, from the host's start:
 * - the first open: from starting the process to the first answer listing today's orders (what the Orders
 *   screen shows first), and that answer's own round trip;
 * - while the list's index loads: app.info round trips one after another, their p50, p99 and max;
 * - once loaded: 200 mixed filter queries (bench/periodQueries.ts), each a page of 100 with the count, the
 *   totals and the chart, p50/p95/max; every period preset in every sort; and pages of 90 days sorted by
 *   amount at every depth;
 * - the host process's resident memory.
 *
 *   npm run bench:orders-ipc [-- --orders 1000000 --small 10000 --dir FOLDER]   (--dir keeps the folders)
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { PERIOD_PRESETS, presetWindow } from '../main/domain/period.js';
import type { ListedView, OrderListView, PeriodSort } from '../main/ipc/contract.js';
import type { PeriodQuery } from '../main/store/periodOrders.js';
import { signIn, startHost, stopHost, type Host } from './appHost.js';
import { mixedQueries } from './periodQueries.js';
import { shopFolder } from './shopOrders.js';

// The host and this process agree on the days of the presets.
process.env.TZ = 'UTC';
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    dir: { type: 'string' },
  },
});
const DAY = 86_400_000;
const SORTS: readonly PeriodSort[] = ['newest', 'oldest', 'amountDesc', 'amountAsc'];
const PAGE = 100;

const quantile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const view = (host: Host, query: PeriodQuery, sort: PeriodSort = 'newest', offset = 0) =>
  host.call<OrderListView>('period.view', { query, page: { sort, offset, limit: PAGE }, utcOffsetMinutes: 0 });

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t };
}

/** The median of three round trips of one page. */
async function pageMs(host: Host, query: PeriodQuery, sort: PeriodSort, offset = 0): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push((await timed(() => view(host, query, sort, offset))).ms);
  return quantile(times, 0.5);
}

const memoryOf = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

interface Measured {
  readonly orders: number;
  readonly firstOpenMs: number;
  readonly firstViewMs: number;
  readonly loadedMs: number;
  readonly whileLoading: readonly number[];
  readonly queries: readonly number[];
  readonly presets: ReadonlyMap<string, number>;
  readonly deep: ReadonlyMap<string, number>;
  readonly memory: { rss: number; peak: number };
}

async function measure(folder: string, orders: number, now: number): Promise<Measured> {
  const started = performance.now();
  const host = await startHost(folder);
  try {
    await signIn(host);
    const today = presetWindow('today', now);
    // The first open: today's orders, as the Orders screen asks first.
    let first = await timed(() => view(host, today));
    while (first.value.preparing) first = await timed(() => view(host, today));
    const firstOpenMs = performance.now() - started;
    // While the index loads: round trips of a call that needs nothing from it, five a second, as a screen in use
    // asks (the load gives way to calls, so calls without pause would hold it back).
    const ninety = { from: today.to - 90 * DAY, to: today.to };
    const whileLoading: number[] = [];
    let loaded = false;
    const watch = (async () => {
      while (!loaded) {
        loaded = !(await view(host, ninety)).preparing;
        if (!loaded) await sleep(1000);
      }
    })();
    while (!loaded) {
      whileLoading.push((await timed(() => host.call('app.info', {}))).ms);
      await sleep(200);
    }
    await watch;
    const loadedMs = performance.now() - started;

    const queries: number[] = [];
    for (const { q } of mixedQueries(Number(values.queries), now)) queries.push((await timed(() => view(host, q))).ms);
    const presets = new Map<string, number>();
    for (const preset of PERIOD_PRESETS)
      for (const sort of SORTS) presets.set(`${preset} ${sort}`, await pageMs(host, presetWindow(preset, now), sort));
    const { total } = (await view(host, ninety)) as ListedView;
    const deep = new Map<string, number>();
    for (const sort of ['amountDesc', 'amountAsc'] as const)
      for (const depth of [0, 0.25, 0.5, 0.75, 1]) {
        const offset = Math.max(0, Math.min(Math.floor(total * depth), total - PAGE));
        deep.set(`${sort} at ${depth * 100}%`, await pageMs(host, ninety, sort, offset));
      }
    return {
      orders,
      firstOpenMs,
      firstViewMs: first.ms,
      loadedMs,
      whileLoading,
      queries,
      presets,
      deep,
      memory: memoryOf(host.child),
    };
  } finally {
    await stopHost(host);
  }
}

const root = values.dir ?? mkdtempSync(join(tmpdir(), 'bench-orders-ipc-'));
const now = Date.now();
const big = join(root, `orders-${values.orders}`);
const small = join(root, `orders-${values.small}`);
try {
  for (const [folder, n] of [
    [big, Number(values.orders)],
    [small, Number(values.small)],
  ] as const) {
    // A folder kept from an earlier day is written again, so that its 90 days end today.
    if (
      values.dir !== undefined &&
      existsSync(join(folder, 'written-on')) &&
      readFileSync(join(folder, 'written-on'), 'utf8') !== String(Math.floor(now / DAY))
    )
      rmSync(folder, { recursive: true, force: true });
    shopFolder(folder, n, now, 1000);
    writeFileSync(join(folder, 'written-on'), String(Math.floor(now / DAY)));
  }
  const loadBefore = loadavg();
  // The small folder first: its host warms the file cache of the sources and the sandbox, not the big file.
  const onSmall = await measure(small, Number(values.small), now);
  const onBig = await measure(big, Number(values.orders), now);
  const loadAfter = loadavg();

  console.log(`\nThe app in browser mode, its own process, reached through the IPC over HTTP; node ${process.version}`);
  console.log(
    `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const row = (label: string, f: (m: Measured) => string) =>
    console.log(`${label.padEnd(46)}${f(onSmall).padStart(18)}${f(onBig).padStart(18)}`);
  row('cached orders', (m) => m.orders.toLocaleString('en-US'));
  row('first open: start to today listed', (m) => ms(m.firstOpenMs));
  row('  its view round trip', (m) => ms(m.firstViewMs));
  row('start to index loaded', (m) => ms(m.loadedMs));
  row('app.info while loading: count', (m) => String(m.whileLoading.length));
  row('  p50', (m) => ms(quantile(m.whileLoading, 0.5)));
  row('  p99', (m) => ms(quantile(m.whileLoading, 0.99)));
  row('  max', (m) => ms(Math.max(0, ...m.whileLoading)));
  row(`${values.queries} mixed queries: p50`, (m) => ms(quantile(m.queries, 0.5)));
  row('  p95', (m) => ms(quantile(m.queries, 0.95)));
  row('  max', (m) => ms(Math.max(...m.queries)));
  for (const key of onBig.presets.keys()) row(`preset ${key}`, (m) => ms(m.presets.get(key)!));
  for (const key of onBig.deep.keys()) row(`90 days, ${key}`, (m) => ms(m.deep.get(key)!));
  row('host memory now (MB)', (m) => m.memory.rss.toFixed(0));
  row('host memory peak (MB)', (m) => m.memory.peak.toFixed(0));
  const slowest = (m: Measured) => Math.max(...m.deep.values());
  console.log(
    `\nfirst open, ${onBig.orders.toLocaleString('en-US')} against ${onSmall.orders.toLocaleString('en-US')}: ratio ${(onBig.firstOpenMs / onSmall.firstOpenMs).toFixed(2)} (target <= 1.2)`,
  );
  console.log(`app.info p99 while the index loads: ${ms(quantile(onBig.whileLoading, 0.99))} (target < 100 ms)`);
  console.log(
    `search p95 through the IPC: ${ms(quantile(onBig.queries, 0.95))} (target < 50 ms), ratio to the small folder ${(quantile(onBig.queries, 0.95) / quantile(onSmall.queries, 0.95)).toFixed(1)}`,
  );
  console.log(`slowest amount-sorted page of 90 days: ${ms(slowest(onBig))} (target < 100 ms)`);
} finally {
  if (values.dir === undefined) rmSync(root, { recursive: true, force: true });
}
