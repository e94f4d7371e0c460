/**
 * Batch look-up of 10,000 orders against the sandbox in its own process, limited to 500 requests per
 * second, through the client the app builds (appClientOptions: what a person meets) and OrderService.lookupMany
 * over a SQLite file: wall time against the ideal (N / limit), the 429 answers drawn, and the main thread's busy
 * time. Two runs side by side: the environment's rate known (set in Settings; the embedded sandbox's own), and
 * not known (the app before the rate could be set: its limiter learns only from 429 answers). Then, where a
 * person meets it, the same batch through the IPC over HTTP: the app in browser mode in a process of its own
 * (bench/batch-ipc-host.ts; its embedded sandbox allowing the same rate, which the app reads as it opens),
 * started with orders.batch.start and read with orders.batch.results as the screen does, until it is done.
 *
 *   npm run bench:batch [-- --orders 10000 --limit 500]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { GatewayClient } from '../main/gateway/client.js';
import { appClientOptions } from '../main/services/gatewayClientOptions.js';
import { OrderService, type OrderView } from '../main/services/orders.js';
import { openDatabase } from '../main/store/database.js';
import { OrderCache } from '../main/store/orderCache.js';
import { SqliteOperationJournal } from '../main/store/operations.js';
import { SqliteChargeJournal } from '../main/store/journal.js';
import { pinApart, sandboxControl, startListening, startSandboxProcess } from './child.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' }, limit: { type: 'string', default: '500' } } });
const n = Number(values.orders);
const limit = Number(values.limit);
const credentials = { userName: 'sandbox-api', password: 'sandbox-pass' };

const sandbox = await startSandboxProcess();
const pinned = pinApart(sandbox.child);
const dir = mkdtempSync(join(tmpdir(), 'bench-batch-'));
try {
  // Orders to look up, made before the limit applies.
  const setup = new GatewayClient({ baseUrl: sandbox.url, credentials, limits: { maxInFlight: 32 } });
  const numbers = Array.from({ length: n }, (_, i) => `BATCH-${Date.now()}-${i}`);
  for (let i = 0; i < n; i += 500) {
    await Promise.all(
      numbers.slice(i, i + 500).map((orderNumber) => setup.register({ orderNumber, amount: 100, returnUrl: 'https://shop.example/ok' })),
    );
  }
  await setup.close();
  await sandboxControl(sandbox, 'PATCH', '/merchants/sandbox', { rps: limit });

  const ideal = n / limit;
  console.log(`\n${n} look-ups, sandbox limited to ${limit} requests/s, ideal ${ideal.toFixed(1)} s; pinned apart: ${pinned}`);
  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  const rows: string[][] = [];
  for (const [name, rps] of [
    ['rate known (set, or the sandbox’s own)', limit],
    ['rate not known (as before)', 0],
  ] as const) {
    // Each run starts after the window the one before opened has closed.
    await sleep(1_100);
    const client = new GatewayClient(appClientOptions({ baseUrl: sandbox.url, credentials, limits: { rps, concurrency: 0 } }));
    const db = openDatabase(join(dir, `${rps}.sqlite`));
    const service = new OrderService({
      environment: 'bench',
      client,
      cache: new OrderCache<OrderView>(db),
      charges: new SqliteChargeJournal(db),
      operations: new SqliteOperationJournal(db),
    });
    const busyBefore = performance.eventLoopUtilization();
    const started = performance.now();
    const results = await service.lookupMany(numbers);
    const seconds = (performance.now() - started) / 1000;
    const busy = performance.eventLoopUtilization(busyBefore);
    const found = results.filter((r) => r.kind === 'found').length;
    rows.push([
      name,
      seconds.toFixed(1),
      (seconds / ideal).toFixed(3),
      String(client.limiter.throttledCount),
      `${((client.limiter.throttledCount / n) * 100).toFixed(2)}%`,
      `${found} / ${n - found}`,
      `${(busy.active / 1000).toFixed(1)} s (${(busy.utilization * 100).toFixed(0)}%)`,
    ]);
    await client.close();
    db.close();
  }
  // Through the IPC: the direct runs' sandbox is done with, and the app's process takes its core.
  sandbox.child.kill();
  rows.push(await throughIpc());
  const header = ['client', 'wall s', 'ratio to ideal', '429 answers', 'of look-ups', 'found / not', 'main thread busy'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  sandbox.child.kill();
  rmSync(dir, { recursive: true, force: true });
}

/** The batch through the app's IPC over HTTP, in browser mode in its own process: a row of the table. */
async function throughIpc(): Promise<string[]> {
  const folder = join(dir, 'host');
  const token = randomBytes(24).toString('base64url');
  const prefix = `IPC-${Date.now()}`;
  const host = await startListening(
    ['--import', 'tsx', 'bench/batch-ipc-host.ts', '--dir', folder, '--orders', String(n), '--prefix', prefix, '--limit', String(limit)],
    { ...process.env, BENCH_HOST_TOKEN: token },
  );
  pinApart(host.child);
  let refusals = 0;
  host.child.stdout!.on('data', (d: Buffer) => (refusals += (d.toString().match(/^429$/gm) ?? []).length));
  const ipc = async <T>(channel: string, payload: unknown): Promise<T> => {
    const res = await fetch(`${host.url}/ipc/${channel}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: host.url, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const envelope = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.value;
  };
  try {
    const person = { login: 'bench', displayName: 'Bench', password: 'a password for the benchmark' };
    const { state } = await ipc<{ state: string }>('session.get', {});
    if (state === 'firstAdministrator') await ipc('session.firstAdministrator', person);
    else await ipc('session.signIn', { login: person.login, password: person.password });
    // The window the app's opening requests opened closes first.
    await sleep(1_100);
    const numbers = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
    const started = performance.now();
    const { batchId } = await ipc<{ batchId: string }>('orders.batch.start', { text: numbers.join('\n') });
    let from = 0;
    let found = 0;
    for (;;) {
      const r = await ipc<{ state: string; rows: { result: string }[] }>('orders.batch.results', { batchId, from });
      from += r.rows.length;
      found += r.rows.filter((row) => row.result === 'found').length;
      if (r.state !== 'running' && r.rows.length === 0) break;
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    return [
      'rate known, through the IPC over HTTP (browser mode)',
      seconds.toFixed(1),
      (seconds / (n / limit)).toFixed(3),
      String(refusals),
      `${((refusals / n) * 100).toFixed(2)}%`,
      `${found} / ${n - found}`,
      'its own process',
    ];
  } finally {
    host.child.kill('SIGTERM');
    await new Promise((resolve) => host.child.once('exit', resolve));
  }
}
