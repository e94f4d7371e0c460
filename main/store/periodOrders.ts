/**
 * Orders of a period, kept per environment so that the Orders list, its filters and its totals answer
 * without the network: what the order sync last read from getLastOrdersForMerchants.do, one row per order
 * (migrations 10 and 12). The table is the copy that survives a restart; the list's queries are answered
 * by an index in memory (store/periodIndex.ts, which says why) that is loaded from it and kept current by
 * the version every written page carries.
 */
import type {
  ListedMoney,
  OrderBasics,
  PeriodDay,
  PeriodOrder,
  PeriodPage,
  PeriodQuery,
  PeriodSort,
  PeriodTotal,
  Preparing,
} from '../domain/periodOrder.js';
import type { PeriodWindow } from '../domain/period.js';
import { cardholderName } from '../domain/cardholderName.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { read, writeCache, type Db } from './database.js';
import { PeriodIndex } from './periodIndex.js';
import type { OrderStatus } from '../domain/orderStatus.js';

export type { PeriodDay, PeriodOrder, PeriodPage, PeriodQuery, PeriodSort, PeriodTotal } from '../domain/periodOrder.js';

export { MIN_TEXT } from './periodIndex.js';

/** A row of the period's order cache as SQLite answers it. */
export interface PeriodOrderRow {
  order_id: string;
  order_number: string;
  status: OrderStatus;
  amount: number;
  held: number;
  captured: number;
  refunded: number;
  currency: string;
  registered_at: number;
  operated_at: number | null;
  first6: string | null;
  last4: string | null;
  payment_system: string | null;
  cardholder: string | null;
  client_id: string | null;
  description: string | null;
  action_code: number | null;
}

const COLUMNS =
  'order_id, order_number, status, amount, held, captured, refunded, currency, registered_at, operated_at, first6, last4, payment_system, cardholder, client_id, description, action_code';

export const MAX_PAGE = 1000;

/** The columns every reader of the cache maps alike: what names the order, what it was registered for, and what moved. */
export const orderBasicsOf = (
  r: Pick<
    PeriodOrderRow,
    'order_id' | 'order_number' | 'status' | 'amount' | 'held' | 'captured' | 'refunded' | 'currency' | 'registered_at'
  >,
): OrderBasics & ListedMoney => ({
  orderId: r.order_id,
  orderNumber: r.order_number,
  status: r.status,
  amount: r.amount,
  held: r.held,
  captured: r.captured,
  refunded: r.refunded,
  currency: r.currency,
  registeredAt: r.registered_at,
});

function fromRow(r: PeriodOrderRow): PeriodOrder {
  return {
    ...orderBasicsOf(r),
    ...(r.operated_at !== null ? { operatedAt: r.operated_at } : {}),
    ...(r.first6 !== null ? { first6: r.first6 } : {}),
    ...(r.last4 !== null ? { last4: r.last4 } : {}),
    ...(r.payment_system !== null ? { paymentSystem: r.payment_system } : {}),
    ...(r.cardholder !== null ? { cardholder: r.cardholder } : {}),
    ...(r.client_id !== null ? { clientId: r.client_id } : {}),
    ...(r.description !== null ? { description: r.description } : {}),
    ...(r.action_code !== null ? { actionCode: r.action_code } : {}),
  };
}

/** Orders read from the table into the index per read while it loads. */
const LOAD_SLICE = 2_000;
/**
 * How long a load reads (whole slices) before it lets the event loop run: short enough that a call waiting
 * behind it (any IPC round trip) is answered well within 100 ms, long enough that the load is not slowed
 * by its turns.
 */
const LOAD_TURN_MS = 12;
/**
 * How long a load turn waits at most for the app to be out of use: long while the load has given way for less
 * than GIVE_WAY_BUDGET_MS in all, so that the screens opening after start are answered as if nothing loaded,
 * then short, so that a screen that asks without pause (a batch's progress) does not hold the load back for
 * long.
 */
