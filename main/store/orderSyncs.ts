/**
 * The record of every order sync (migration 10): which window it reads, by which date, how far it got. A
 * page's orders and the sync's next page are written in one transaction, so a sync cut short by a crash,
 * a cancel or a failure goes on from the first page it had not kept, never skipping one, when it goes on.
 * States: running (or left running by a crash), done, cancelled (by the user: Cancel, leaving the period,
 * a switch of environment or closing the app), failed (a fault, or a bound on what the gateway may send,
 * which its words name).
 */
import type { Said } from '../phrases/phrase.js';
import { read, write, writeCache, type Db } from './database.js';
import { storedSaid, storeSaid } from './storedSaid.js';
import type { PeriodOrder, PeriodOrders } from './periodOrders.js';

export type SyncDateOf = 'registration' | 'operation';
export type SyncState = 'running' | 'done' | 'cancelled' | 'failed';

export interface SyncRecord {
  readonly id: number;
  readonly environment: string;
  readonly dateOf: SyncDateOf;
  readonly from: number;
  readonly to: number;
  readonly nextPage: number;
  /**
   * What the gateway said the window holds when its first page was read: kept as first said, since it bounds
   * how many pages the sync may read (services/orderSync.ts boundedPages), however the gateway counts later.
   */
  readonly total?: number;
  readonly fetched: number;
  readonly state: SyncState;
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** Why it failed, in words: kept as JSON (a sync recorded before as English text reads as that text, quoted). */
  readonly error?: Said;
}

/** A half-open window [from, to) of epoch ms. */
export interface Window {
  readonly from: number;
  readonly to: number;
}

interface Row {
  id: number;
  environment: string;
  date_of: SyncDateOf;
  from_ms: number;
  to_ms: number;
  next_page: number;
  total: number | null;
  fetched: number;
  state: SyncState;
  started_at: number;
  finished_at: number | null;
  error: string | null;
}

function fromRow(r: Row): SyncRecord {
  return {
    id: r.id,
    environment: r.environment,
    dateOf: r.date_of,
    from: r.from_ms,
    to: r.to_ms,
    nextPage: r.next_page,
    ...(r.total !== null ? { total: r.total } : {}),
    fetched: r.fetched,
    state: r.state,
    startedAt: r.started_at,
    ...(r.finished_at !== null ? { finishedAt: r.finished_at } : {}),
    ...(r.error !== null ? { error: storedSaid(r.error) } : {}),
  };
}

/** [from, to) less the windows already covered, as the parts still to read, earliest first. */
export function uncovered(want: Window, covered: readonly Window[]): Window[] {
  const parts: Window[] = [];
  let cursor = want.from;
  for (const c of [...covered].sort((a, b) => a.from - b.from)) {
    if (c.to <= cursor || c.to <= c.from) continue;
    if (c.from >= want.to) break;
    if (c.from > cursor) parts.push({ from: cursor, to: Math.min(c.from, want.to) });
    cursor = Math.max(cursor, c.to);
    if (cursor >= want.to) break;
  }
  if (cursor < want.to) parts.push({ from: cursor, to: want.to });
  return parts;
}

export class OrderSyncs {
  constructor(
    private readonly db: Db,
    private readonly orders: PeriodOrders,
  ) {}

  begin(environment: string, dateOf: SyncDateOf, period: Window, at: number): SyncRecord {
    return write(this.db, () => {
      const { id } = this.db
        .prepare(
          `INSERT INTO order_syncs (environment, date_of, from_ms, to_ms, state, started_at) VALUES (?, ?, ?, ?, 'running', ?) RETURNING id`,
        )
        .get(environment, dateOf, period.from, period.to, at) as { id: number };
      return this.get(id)!;
    });
  }

