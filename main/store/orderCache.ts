/**
 * Orders as last seen at the gateway, and the history of look-ups, per environment, so that support can
 * find an order again offline. Views hold masked card numbers only: every row is masked here, as it is
 * written (main/domain/cardNumbers.ts), whatever the caller passed, so an orderNumber, a description or a
 * query holding a card number is kept masked (such an order is found again by its orderId).
 */
import { maskCardField, maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { parseStored, read, write, writeCache, type Db } from './database.js';

export interface CachedOrder<V> {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly view: V;
  readonly fetchedAt: number;
}

/** An order to cache: its keys, its masked card (searched by last digits) and its view. */
export interface CacheEntry<V> {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly maskedPan?: string | undefined;
  readonly view: V;
}

export interface LookupRecord {
  /** What was typed, with any card number in it masked. */
  readonly query: string;
  /** Whether masking changed the query: then it is no text to look up again. */
  readonly queryMasked: boolean;
  readonly orderId?: string;
  readonly outcome: 'found' | 'notFound' | 'failed';
  readonly at: number;
}

/** A look-up as the history keeps it, with the orderNumber of the order it found when that is cached. */
export interface HistoryRecord extends LookupRecord {
  readonly orderNumber?: string;
}

/** Entries kept per environment; the oldest go first. */
export const HISTORY_CAP = 1000;

/** A row of order_cache as the reads below select it. */
interface CacheRow {
  order_id: string;
  order_number: string;
  view: string;
  fetched_at: number;
}
const BY_ORDER_ID = 'SELECT order_id, order_number, view, fetched_at FROM order_cache WHERE environment = ? AND order_id = ?';

export class OrderCache<V> {
  constructor(private readonly db: Db) {}

  put(environment: string, order: CacheEntry<V>, at: number): void {
    write(this.db, () => this.insert(environment, [{ ...order, at }]));
  }

  /**
   * Many orders in one transaction, each with when it was fetched: a batch look-up's found orders. Committed
   * without waiting for the disk (writeCache): each can be read from the gateway again, where one FULL commit
   * per order cost a batch 0.55 ms of the main thread each (benchmarks.md, "Batch look-up").
   */
  putMany(environment: string, orders: readonly (CacheEntry<V> & { readonly at: number })[]): void {
    if (orders.length > 0) writeCache(this.db, () => this.insert(environment, orders));
  }

  private insert(environment: string, orders: readonly (CacheEntry<V> & { readonly at: number })[]): void {
    const upsert = this.db.prepare(
      `INSERT INTO order_cache (environment, order_id, order_number, masked_pan, view, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (environment, order_id) DO UPDATE SET order_number = excluded.order_number, masked_pan = excluded.masked_pan,
         view = excluded.view, fetched_at = excluded.fetched_at`,
    );
    for (const order of orders)
      upsert.run(
        environment,
        order.orderId,
        maskCardNumbers(order.orderNumber),
        order.maskedPan === undefined ? null : maskCardField(order.maskedPan),
        JSON.stringify(maskCardNumbersIn(order.view)),
        order.at,
      );
  }

  private cached(r: CacheRow): CachedOrder<V> {
    return { orderId: r.order_id, orderNumber: r.order_number, view: parseStored<V>(this.db, r.view), fetchedAt: r.fetched_at };
  }

  /** The cached order with this orderId. */
  get(environment: string, orderId: string): CachedOrder<V> | undefined {
    return read(this.db, () => {
      const r = this.db.prepare(BY_ORDER_ID).get(environment, orderId) as CacheRow | undefined;
      return r && this.cached(r);
    });
  }

  /** The cached order a look-up's text names exactly: its orderId (any case) or its orderNumber. */
  find(environment: string, reference: string): CachedOrder<V> | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare(
          `SELECT order_id, order_number, view, fetched_at FROM order_cache
           WHERE environment = ? AND (lower(order_id) = lower(?) OR order_number = ?) ORDER BY fetched_at DESC LIMIT 1`,
        )
        .get(environment, reference, reference) as CacheRow | undefined;
      return r && this.cached(r);
    });
  }

  /**
   * Cached orders whose orderNumber contains the text, whose orderId starts with it, or whose card ends
   * with it (last digits). Newest first.
   */
  search(environment: string, text: string, limit = 200): CachedOrder<V>[] {
    return read(this.db, () => {
      const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = this.db
        .prepare(
          `SELECT order_id, order_number, view, fetched_at FROM order_cache
           WHERE environment = ? AND (order_number LIKE ? ESCAPE '\\' OR order_id LIKE ? ESCAPE '\\' OR masked_pan LIKE ? ESCAPE '\\')
           ORDER BY fetched_at DESC LIMIT ?`,
        )
        .all(environment, `%${escaped}%`, `${escaped}%`, `%${escaped}`, limit) as CacheRow[];
      return rows.map((r) => this.cached(r));
    });
  }

  /** The cached orders among these orderIds, by orderId: what the charge journal reads its orders' latest state from. */
  byOrderIds(environment: string, orderIds: readonly string[]): Map<string, CachedOrder<V>> {
    const found = new Map<string, CachedOrder<V>>();
    read(this.db, () => {
      const get = this.db.prepare(BY_ORDER_ID);
      for (const id of new Set(orderIds)) {
        const r = get.get(environment, id) as CacheRow | undefined;
        if (r) found.set(id, this.cached(r));
      }
    });
    return found;
  }

  /**
   * Records a look-up as the newest entry of the history: the earlier entry of the same order (or, where no
   * order was found, of the same query) gives way to it, and the history keeps its newest HISTORY_CAP entries.
   */
  record(environment: string, recorded: LookupRecord): void {
    const query = maskCardNumbers(recorded.query);
    const entry = { ...recorded, query, queryMasked: recorded.queryMasked || query !== recorded.query };
    write(this.db, () => {
      if (entry.orderId) {
        this.db.prepare('DELETE FROM lookup_history WHERE environment = ? AND order_id = ?').run(environment, entry.orderId);
      } else {
        this.db
          .prepare('DELETE FROM lookup_history WHERE environment = ? AND query = ? AND order_id IS NULL')
          .run(environment, entry.query);
      }
      this.db
        .prepare('INSERT INTO lookup_history (environment, query, query_masked, order_id, outcome, at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(environment, entry.query, entry.queryMasked ? 1 : 0, entry.orderId ?? null, entry.outcome, entry.at);
      this.db
        .prepare(
          `DELETE FROM lookup_history WHERE environment = ? AND id NOT IN (
             SELECT id FROM lookup_history WHERE environment = ? ORDER BY at DESC, id DESC LIMIT ?)`,
        )
        .run(environment, environment, HISTORY_CAP);
    });
  }

  history(environment: string, limit = 100): HistoryRecord[] {
    return read(this.db, () => {
      return (
        this.db
          .prepare(
            `SELECT h.query, h.query_masked, h.order_id, h.outcome, h.at, c.order_number FROM lookup_history h
             LEFT JOIN order_cache c ON c.environment = h.environment AND c.order_id = h.order_id
             WHERE h.environment = ? ORDER BY h.at DESC, h.id DESC LIMIT ?`,
          )
          .all(environment, limit) as {
          query: string;
          query_masked: 0 | 1;
          order_id: string | null;
          outcome: LookupRecord['outcome'];
          at: number;
          order_number: string | null;
        }[]
      ).map((r) => ({
        query: r.query,
        queryMasked: r.query_masked === 1,
        ...(r.order_id ? { orderId: r.order_id } : {}),
        ...(r.order_number ? { orderNumber: r.order_number } : {}),
        outcome: r.outcome,
        at: r.at,
      }));
    });
  }
}
