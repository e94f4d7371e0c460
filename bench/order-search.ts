/**
 * The Orders list's queries over the offline cache (store/periodOrders.ts): 200 mixed filter queries, each
 * what the list shows of it (PeriodOrders.answer: a page, the count, the totals and the chart), over 1,000,000 cached
 * orders and, in the same run, the same queries over 10,000 orders in another file; p50/p95/max of each
 * and the ratio of the p95s (how the cost grows with the cache), and the p95 per kind of filter.
 *
 *   npm run bench:order-search [-- --orders 1000000 --small 10000 --queries 200 --dir FOLDER]
 *
 * The orders are written straight into the files with PeriodOrders.putMany in large transactions, spread
 * like a shop's: 90 days, every state, three currencies, thousands of cards and clients, descriptions
 * made of a shop's words. Seeded, so every run builds the same files and asks the same queries.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../main/store/database.js';
import { PeriodOrders, type PeriodOrder } from '../main/store/periodOrders.js';
import { mixedQueries, type Query } from './periodQueries.js';
import { shopOrders } from './shopOrders.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    // Keeps the files there and reuses them in later runs (they are built again only if missing).
    dir: { type: 'string' },
  },
});
const ENV = 'sandbox';
/** Fixed, so that the presets below fall on the same orders in every run. */
const NOW = Date.UTC(2026, 10, 23, 15);

function build(file: string, n: number): PeriodOrders {
  const db = openDatabase(file);
  const orders = new PeriodOrders(db);
  if (orders.count(ENV) === n) return orders;
  const batch: PeriodOrder[] = [];
  for (const o of shopOrders(n, 14, NOW)) {
    batch.push(o);
    if (batch.length === 50_000) orders.putMany(ENV, batch.splice(0), NOW);
  }
  orders.putMany(ENV, batch, NOW);
  db.pragma('optimize');
  return orders;
}

interface Timing {
  readonly kind: string;
  readonly ms: number;
}

/**
 * What the list asks for a query: its first screen (newest first, 100 rows), how many match, the totals
 * per state and currency of everything matched and the chart per day.
 */
function measure(orders: PeriodOrders, qs: readonly Query[]): Timing[] {
  return qs.map(({ kind, q }) => {
    const t = performance.now();
    orders.answer(ENV, q, { limit: 100 }, 180);
    return { kind, ms: performance.now() - t };
  });
}

const quantile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0;
};

async function main(): Promise<void> {
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'bench-order-search-'));
  mkdirSync(dir, { recursive: true });
  const n = Number(values.orders);
  const small = Number(values.small);
  try {
    let t = performance.now();
    const big = build(join(dir, 'big.sqlite'), n);
    console.log(
      `\n${n} orders in the cache (written with putMany, or kept from an earlier run with --dir) after ${((performance.now() - t) / 1000).toFixed(1)} s; ${small} in another file`,
    );
    t = performance.now();
    const little = build(join(dir, 'small.sqlite'), small);
    const qs = mixedQueries(Number(values.queries), NOW);
    t = performance.now();
    await big.ready(ENV);
    console.log(
      `index of ${n} orders loaded from the file in ${((performance.now() - t) / 1000).toFixed(1)} s (in slices, the event loop free between them)`,
    );
    await little.ready(ENV);
    measure(little, qs.slice(0, 20)); // warm-up of the statements and the page cache
    measure(big, qs.slice(0, 20));
    const onSmall = measure(little, qs);
    const onBig = measure(big, qs);
    const line = (name: string, ts: readonly Timing[]) =>
      console.log(
        `${name.padEnd(16)} p50 ${quantile(
          ts.map((x) => x.ms),
          0.5,
        )
          .toFixed(2)
          .padStart(7)} ms   p95 ${quantile(
          ts.map((x) => x.ms),
          0.95,
        )
          .toFixed(2)
          .padStart(7)} ms   max ${Math.max(...ts.map((x) => x.ms))
          .toFixed(2)
          .padStart(7)} ms`,
      );
    console.log(`${qs.length} mixed queries, each a page of 100, the count, the totals and the chart per day, node ${process.version}`);
    line(`${small} orders`, onSmall);
    line(`${n} orders`, onBig);
    const p95 = (ts: readonly Timing[]) =>
      quantile(
        ts.map((x) => x.ms),
        0.95,
      );
    console.log(`ratio of p95s: ${(p95(onBig) / p95(onSmall)).toFixed(1)} (target: p95 over ${n} < 50 ms)`);
    const byFilter = new Map<string, number[]>();
    for (const x of onBig) {
      const filter = x.kind.split(': ')[1]!;
      byFilter.set(filter, [...(byFilter.get(filter) ?? []), x.ms]);
    }
    console.log(`\np95 per filter over ${n} (queries):`);
    for (const [filter, ms] of [...byFilter].sort((a, b) => quantile(b[1], 0.95) - quantile(a[1], 0.95)))
      console.log(`  ${filter.padEnd(20)} ${quantile(ms, 0.95).toFixed(2).padStart(8)} ms  (${ms.length})`);
    const slowest = [...onBig.map((x, i) => ({ ...x, q: qs[i]!.q }))].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log('\nslowest:');
    for (const s of slowest)
      console.log(`  ${s.ms.toFixed(1).padStart(7)} ms  ${s.kind}  ${JSON.stringify({ ...s.q, from: undefined, to: undefined })}`);
  } finally {
    if (values.dir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