  get(id: number): SyncRecord | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM order_syncs WHERE id = ?').get(id) as Row | undefined;
      return r && fromRow(r);
    });
  }

  /**
   * Syncs that did not finish (a crash leaves one 'running'), oldest first: those a sync may go on with
   * (services/orderSync.ts goesOnWith chooses: not one the user cancelled, unless its period is asked again).
   */
  unfinished(environment: string): SyncRecord[] {
    return read(this.db, () =>
      (this.db.prepare(`SELECT * FROM order_syncs WHERE environment = ? AND state != 'done' ORDER BY id`).all(environment) as Row[]).map(
        fromRow,
      ),
    );
  }

  /** The windows of finished syncs by this date: what the cache holds whole. */
  covered(environment: string, dateOf: SyncDateOf): Window[] {
    return read(this.db, () =>
      (
        this.db
          .prepare(`SELECT from_ms, to_ms FROM order_syncs WHERE environment = ? AND date_of = ? AND state = 'done' ORDER BY from_ms`)
          .all(environment, dateOf) as { from_ms: number; to_ms: number }[]
      ).map((r) => ({ from: r.from_ms, to: r.to_ms })),
    );
  }

  /**
   * Since when changes must be read: the end of the last finished sync of changes, or, before the first,
   * when the first window was read (what was cached then is as it was then). Undefined: nothing cached.
   */
  changesSince(environment: string): number | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare(
          `SELECT coalesce(
             (SELECT max(to_ms) FROM order_syncs WHERE environment = ? AND date_of = 'operation' AND state = 'done'),
             (SELECT min(started_at) FROM order_syncs WHERE environment = ? AND date_of = 'registration' AND state = 'done')
           ) AS since`,
        )
        .get(environment, environment) as { since: number | null };
      return r.since ?? undefined;
    });
  }

  /**
   * As of when the copy is up to date: when the latest finished sync began reading (what it read is as the
   * gateway had it then or later).
   */
  syncedAsOf(environment: string): number | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare(`SELECT max(started_at) AS at FROM order_syncs WHERE environment = ? AND state = 'done'`)
        .get(environment) as {
        at: number | null;
      };
      return r.at ?? undefined;
    });
  }

  /** Keeps a page's orders and moves the sync past that page, together. */
  savePage(sync: SyncRecord, orders: readonly PeriodOrder[], total: number, at: number): SyncRecord {
    return this.savePages(sync, [orders], total, at);
  }

  /**
   * Keeps pages read one after another, from the sync's next page on, and moves its next page past them,
   * in one transaction: all of them or none. `sync` is the record as the caller last had it.
   */
  savePages(sync: SyncRecord, pages: readonly (readonly PeriodOrder[])[], total: number, at: number): SyncRecord {
    return writeCache(this.db, () => {
      const orders = pages.flat();
      this.orders.putMany(sync.environment, orders, at);
      // Only from the page the caller read from, of a sync still running: a batch written late or twice
      // (after the sync ended, or by two runners of one record) is refused whole, never skipping a page.
      const moved = this.db
        .prepare(
          `UPDATE order_syncs SET next_page = next_page + ?, total = coalesce(total, ?), fetched = fetched + ? WHERE id = ? AND next_page = ? AND state = 'running'`,
        )
        .run(pages.length, total, orders.length, sync.id, sync.nextPage);
      if (moved.changes !== 1) throw new Error(`Sync ${sync.id} is no longer at page ${sync.nextPage}; its pages were not kept`);
      return this.get(sync.id)!;
    });
  }

  finish(sync: SyncRecord, state: Exclude<SyncState, 'running'>, at: number, error?: Said): SyncRecord {
    return write(this.db, () => {
      this.db
        .prepare('UPDATE order_syncs SET state = ?, finished_at = ?, error = ? WHERE id = ?')
        .run(state, at, error ? storeSaid(error) : null, sync.id);
      return this.get(sync.id)!;
    });
  }

  /** Marks a sync 'running' again before it goes on. */
  resume(sync: SyncRecord): SyncRecord {
    return write(this.db, () => {
      this.db.prepare(`UPDATE order_syncs SET state = 'running', finished_at = NULL, error = NULL WHERE id = ?`).run(sync.id);
      return this.get(sync.id)!;
    });
  }
}
