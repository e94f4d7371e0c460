/**
 * The sandbox's memory at a million orders: a sandbox process with a data file is seeded with N orders
 * (--seed-orders), then every one of them is paged through getLastOrdersForMerchants.do as the app's order
 * sync reads them (services/orderSync.ts: pages of PAGE_SIZE by registration date, READ_AHEAD pages asked
 * for ahead of the one being read). Printed per size: the seeding's wall time and peak RSS, the sync's
 * wall time, and the sandbox's peak RSS during the sync (VmHWM, reset once the seeding is done) with the
 * largest RSS sampled every 50 ms. A smaller sandbox runs first in the same run, so the growth shows as a ratio.
 *
 *   npm run bench:sandbox-memory [-- --orders 1000000 --small 100000 --dir FOLDER]
 *
 * With --dir the data files are kept there (and a file already seeded with as many orders is used as it is);
 * without, they go in a temporary folder removed at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { formatDateTime14 } from '../main/protocol/fields.js';
import { PAYMENT_STATES } from '../main/protocol/requests/reports.js';
import { PAGE_SIZE, READ_AHEAD } from '../main/services/orderSync.js';
import { startSandboxProcess } from './child.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '100000' },
    dir: { type: 'string' },
  },
});
const DAY = 24 * 60 * 60_000;
const credentials = { userName: 'sandbox-api', password: 'sandbox-pass' };

/** A field of /proc/<pid>/status, in MB. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Figures {
  orders: number;
  seedS: number | undefined;
  seedPeakMb: number;
  fileMb: number;
  syncS: number;
  syncPeakMb: number;
  syncSampledMb: number;
  pages: number;
}

/** Every order of the seeded 90 days, page after page, READ_AHEAD + 1 requests in flight as the sync keeps them. */
async function syncAll(url: string, child: ChildProcess, expected: number): Promise<{ ms: number; pages: number; sampledMb: number }> {
  const agent = new Agent({ connections: READ_AHEAD + 1, keepAliveTimeout: 30_000, pipelining: 1 });
  const window = { from: Date.now() - 92 * DAY, to: Date.now() + 1000 };
  let sampledMb = 0;
  const sampler = setInterval(() => (sampledMb = Math.max(sampledMb, statusMb(child.pid!, 'VmRSS'))), 50);
  const page = async (n: number) => {
    const res = await request(`${url}/payment/rest/getLastOrdersForMerchants.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...credentials,
        from: formatDateTime14(Math.floor(window.from / 1000) * 1000),
        to: formatDateTime14(window.to - 1),
        transactionStates: PAYMENT_STATES.join(','),
        page: String(n),
        size: String(PAGE_SIZE),
        searchByCreatedDate: 'true',
      }).toString(),
      dispatcher: agent,
    });
    const json = (await res.body.json()) as { errorCode?: string; totalCount: number; orderStatuses: unknown[] };
    if (res.statusCode !== 200 || json.errorCode !== '0') throw new Error(`page ${n}: ${res.statusCode} ${json.errorCode}`);
    return json;
  };
  const started = performance.now();
  try {
    const first = await page(0);
    if (first.totalCount !== expected) throw new Error(`the sandbox counts ${first.totalCount} orders, not ${expected}`);
    const pages = Math.ceil(first.totalCount / PAGE_SIZE);
    let read = first.orderStatuses.length;
    let next = 1;
    const worker = async () => {
      while (next < pages) {
        const answer = await page(next++);
        read += answer.orderStatuses.length;
      }
    };
    await Promise.all(Array.from({ length: READ_AHEAD + 1 }, worker));
    if (read !== expected) throw new Error(`read ${read} orders of ${expected}`);
    return { ms: performance.now() - started, pages, sampledMb };
  } finally {
    clearInterval(sampler);
    await agent.close();
  }
}

async function measure(dir: string, orders: number): Promise<Figures> {
  const file = join(dir, `sandbox-${orders}.sqlite`);
  const seeded = `${file}.seeded`;
  const reuse = existsSync(seeded);
  const started = performance.now();
  const sandbox = await startSandboxProcess(['--data', file, ...(reuse ? [] : ['--seed-orders', String(orders)])]);
  const seedS = reuse ? undefined : (performance.now() - started) / 1000;
  const pid = sandbox.child.pid!;
  try {
    if (!reuse) writeFileSync(seeded, '');
    const seedPeakMb = statusMb(pid, 'VmHWM');
    // Resets VmHWM, so that what follows is the sync's own peak (proc(5), clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const sync = await syncAll(sandbox.url, sandbox.child, orders);
    return {
      orders,
      seedS,
      seedPeakMb,
      fileMb: statSync(file).size / 1024 / 1024,
      syncS: sync.ms / 1000,
      syncPeakMb: statusMb(pid, 'VmHWM'),
      syncSampledMb: sync.sampledMb,
      pages: sync.pages,
    };
  } finally {
    const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
    sandbox.child.kill();
    await exited;
  }
}

async function main(): Promise<void> {
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'bench-sandbox-memory-'));
  const sizes = [Number(values.small), Number(values.orders)];
  console.log(
    `\nThe sandbox in its own process with a data file, seeded, then synced whole (pages of ${PAGE_SIZE}, ${READ_AHEAD + 1} in flight); node ${process.version}`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    const figures: Figures[] = [];
    for (const n of sizes) {
      const f = await measure(dir, n);
      figures.push(f);
      console.log(
        `${String(n).padStart(9)} orders: seeded in ${f.seedS === undefined ? '(reused)' : `${f.seedS.toFixed(1)} s`}, peak ${f.seedPeakMb.toFixed(0)} MB, file ${f.fileMb.toFixed(0)} MB; ` +
          `sync ${f.syncS.toFixed(1)} s (${f.pages} pages, ${((f.orders / f.syncS) | 0).toLocaleString('en')} orders/s), ` +
          `peak RSS ${f.syncPeakMb.toFixed(0)} MB (VmHWM), ${f.syncSampledMb.toFixed(0)} MB sampled`,
      );
    }
    const [small, large] = figures as [Figures, Figures];
    console.log(
      `ratio ${large.orders}/${small.orders} orders (${(large.orders / small.orders).toFixed(0)}x): sync peak RSS ${(large.syncPeakMb / small.syncPeakMb).toFixed(2)}, ` +
        `sync time ${(large.syncS / small.syncS).toFixed(2)}, seeding peak ${(large.seedPeakMb / small.seedPeakMb).toFixed(2)}`,
    );
    console.log(
      `${large.orders} orders: sync peak RSS ${large.syncPeakMb.toFixed(0)} MB, target < 500 MB: ${large.syncPeakMb < 500 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (values.dir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
