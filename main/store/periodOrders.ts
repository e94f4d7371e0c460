/**
 * Orders of a period, kept per environment so that the Orders list, its filters and its totals answer
 * without the network: what the order sync last read from getLastOrdersForMerchants.do, one row per order
 * (migration 10). Every query names a period; the indexes start with it, and a text filter goes through
 * the FTS5 trigram index, so a query over a million orders reads only the rows it could match.
 */
import type { OrderStatusCode, PeriodDay, PeriodOrder, PeriodPage, PeriodQuery, PeriodSort, PeriodTotal } from '../services/periodViews.js';
import { read, write, type Db } from './database.js';

export type { OrderStatusCode, PeriodDay, PeriodOrder, PeriodPage, PeriodQuery, PeriodSort, PeriodTotal } from '../services/periodViews.js';

export const ORDER_STATUS_CODES: readonly OrderStatusCode[] = [0, 1, 2, 3, 4, 5, 6];
/** Paid means held (1) or charged (2), as the interface says. */
export const PAID_STATUSES: readonly OrderStatusCode[] = [1, 2];

/** The shortest text the trigram index can look for; shorter text must match an orderNumber exactly. */
export const MIN_TEXT = 3;

interface Row {
  order_id: string;
  order_number: string;
  status: OrderStatusCode;
  amount: number;
  deposited_amount: number;
  refunded_amount: number;
  currency: string;
  registered_at: number;
  operated_at: number | null;
  first6: string | null;
  last4: string | null;
  payment_system: string | null;
  client_id: string | null;
  description: string | null;
  action_code: number | null;
}

const COLUMNS =
  'order_id, order_number, status, amount, deposited_amount, refunded_amount, currency, registered_at, operated_at, first6, last4, payment_system, client_id, description, action_code';

const ORDER_BY: Record<PeriodSort, string> = {
  // The tie-breaker keeps paging stable when many orders share a millisecond.
  newest: 'registered_at DESC, order_id DESC',
  oldest: 'registered_at ASC, order_id ASC',
  amountDesc: 'amount DESC, registered_at DESC, order_id DESC',
  amountAsc: 'amount ASC, registered_at DESC, order_id DESC',
};

export const MAX_PAGE = 1000;

function fromRow(r: Row): PeriodOrder {
  return {
    orderId: r.order_id,
    orderNumber: r.order_number,
    status: r.status,
    amount: r.amount,
    depositedAmount: r.deposited_amount,
    refundedAmount: r.refunded_amount,
    currency: r.currency,
    registeredAt: r.registered_at,
    ...(r.operated_at !== null ? { operatedAt: r.operated_at } : {}),
    ...(r.first6 !== null ? { first6: r.first6 } : {}),
    ...(r.last4 !== null ? { last4: r.last4 } : {}),
    ...(r.payment_system !== null ? { paymentSystem: r.payment_system } : {}),
    ...(r.client_id !== null ? { clientId: r.client_id } : {}),
    ...(r.description !== null ? { description: r.description } : {}),
    ...(r.action_code !== null ? { actionCode: r.action_code } : {}),
  };
}

/** The hour of the hourly sums (migration 1402), in ms. */
const HOUR = 3_600_000;

/** The states a query keeps, or undefined for all of them. */
function statusesOf(q: PeriodQuery): readonly OrderStatusCode[] | undefined {
  return q.paid === undefined ? q.statuses : (q.statuses ?? ORDER_STATUS_CODES).filter((s) => PAID_STATUSES.includes(s) === q.paid);
}

/**
 * Whether a query by the operation date names a card's last four digits or a client: their indexes find
 * a few hundred orders at most, where the operation date's index would read the whole period. (Without
 * statistics, which ANALYZE would take seconds to gather over a million orders, the planner prefers a range.)
 */
function bySelectiveIndex(q: PeriodQuery): boolean {
  return q.dateOf === 'operation' && (q.last4 !== undefined || q.clientId !== undefined);
}

/** Matches from which a page by registration date is read newest registration first (search). */
const DENSE = 2000;