const GIVE_WAY_MS = 250;
const GIVE_WAY_AFTER_BUDGET_MS = 20;
const GIVE_WAY_BUDGET_MS = 4000;
/** The most orders a period may hold to be answered without the index while it loads (see interim). */
export const INTERIM_ROWS = 20_000;

/** The columns the index keeps, in the order PeriodIndex.put takes them after the rowid. */
const INDEX_COLUMNS =
  'id, order_id, order_number, status, amount, held, captured, refunded, currency, registered_at, operated_at, first6, last4, client_id, description';
type IndexRow = Parameters<PeriodIndex['put']>;
/** Where registered_at is in a row of INDEX_COLUMNS. */
const REGISTERED_AT = 9;

/** Rows of INDEX_COLUMNS (read raw, as arrays: a million objects would cost the load a second) into the index. */
function putRows(index: PeriodIndex, rows: readonly unknown[][]): void {
  for (const r of rows) index.put(...(r as IndexRow));
}

/**
 * An environment's index and how far it has read the table: every row of versions before `version`, and
 * of `version` those up to `rowid` (a version is one written page or batch, which a read may cut).
 */
interface Loaded {
  readonly index: PeriodIndex;
  version: number;
  rowid: number;
}

/** Everything the list shows of a query: its page, count, totals and chart. */
export interface PeriodAnswer {
  readonly orders: PeriodOrder[];
  readonly total: number;
  readonly totals: PeriodTotal[];
  readonly perDay: PeriodDay[];
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class PeriodOrders {
  private readonly loaded = new Map<string, Loaded>();
  private readonly loads = new Map<string, Promise<Loaded>>();
  /** The orders of the last short period answered while the index loads (undefined: too many). */
  private interimKept?: {
    readonly environment: string;
    readonly from: number;
    readonly to: number;
    readonly version: number;
    readonly index: PeriodIndex | undefined;
  };
  /** How far each loading index has got: orders read, of how many there were when it began. */
  private readonly progress = new Map<string, Preparing>();

  constructor(
    private readonly db: Db,
    private readonly options: {
      readonly rankedInHeapUpTo?: number;
      /** Resolves when the app is not in use, or after at most the time given: the index's load waits for it between turns. */
      readonly giveWay?: (atMostMs: number) => Promise<void>;
    } = {},
  ) {}

  /**
   * Keeps what a sync read: new orders are added, known ones replaced by the newer answer, in one
   * transaction (a page is all or nothing). Every page gets the next version of the environment's orders,
   * which is how an index learns what changed (it reads them back at its next query), whichever process or
   * thread wrote them. A card number in an order's texts (orderNumber, description, clientId, the cardholder's name: the gateway's,
   * whatever they hold) is masked here, so the table, the index, period.view and period.export never hold one.
   */
  putMany(environment: string, orders: readonly PeriodOrder[], syncedAt: number): void {
    if (orders.length === 0) return;
    writeCache(this.db, () => {
      const version = this.versionOf(environment) + 1;
      const put = this.db.prepare(
        `INSERT INTO period_orders (environment, ${COLUMNS}, synced_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, order_id) DO UPDATE SET order_number = excluded.order_number, status = excluded.status,
           amount = excluded.amount, held = excluded.held, captured = excluded.captured, refunded = excluded.refunded,
           currency = excluded.currency, registered_at = excluded.registered_at, operated_at = excluded.operated_at,
           first6 = excluded.first6, last4 = excluded.last4, payment_system = excluded.payment_system,
           cardholder = excluded.cardholder,
           client_id = excluded.client_id, description = excluded.description, action_code = excluded.action_code,
           synced_at = excluded.synced_at, version = excluded.version`,
      );
      for (const o of orders) {
        put.run(
          environment,
          o.orderId,
          maskCardNumbers(o.orderNumber),
          o.status,
          o.amount,
          o.held,
          o.captured,
          o.refunded,
          o.currency,
          o.registeredAt,
          o.operatedAt ?? null,
          o.first6 ?? null,
          o.last4 ?? null,
          o.paymentSystem === undefined ? null : maskCardNumbers(o.paymentSystem),
          cardholderName(o.cardholder) ?? null,
          o.clientId === undefined ? null : maskCardNumbers(o.clientId),
          o.description === undefined ? null : maskCardNumbers(o.description),
          o.actionCode ?? null,
          syncedAt,
          version,
        );
      }
    });
  }

  /**
   * Loads the environment's index from the table in slices, yielding to the event loop between them, so
   * that a cache of a million orders never holds up the main process; then catches up with what changed
   * meanwhile. The list awaits this before its first query.
   */
  ready(environment: string): Promise<void> {
    const loaded = this.loaded.get(environment);
    if (loaded) return this.catchUpInSlices(environment, loaded);
    let loading = this.loads.get(environment);
    if (!loading) {
      loading = this.loadInSlices(environment).finally(() => this.loads.delete(environment));
      this.loads.set(environment, loading);
    }
    return loading.then(() => undefined);
  }

  /**
   * The environment's orders, LOAD_SLICE at a time, in registration order: the order the index reads a
   * period in, so that its slots and their strings are laid out in memory the way a query walks them (read
   * in the table's order, a month's text search measured three times slower for the cache misses).
   */
  private *slices(environment: string): Generator<unknown[][]> {
    const first = this.db
      .prepare(`SELECT ${INDEX_COLUMNS} FROM period_orders WHERE environment = ? ORDER BY registered_at, order_id LIMIT ?`)
      .raw(true);
    const after = this.db
      .prepare(
        `SELECT ${INDEX_COLUMNS} FROM period_orders WHERE environment = ? AND (registered_at, order_id) > (?, ?) ORDER BY registered_at, order_id LIMIT ?`,
      )
      .raw(true);
    for (let last: unknown[] | undefined; ;) {
      const rows = read(
        this.db,
        () => (last ? after.all(environment, last[REGISTERED_AT], last[1], LOAD_SLICE) : first.all(environment, LOAD_SLICE)) as unknown[][],
      );
      yield rows;
      if (rows.length < LOAD_SLICE) return;
      last = rows[rows.length - 1];
    }
  }

  private async loadInSlices(environment: string): Promise<Loaded> {
    const index = new PeriodIndex(this.options.rankedInHeapUpTo);
    const version = this.versionOf(environment);
    const of = this.count(environment);
    let turnStarted = performance.now();
    let gaveWay = 0;
    for (const rows of this.slices(environment)) {
      putRows(index, rows);
      // Rows written since the count began are read too: "of" is never less than what was read.
      this.progress.set(environment, { read: index.size, of: Math.max(of, index.size) });
      if (performance.now() - turnStarted < LOAD_TURN_MS) continue;
      // Sorted as it grows, a turn's worth at a time, so that no long sort waits at the end.
      index.settle();
      await yieldTurn();
      // The screens first: a turn waits while the person is using the app.
      const waiting = performance.now();
      await this.options.giveWay?.(gaveWay < GIVE_WAY_BUDGET_MS ? GIVE_WAY_MS : GIVE_WAY_AFTER_BUDGET_MS);
      turnStarted = performance.now();
      gaveWay += turnStarted - waiting;
    }
    // What the first queries would make at once (the amount order, the joined order numbers), a step a turn.
    for (const _ of index.makingReady()) await yieldTurn();
    // Said as loading until the index is in place: from then on, a view only waits for the rows written since.
    this.progress.delete(environment);
    this.interimKept = undefined;
    // A synchronous query may have loaded the index meanwhile; the first one loaded is kept.
    const had = this.loaded.get(environment);
    if (had) return had;
    const loaded: Loaded = { index, version, rowid: Infinity };
    this.loaded.set(environment, loaded);
    await this.catchUpInSlices(environment, loaded);
    return loaded;
  }

  private async catchUpInSlices(environment: string, loaded: Loaded): Promise<void> {
    while (this.catchUp(environment, loaded, LOAD_SLICE) === LOAD_SLICE) await yieldTurn();
  }

  /** Reads into the index up to `limit` orders written since what it holds; returns how many. */
  private catchUp(environment: string, loaded: Loaded, limit: number): number {
    const rows = read(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT ${INDEX_COLUMNS}, version FROM period_orders
             WHERE environment = ? AND (version, id) > (?, ?) ORDER BY version, id LIMIT ?`,
          )
          .raw(true)
          .all(environment, loaded.version, loaded.rowid === Infinity ? Number.MAX_SAFE_INTEGER : loaded.rowid, limit) as unknown[][],
    );
    if (rows.length > 0) putRows(loaded.index, rows);
    const last = rows[rows.length - 1];
    if (last) loaded.version = last[last.length - 1] as number;
    // Read to the end: nothing of the last version is left. Cut by the limit: the next read goes on after this row.
    loaded.rowid = rows.length < limit ? Infinity : (last![0] as number);
    return rows.length;
  }

  private versionOf(environment: string): number {
    return read(
      this.db,
      () =>
        (
          this.db.prepare('SELECT coalesce(max(version), 0) AS v FROM period_orders WHERE environment = ?').get(environment) as {
            v: number;
          }
        ).v,
    );
  }

  /** The index as of now: loaded at once if nothing loaded it yet (tests and small caches), then caught up. */
  private current(environment: string): PeriodIndex {
    let loaded = this.loaded.get(environment);
    if (!loaded) {
      const index = new PeriodIndex(this.options.rankedInHeapUpTo);
      const version = this.versionOf(environment);
      for (const rows of this.slices(environment)) putRows(index, rows);
      // What was written between the slices is read by the catch-up below.
      loaded = { index, version, rowid: Infinity };
      this.loaded.set(environment, loaded);
    }
    while (this.catchUp(environment, loaded, LOAD_SLICE) === LOAD_SLICE);
    return loaded.index;
  }

  /** The page, count, totals and chart of a query: what the list shows, from one pass over the period. */
  answer(environment: string, q: PeriodQuery, page: PeriodPage = {}, utcOffsetMinutes?: number): PeriodAnswer {
    return this.answerFrom(this.current(environment), q, page, utcOffsetMinutes);
  }

  private answerFrom(index: PeriodIndex, q: PeriodQuery, page: PeriodPage, utcOffsetMinutes?: number): PeriodAnswer {
    const limit = Math.min(Math.max(page.limit ?? 200, 1), MAX_PAGE);
    const found = index.query(q, { ...page, limit, ...(utcOffsetMinutes !== undefined ? { utcOffsetMinutes } : {}) });
    return { orders: this.rows(found.rowids), total: found.total, totals: found.totals, perDay: found.perDay };
  }

  /** How far the environment's index has loaded (none read yet, of none known, before a load begins). */
  preparing(environment: string): Preparing {
    return this.progress.get(environment) ?? { read: 0, of: 0 };
  }

  /** Whether the environment's index is loaded (queries then answer at once). */
  isReady(environment: string): boolean {
    return this.loaded.has(environment);
  }

  /**
   * While the index loads: a query by registration over a period of at most INTERIM_ROWS orders (today's,
   * in a cache of a million) answered from those orders alone, read through the registration index, so the
   * list opens at once; undefined for any other query, which waits for the index.
   */
  interim(environment: string, q: PeriodQuery, page: PeriodPage = {}, utcOffsetMinutes?: number): PeriodAnswer | undefined {
    if (q.dateOf === 'operation') return undefined;
    // The screen asks for the same short period several times as it opens: its orders are read once, while
    // nothing new is written.
    const version = this.versionOf(environment);
    const kept = this.interimKept;
    if (kept?.environment === environment && kept.from === q.from && kept.to === q.to && kept.version === version)
      return kept.index && this.answerFrom(kept.index, q, page, utcOffsetMinutes);
    const index = read(this.db, () => {
      const where = 'environment = ? AND registered_at >= ? AND registered_at < ?';
      const { n } = this.db
        .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM period_orders WHERE ${where} LIMIT ?)`)
        .get(environment, q.from, q.to, INTERIM_ROWS + 1) as { n: number };
      if (n > INTERIM_ROWS) return undefined;
      const part = new PeriodIndex();
      putRows(
        part,
        this.db
          .prepare(`SELECT ${INDEX_COLUMNS} FROM period_orders WHERE ${where} ORDER BY registered_at, order_id`)
          .raw(true)
          .all(environment, q.from, q.to) as unknown[][],
      );
      return part;
    });
    this.interimKept = { environment, from: q.from, to: q.to, version, index };
    return index && this.answerFrom(index, q, page, utcOffsetMinutes);
  }

  /**
   * Every order the query matches, in the order asked for, from one answer of the index (an export: pages
   * asked for one by one would each see what a sync wrote in between, repeating or missing orders); at
   * most `max`, else only the count.
   */
  all(environment: string, q: PeriodQuery, sort: PeriodSort, max: number): { orders: PeriodOrder[]; total: number } {
    const index = this.current(environment);
    const { total } = index.query(q, { limit: 0 });
    if (total > max) return { orders: [], total };
    const found = index.query(q, { sort, limit: total });
    const orders: PeriodOrder[] = [];
    for (let i = 0; i < found.rowids.length; i += 1000) orders.push(...this.rows(found.rowids.slice(i, i + 1000)));
    return { orders, total };
  }

  /** One page of the orders the query matches, in the order asked for, and how many match in all. */
  search(environment: string, q: PeriodQuery, page: PeriodPage = {}): { orders: PeriodOrder[]; total: number } {
    const { orders, total } = this.answer(environment, q, page);
    return { orders, total };
  }

  /** Count and money per state and currency of everything the query matches (not only the page shown). */
  totals(environment: string, q: PeriodQuery): PeriodTotal[] {
    return this.current(environment).query(q).totals;
  }

  /**
   * Orders and money per day, state and currency. `utcOffsetMinutes` places the day boundaries in the
   * user's time (the offset at the period's start: a period across a daylight-saving change draws that
   * day's last hour on the neighbouring day, which a chart of days can live with).
   */
  perDay(environment: string, q: PeriodQuery, utcOffsetMinutes: number): PeriodDay[] {
    return this.current(environment).query(q, { utcOffsetMinutes }).perDay;
  }

  /** The orders of these rows, in this order. */
  private rows(rowids: readonly number[]): PeriodOrder[] {
    if (rowids.length === 0) return [];
    const byId = new Map<number, PeriodOrder>();
    read(this.db, () => {
      const get = this.db.prepare(`SELECT id, ${COLUMNS} FROM period_orders WHERE id = ?`);
      for (const id of rowids) {
        const r = get.get(id) as (PeriodOrderRow & { id: number }) | undefined;
        if (r) byId.set(id, fromRow(r));
      }
    });
    return rowids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The order with this orderId as the last sync saw it. */
  get(environment: string, orderId: string): PeriodOrder | undefined {
    return read(this.db, () => {
      const r = this.db.prepare(`SELECT ${COLUMNS} FROM period_orders WHERE environment = ? AND order_id = ?`).get(environment, orderId) as
        PeriodOrderRow | undefined;
      return r && fromRow(r);
    });
  }

  /** The orders with these orderNumbers, whatever their period: what the reconciliation compares the journal with. */
  byOrderNumbers(environment: string, orderNumbers: readonly string[]): Map<string, PeriodOrder> {
    const rowids = this.current(environment).rowidsOf(new Set(orderNumbers));
    const orders = this.rows([...rowids.values()]);
    return new Map(orders.map((o) => [o.orderNumber, o]));
  }

  /** Orders registered in the period, in these states, whose orderNumber starts with the prefix (the app's own numbers). */
  withPrefix(environment: string, period: PeriodWindow, statuses: readonly OrderStatus[], prefix: string): PeriodOrder[] {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return read(this.db, () =>
      (
        this.db
          .prepare(
            `SELECT ${COLUMNS} FROM period_orders
             WHERE environment = ? AND registered_at >= ? AND registered_at < ? AND status IN (${statuses.map(() => '?').join(', ') || 'NULL'})
               AND order_number LIKE ? ESCAPE '\\' ORDER BY registered_at DESC, order_id DESC`,
          )
          .all(environment, period.from, period.to, ...statuses, `${escaped}%`) as PeriodOrderRow[]
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
