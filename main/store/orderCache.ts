/**
 * Orders as last seen at the gateway, and the history of look-ups, per environment, so that support can
 * find an order again offline. Views hold masked card numbers only.
 */
import { parseStored, read, write, type Db } from './database.js';

export interface CachedOrder<V> {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly view: V;
  readonly fetchedAt: number;
}

export interface LookupRecord {
  readonly query: string;
  readonly orderId?: string;
  readonly outcome: 'found' | 'notFound' | 'failed';
  readonly at: number;
}

export class OrderCache<V> {
  constructor(private readonly db: Db) {}

  put(environment: string, order: { orderId: string; orderNumber: string; maskedPan?: string; view: V }, at: number): void {
    write(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO order_cache (environment, order_id, order_number, masked_pan, view, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (environment, order_id) DO UPDATE SET order_number = excluded.order_number, masked_pan = excluded.masked_pan,
             view = excluded.view, fetched_at = excluded.fetched_at`,
        )
        .run(environment, order.orderId, order.orderNumber, order.maskedPan ?? null, JSON.stringify(order.view), at);
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
        .all(environment, `%${escaped}%`, `${escaped}%`, `%${escaped}`, limit) as {
        order_id: string;
        order_number: string;
        view: string;
        fetched_at: number;
      }[];
      return rows.map((r) => ({
        orderId: r.order_id,
        orderNumber: r.order_number,
        view: parseStored<V>(this.db, r.view),
        fetchedAt: r.fetched_at,
      }));
    });
  }

  /** The cached orders among these orderIds, by orderId: what the charge journal reads its orders' latest state from. */
  byOrderIds(environment: string, orderIds: readonly string[]): Map<string, CachedOrder<V>> {
    const found = new Map<string, CachedOrder<V>>();
    read(this.db, () => {
      const get = this.db.prepare(
        'SELECT order_id, order_number, view, fetched_at FROM order_cache WHERE environment = ? AND order_id = ?',
      );
      for (const id of new Set(orderIds)) {
        const r = get.get(environment, id) as { order_id: string; order_number: string; view: string; fetched_at: number } | undefined;
        if (r)
          found.set(id, {
            orderId: r.order_id,
            orderNumber: r.order_number,
            view: parseStored<V>(this.db, r.view),
            fetchedAt: r.fetched_at,
          });
      }
    });
    return found;
  }

  record(environment: string, entry: LookupRecord): void {
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO lookup_history (environment, query, order_id, outcome, at) VALUES (?, ?, ?, ?, ?)')
        .run(environment, entry.query, entry.orderId ?? null, entry.outcome, entry.at);
    });
  }

  history(environment: string, limit = 100): LookupRecord[] {
    return read(this.db, () => {
      return (
        this.db
          .prepare('SELECT query, order_id, outcome, at FROM lookup_history WHERE environment = ? ORDER BY at DESC, id DESC LIMIT ?')
          .all(environment, limit) as {
          query: string;
          order_id: string | null;
          outcome: LookupRecord['outcome'];
          at: number;
        }[]
      ).map((r) => ({ query: r.query, ...(r.order_id ? { orderId: r.order_id } : {}), outcome: r.outcome, at: r.at }));
    });
  }
}