/** Whether the hourly sums can answer the query's totals: it filters by period, state and currency only. */
function summable(q: PeriodQuery): boolean {
  return (
    q.minAmount === undefined &&
    q.maxAmount === undefined &&
    q.first6 === undefined &&
    q.last4 === undefined &&
    q.clientId === undefined &&
    !q.text?.trim()
  );
}

/** The WHERE clause over the hourly sums of hours [first, end) for a summable query, and its parameters. */
function sumsWhere(environment: string, q: PeriodQuery, first: number, end: number): { sql: string; params: unknown[] } {
  const parts = ['environment = ?', 'date_of = ?', 'hour >= ?', 'hour < ?', 'count > 0'];
  const params: unknown[] = [environment, q.dateOf ?? 'registration', first, end];
  const statuses = statusesOf(q);
  if (statuses !== undefined) {
    parts.push(`status IN (${statuses.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...statuses);
  }
  if (q.currency !== undefined) {
    parts.push('currency = ?');
    params.push(q.currency);
  }
  return { sql: parts.join(' AND '), params };
}

/** Byte order, as SQLite's ORDER BY sorts text. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An FTS5 string literal: the text as one phrase, whatever operators or quotes it contains. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The WHERE clause of a query and its parameters, in order. `byOtherIndex` hides the operation date from
 * the planner (a unary +), so that it reads the orders through another index: by card or client, or newest
 * registration first (see search).
 */
function where(environment: string, q: PeriodQuery, byOtherIndex = false): { sql: string; params: unknown[] } {
  const date = q.dateOf === 'operation' ? `${byOtherIndex ? '+' : ''}operated_at` : 'registered_at';
  const parts = ['environment = ?', `${date} >= ?`, `${date} < ?`];
  const params: unknown[] = [environment, q.from, q.to];
  const statuses = statusesOf(q);
  if (statuses !== undefined) {
    // Values are the closed set of status codes, checked by the type; still bound, never spliced in.
    parts.push(`status IN (${statuses.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...statuses);
  }
  const equal: [string, string | undefined][] = [
    ['currency', q.currency],
    ['first6', q.first6],
    ['last4', q.last4],
    ['client_id', q.clientId],
  ];
  for (const [column, value] of equal) {
    if (value === undefined) continue;
    parts.push(`${column} = ?`);
    params.push(value);
  }
  if (q.minAmount !== undefined) {
    parts.push('amount >= ?');
    params.push(q.minAmount);
  }
  if (q.maxAmount !== undefined) {
    parts.push('amount <= ?');
    params.push(q.maxAmount);
  }
  const text = q.text?.trim();
  if (text) {
    if (text.length < MIN_TEXT) {
      parts.push('order_number = ?');
      params.push(text);
    } else {
      parts.push('id IN (SELECT rowid FROM period_orders_text WHERE period_orders_text MATCH ?)');
      params.push(phrase(text));
    }
  }
  return { sql: parts.join(' AND '), params };
}

export class PeriodOrders {
  constructor(private readonly db: Db) {}

  /**
   * Keeps what a sync read: new orders are added, known ones replaced by the newer answer, in one
   * transaction (a page is all or nothing).
   */
  putMany(environment: string, orders: readonly PeriodOrder[], syncedAt: number): void {
    if (orders.length === 0) return;
    write(this.db, () => {
      const put = this.db.prepare(
        `INSERT INTO period_orders (environment, ${COLUMNS}, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, order_id) DO UPDATE SET order_number = excluded.order_number, status = excluded.status,
           amount = excluded.amount, deposited_amount = excluded.deposited_amount, refunded_amount = excluded.refunded_amount,
           currency = excluded.currency, registered_at = excluded.registered_at, operated_at = excluded.operated_at,
           first6 = excluded.first6, last4 = excluded.last4, payment_system = excluded.payment_system,
           client_id = excluded.client_id, description = excluded.description, action_code = excluded.action_code,
           synced_at = excluded.synced_at`,
      );
      for (const o of orders) {
        put.run(
          environment,
          o.orderId,
          o.orderNumber,
          o.status,
          o.amount,
          o.depositedAmount,
          o.refundedAmount,
          o.currency,
          o.registeredAt,
          o.operatedAt ?? null,
          o.first6 ?? null,
          o.last4 ?? null,
          o.paymentSystem ?? null,
          o.clientId ?? null,
          o.description ?? null,
          o.actionCode ?? null,
          syncedAt,
        );
      }
    });
  }

  /** One page of the orders the query matches, in the order asked for, and how many match in all. */
  search(environment: string, q: PeriodQuery, page: PeriodPage = {}): { orders: PeriodOrder[]; total: number } {
    const limit = Math.min(Math.max(page.limit ?? 200, 1), MAX_PAGE);
    const offset = Math.max(page.offset ?? 0, 0);
    const sort = page.sort ?? 'newest';
    return read(this.db, () => {
      let total: number;
      if (summable(q)) total = this.summedTotals(environment, q).reduce((n, t) => n + t.count, 0);
      else {
        const { sql, params } = where(environment, q, bySelectiveIndex(q));
        total = (this.db.prepare(`SELECT count(*) AS total FROM period_orders WHERE ${sql}`).get(...params) as { total: number }).total;
      }
      // By the operation date, sorted by registration: many matches are found soonest newest registration
      // first; a few are found by the operation date's index and sorted.
      const { sql, params } = where(environment, q, bySelectiveIndex(q) || ((sort === 'newest' || sort === 'oldest') && total >= DENSE));
      const rows = this.db
        .prepare(`SELECT ${COLUMNS} FROM period_orders WHERE ${sql} ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`)
        .all(...params, limit, offset) as Row[];
      return { orders: rows.map(fromRow), total };
    });
  }

  /** Count and sum per state and currency of everything the query matches (not only the page shown). */
  totals(environment: string, q: PeriodQuery): PeriodTotal[] {
    return read(this.db, () => (summable(q) ? this.summedTotals(environment, q) : this.countedTotals(environment, q)));
  }

  /** The totals counted order by order. */
  private countedTotals(environment: string, q: PeriodQuery): PeriodTotal[] {
    const { sql, params } = where(environment, q, bySelectiveIndex(q));
    return this.db
      .prepare(
        `SELECT status, currency, count(*) AS count, sum(amount) AS amount FROM period_orders WHERE ${sql}
         GROUP BY status, currency ORDER BY status, currency`,
      )
      .all(...params) as PeriodTotal[];
  }

  /**
   * The totals of a query that filters by period, state and currency only: the whole hours inside the
   * period from the hourly sums (migration 1402), the parts of an hour at either end order by order.
   */
  private summedTotals(environment: string, q: PeriodQuery): PeriodTotal[] {
    const first = Math.ceil(q.from / HOUR);
    const end = Math.floor(q.to / HOUR);
    if (first >= end) return this.countedTotals(environment, q);
    const sums = new Map<string, PeriodTotal>();
    const add = (t: PeriodTotal) => {
      const key = `${t.status}:${t.currency}`;
      const had = sums.get(key);
      sums.set(key, had ? { ...had, count: had.count + t.count, amount: had.amount + t.amount } : t);
    };
    const { sql, params } = sumsWhere(environment, q, first, end);
    const hours = this.db
      .prepare(
        `SELECT status, currency, sum(count) AS count, sum(amount) AS amount FROM period_order_sums WHERE ${sql} GROUP BY status, currency`,
      )
      .all(...params) as PeriodTotal[];
    hours.forEach(add);
    if (q.from < first * HOUR) this.countedTotals(environment, { ...q, to: first * HOUR }).forEach(add);
    if (end * HOUR < q.to) this.countedTotals(environment, { ...q, from: end * HOUR }).forEach(add);
    return [...sums.values()].filter((t) => t.count > 0).sort((a, b) => a.status - b.status || compareText(a.currency, b.currency));
  }

  /**
   * Orders and amounts per day, state and currency. `utcOffsetMinutes` places the day boundaries in the
   * user's time (the offset at the period's start: a period across a daylight-saving change draws that
   * day's last hour on the neighbouring day, which a chart of days can live with).
   */
  perDay(environment: string, q: PeriodQuery, utcOffsetMinutes: number): PeriodDay[] {
    const shift = Math.trunc(utcOffsetMinutes) * 60_000;
    return read(this.db, () => {
      const first = Math.ceil(q.from / HOUR);
      const end = Math.floor(q.to / HOUR);
      // Days that begin on a whole hour (nearly every time zone) are whole hours of the sums.
      if (!summable(q) || shift % HOUR !== 0 || first >= end) return this.countedPerDay(environment, q, shift);
      const { sql, params } = sumsWhere(environment, q, first, end);
      const days = new Map<string, PeriodDay>();
      const add = (d: PeriodDay) => {
        const key = `${d.day}:${d.status}:${d.currency}`;
        const had = days.get(key);
        days.set(key, had ? { ...had, count: had.count + d.count, amount: had.amount + d.amount } : d);
      };
      (
        this.db
          .prepare(
            `SELECT date((hour * ${HOUR} + ?) / 1000, 'unixepoch') AS day, status, currency, sum(count) AS count, sum(amount) AS amount
             FROM period_order_sums WHERE ${sql} GROUP BY day, status, currency`,
          )
          .all(shift, ...params) as PeriodDay[]
      ).forEach(add);
      if (q.from < first * HOUR) this.countedPerDay(environment, { ...q, to: first * HOUR }, shift).forEach(add);
      if (end * HOUR < q.to) this.countedPerDay(environment, { ...q, from: end * HOUR }, shift).forEach(add);
      return [...days.values()]
        .filter((d) => d.count > 0)
        .sort((a, b) => compareText(a.day, b.day) || a.status - b.status || compareText(a.currency, b.currency));
    });
  }

  /** The orders and amounts per day counted order by order. */
  private countedPerDay(environment: string, q: PeriodQuery, shift: number): PeriodDay[] {
    const { sql, params } = where(environment, q);
    const date = q.dateOf === 'operation' ? 'operated_at' : 'registered_at';
    return this.db
      .prepare(
        `SELECT date((${date} + ?) / 1000, 'unixepoch') AS day, status, currency, count(*) AS count, sum(amount) AS amount
         FROM period_orders WHERE ${sql} GROUP BY day, status, currency ORDER BY day, status, currency`,
      )
      .all(shift, ...params) as PeriodDay[];
  }

  /** The order with this orderId as the last sync saw it. */
  get(environment: string, orderId: string): PeriodOrder | undefined {
    return read(this.db, () => {
      const r = this.db.prepare(`SELECT ${COLUMNS} FROM period_orders WHERE environment = ? AND order_id = ?`).get(environment, orderId) as
        Row | undefined;
      return r && fromRow(r);
    });
  }

  /** The orders with these orderNumbers, whatever their period: what the reconciliation compares the journal with. */
  byOrderNumbers(environment: string, orderNumbers: readonly string[]): Map<string, PeriodOrder> {
    const found = new Map<string, PeriodOrder>();
    read(this.db, () => {
      const get = this.db.prepare(`SELECT ${COLUMNS} FROM period_orders WHERE environment = ? AND order_number = ?`);
      for (const n of new Set(orderNumbers)) {
        const r = get.get(environment, n) as Row | undefined;
        if (r) found.set(n, fromRow(r));
      }
    });
    return found;
  }

  /** Orders of the period in these states whose orderNumber starts with the prefix (the app's own numbers). */
  withPrefix(environment: string, q: PeriodQuery, prefix: string): PeriodOrder[] {
    const { sql, params } = where(environment, q);
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return read(this.db, () =>
      (
        this.db
          .prepare(
            `SELECT ${COLUMNS} FROM period_orders WHERE ${sql} AND order_number LIKE ? ESCAPE '\\' ORDER BY registered_at DESC, order_id DESC`,
          )
          .all(...params, `${escaped}%`) as Row[]
      ).map(fromRow),
    );
  }

  count(environment: string): number {
    return read(
      this.db,
      () => (this.db.prepare('SELECT count(*) AS n FROM period_orders WHERE environment = ?').get(environment) as { n: number }).n,
    );
  }
}
