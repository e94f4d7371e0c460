/**
 * What the PostgreSQL benchmarks share: a throwaway cluster (test/store/postgresCluster.ts) that is destroyed
 * at the end, also on error; a migrated team database with some history in it; charges on cards of their own;
 * the charge service's kind of guard; and a count and timing of the statements each pool's connections send.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { ChargeGuard, NewCharge } from '../main/store/journal.js';
import { migrateTeamDatabase } from '../main/store/postgres/migrate.js';
import { openTeamDatabase, type TeamDatabase } from '../main/store/postgres/teamDatabase.js';
import { startPostgres, type PostgresCluster } from '../test/store/postgresCluster.js';

/** The guard's look-back in the charge service: a batch row's window, 24 hours. */
export const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** Why the bench's guard refused a charge. */
export type Refusal = 'notSettled' | 'referenceUsed' | 'sameLately';

/**
 * The charge service's rules (services/charges.ts) in short: a card with a charge still open, a reference
 * already used (unless its charge failed) and the same card and amount within ten minutes are refused.
 */
export const guard: ChargeGuard<Refusal> = (facts) => {
  if (facts.openOnCard.length > 0) return 'notSettled';
  if (facts.underReference && facts.underReference.state !== 'FAILED') return 'referenceUsed';
  if (facts.similar.some((c) => c.at >= facts.now - REPEAT_WINDOW_MS)) return 'sameLately';
  return undefined;
};

let serial = 0;

/** A charge on a card (and under a reference) no other charge of this process used. */
export function newCharge(prefix: string, card?: string): NewCharge {
  const n = ++serial;
  return {
    environment: 'bench',
    orderNumber: `${prefix}-${n}`,
    amount: 100 + (n % 5000),
    currency: '643',
    bindingId: card ?? `${prefix}-card-${n}`,
    clientId: `client-${n % 20_000}`,
    category: 'RECURRENT',
    description: 'bench',
    maskedPan: '411111**1111',
    operator: 'bench',
    at: Date.now(),
  };
}

/** One statement as the connection saw it: what it was, and how long from sending it to its answer. */
export interface Statement {
  readonly sql: string;
  readonly startedAt: number;
  readonly ms: number;
}

/** Statements sent inside `timed(record, fn)` are pushed onto its record. */
const current = new AsyncLocalStorage<Statement[]>();

export function timed<T>(record: Statement[], fn: () => Promise<T>): Promise<T> {
  return current.run(record, fn);
}

/** A desk's pool to the team database that counts every statement its connections send (one round trip each). */
export interface CountedDatabase extends TeamDatabase {
  statements(): number;
}

const sqlOf = (query: unknown): string =>
  typeof query === 'object' && query !== null && 'text' in query ? String(query.text) : String(query);

export function openCounted(url: string): CountedDatabase {
  const db = openTeamDatabase(url);
  let count = 0;
  db.pool.on('connect', (client: pg.PoolClient) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      count++;
      const record = current.getStore();
      if (record === undefined) return send(...args);
      const startedAt = performance.now();
      const done = () => record.push({ sql: sqlOf(args[0]), startedAt, ms: performance.now() - startedAt });
      // pg-pool's own query() passes a callback; the store's transaction() awaits a promise.
      const callback = args.at(-1);
      if (typeof callback === 'function')
        return send(...args.slice(0, -1), (...answer: unknown[]) => {
          done();
          return (callback as (...a: unknown[]) => unknown)(...answer);
        });
      return (send(...args) as Promise<unknown>).then((result) => {
        done();
        return result;
      });
    }) as typeof client.query;
  });
  return { ...db, statements: () => count };
}

/**
 * Starts a cluster and a database, migrated, with `history` settled charges over the last day on 5,000
 * cards (so the guard's indexes are not empty), runs fn with its URL, and destroys the cluster whatever fn did.
 */
export async function withTeamDatabase(history: number, fn: (url: string, cluster: PostgresCluster) => Promise<void>): Promise<void> {
  // A process killed before the end (Ctrl-C) leaves nothing either: the cluster's watchdog stops and removes it.
  let cluster: PostgresCluster | undefined;
  try {
    cluster = await startPostgres();
    const url = await cluster.newDatabase();
    const db = openTeamDatabase(url);
    try {
      await migrateTeamDatabase(db);
      await db.pool.query(
        `INSERT INTO charge_journal (environment, order_number, amount, currency, binding_id, client_id, category, operator, state,
           created_at, updated_at)
         SELECT 'bench', 'HIST-' || i, 100 + i % 5000, '643', 'hist-card-' || i % 5000, 'client-' || i % 20000, 'RECURRENT', 'bench',
           CASE WHEN i % 10 = 0 THEN 'DECLINED' ELSE 'PAID' END, t, t
         FROM generate_series(1, $1::int) AS i,
           LATERAL (SELECT (extract(epoch FROM now()) * 1000)::bigint - (i::bigint * 86400000) / $1::int AS t) AS at`,
        [history],
      );
      await db.pool.query('ANALYZE charge_journal');
    } finally {
      await db.pool.end();
    }
    await fn(url, cluster);
  } finally {
    await cluster?.destroy();
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The q-quantile by the nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/** Runs `callers` loops of `once` until `ms` have passed: how many completed, and how many a second. */
export async function loops(
  callers: number,
  ms: number,
  once: (caller: number) => Promise<void>,
): Promise<{ done: number; perSecond: number }> {
  let done = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < deadline) {
        await once(caller);
        done++;
      }
    }),
  );
  return { done, perSecond: done / ((performance.now() - started) / 1000) };
}

/** The machine's CPU time so far, busy and in all, from /proc/stat (undefined where there is none). */
function cpuTimes(): { busy: number; all: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, all: busy + idle! + iowait! };
  } catch {
    return undefined;
  }
}

/** Starts counting the machine's CPU: the function returned says what share of all its cores was busy since. */
export function machineBusy(): () => number {
  const from = cpuTimes();
  return () => {
    const to = cpuTimes();
    return from && to && to.all > from.all ? (to.busy - from.busy) / (to.all - from.all) : NaN;
  };
}

/** Linux's clock ticks (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const TICK_MS = 10;

/** CPU time, in ms, of the cluster's server: the postmaster, its children, and the children it reaped. */
function serverCpuMs(dataDir: string): number {
  const postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command's closing parenthesis: state, ppid, … utime (14th field), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
    if (pid === postmaster) ticks += utime + stime + cutime + cstime;
    else if (fields[1] === postmaster) ticks += utime + stime;
  }
  return ticks * TICK_MS;
}

/**
 * Starts counting the CPU the work takes, whatever else the machine runs: this process's and the cluster's
 * server's (Linux only; NaN elsewhere). The function returned gives both, in ms, since.
 */
export function cpuMeter(cluster: PostgresCluster): () => { node: number; server: number } {
  const server = () => {
    try {
      return serverCpuMs(cluster.dataDir);
    } catch {
      return NaN;
    }
  };
  const from = { node: process.cpuUsage(), server: server() };
  return () => {
    const node = process.cpuUsage(from.node);
    return { node: (node.user + node.system) / 1000, server: server() - from.server };
  };
}
