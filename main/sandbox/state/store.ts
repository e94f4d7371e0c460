/**
 * Everything the sandbox knows. Orders are rows of its SQLite database (state/database.ts), read when asked
 * for, so memory does not grow with their number; bindings and merchants, which are few, are kept in memory
 * too, indexed the ways the endpoints ask for them. Every change is written through.
 *
 * One object per order while anyone holds it: the engine changes an Order in place and then saves it,
 * and a request may hold an order across an await (the control API's order actions read their body after
 * finding the order). Every read of an order that some code still holds answers that same object (a
 * WeakRef per order read, but for those a list only shows), so two holders never change two copies and
 * save one over the other; an order nobody holds any more is read from its row again.
 */
import type Database from 'better-sqlite3';
import type { Binding, BindingCategory, Merchant, MerchantLimits, Order, OrderStatus } from './model.js';
import { orderRow, UPSERT_ORDER } from './database.js';
import { seededMerchants } from './merchants.js';

const numberKey = (merchant: string, orderNumber: string) => `${merchant}\u0000${orderNumber}`;

/** The dates getLastOrdersForMerchants.do can search by: registration, or the last payment operation. */
export type OrderDate = 'created' | 'lastOperation';

const DATE_COLUMN: Record<OrderDate, string> = { created: 'created_at', lastOperation: 'last_operation_at' };

/** Orders a bulk load keeps changed in memory before it writes them, in one transaction. */
const BULK_CHUNK = 20_000;

/** A period's orders as getLastOrdersForMerchants.do pages them. */
export interface PeriodQuery {
  readonly merchant: string;
  readonly date: OrderDate;
  /** Both inclusive, epoch ms. */
  readonly from: number;
  readonly to: number;
  /** Only orders in these statuses. */
  readonly statuses: ReadonlySet<OrderStatus>;
  readonly page: number;
  readonly size: number;
}

/** What the control API's order list filters on; each absent one matches every order. */
export interface OrderFilter {
  readonly merchant?: string;
  readonly orderNumber?: string;
  readonly orderId?: string;
  readonly clientId?: string;
  /** As the query writes it: a status not written as its number matches nothing. */
  readonly status?: string;
}

/** Where a page of a period starts: after the order dated `at` with orderId `id`. */
interface PageStart {
  readonly at: number;
  readonly id: string;
}

/**
 * A period's count and the starts of the pages already read, while no order changed: a sync reads page
 * after page, and each then starts where the one before ended instead of counting its way there from the
 * period's newest order (which at page 5,000 of a million orders would be most of the work).
 */
interface PeriodPages {
  readonly version: number;
  readonly count: number;
  readonly starts: Map<number, PageStart>;
}

/** Periods and page starts kept; a sync reads one period, a few pages ahead. */
const PERIODS_KEPT = 8;
const STARTS_KEPT = 64;

type Statement = Database.Statement<unknown[], unknown>;

function allBits(statuses: ReadonlySet<OrderStatus>): number {
  let mask = 0;
  for (const s of statuses) mask |= 1 << s;
  return mask;
}

export class SandboxState {
  private bindings = new Map<string, Binding>();
  private clientBindings = new Map<string, Binding[]>();
  private cardBindings = new Map<string, Binding[]>();
  private merchants = new Map<string, Merchant>();

  /** The orders some code still holds, by id (see the top of this file). */
  private live = new Map<string, WeakRef<Order>>();
  private readonly forget = new FinalizationRegistry<string>((id) => {
    if (this.live.get(id)?.deref() === undefined) this.live.delete(id);
  });

  /** Set during a bulk load: the orders changed and not yet written, by id and by number. */
  private bulk?: { readonly orders: Map<string, Order>; readonly byNumber: Map<string, Order> };

  /** Counts every change of an order, so that what was learnt of a period is known to be still true. */
  private version = 0;
  private periods = new Map<string, PeriodPages>();

  private readonly upsert: Statement;
  private readonly byId: Statement;
  private readonly byNumber: Statement;
  private readonly due: Statement;
  private readonly count: Record<OrderDate, Statement>;
  private readonly page: Record<OrderDate, Statement>;
  private readonly filtered = new Map<string, Statement>();
  private readonly saveBindingRow: Statement;
  private readonly saveMerchantRow: Statement;
  private readonly saveMetaRow: Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly defaultLimits: MerchantLimits = { rps: 0, concurrency: 0 },
  ) {
    this.upsert = db.prepare(UPSERT_ORDER);
    this.byId = db.prepare('SELECT id, doc FROM orders WHERE id = ?');
    this.byNumber = db.prepare('SELECT id, doc FROM orders WHERE merchant = ? AND order_number = ?');
    this.due = db.prepare('SELECT id, doc FROM orders WHERE clock_due_at <= ? ORDER BY clock_due_at');
    const count = (column: string) =>
      db.prepare(`SELECT count(*) FROM orders WHERE merchant = ? AND ${column} BETWEEN ? AND ? AND (? >> status) & 1`).pluck();
    // Newest first, ties by orderId: the index's own order, so a page reads only its rows (and those it skips).
    const page = (column: string) =>
      db.prepare(
        `SELECT id, doc FROM orders WHERE merchant = @merchant AND ${column} BETWEEN @from AND @to
           AND (${column} < @to OR id > @after) AND (@statuses >> status) & 1
         ORDER BY ${column} DESC, id LIMIT @size OFFSET @skip`,
      );
    this.count = { created: count(DATE_COLUMN.created), lastOperation: count(DATE_COLUMN.lastOperation) };
    this.page = { created: page(DATE_COLUMN.created), lastOperation: page(DATE_COLUMN.lastOperation) };
    this.saveBindingRow = db.prepare('INSERT OR REPLACE INTO bindings (id, doc) VALUES (?, ?)');
    this.saveMerchantRow = db.prepare('INSERT OR REPLACE INTO merchants (login, doc) VALUES (?, ?)');
    this.saveMetaRow = db.prepare('INSERT OR REPLACE INTO meta (key, doc) VALUES (?, ?)');

    const docs = <T>(table: string) => (db.prepare(`SELECT doc FROM ${table}`).pluck().all() as string[]).map((d) => JSON.parse(d) as T);
    const merchants = docs<Merchant>('merchants');
    for (const m of merchants) this.merchants.set(m.login, m);
    for (const b of docs<Binding>('bindings')) this.fileBinding(b);
    if (merchants.length === 0) this.seedMerchants();
  }

  /** Forgets every order and binding and restores the seeded merchants. */
  reset(): void {
    this.bulk?.orders.clear();
    this.bulk?.byNumber.clear();
    this.live.clear();
    this.periods.clear();
    this.version++;
    this.bindings.clear();
    this.clientBindings.clear();
    this.cardBindings.clear();
    this.merchants.clear();
    this.db.exec('DELETE FROM orders; DELETE FROM bindings; DELETE FROM merchants; DELETE FROM meta;');
    this.seedMerchants();
  }

  private seedMerchants(): void {
    for (const m of seededMerchants(this.defaultLimits)) this.saveMerchant(m);
  }

  // merchants

  merchant(login: string): Merchant | undefined {
    return this.merchants.get(login);
  }

  allMerchants(): Merchant[] {
    return [...this.merchants.values()];
  }

  saveMerchant(merchant: Merchant): void {
    this.merchants.set(merchant.login, merchant);
    this.saveMerchantRow.run(merchant.login, JSON.stringify(merchant));
  }

  // orders

  /**
   * The object of a row: the one some code holds, else the document read anew, which is then one that its
   * reader holds (unless it is only shown, as a list's orders are: then no WeakRef is made for it).
   */
  private orderOf(row: { id: string; doc: string } | undefined, shownOnly = false): Order | undefined {
    if (row === undefined) return undefined;
    const held = this.bulk?.orders.get(row.id) ?? this.live.get(row.id)?.deref();
    if (held) return held;
    const order = JSON.parse(row.doc) as Order;
    if (!shownOnly) this.hold(order);
    return order;
  }

  private hold(order: Order): void {
    this.live.set(order.id, new WeakRef(order));
    this.forget.register(order, order.id);
  }

  private ordersOf(rows: { id: string; doc: string }[], shownOnly = false): Order[] {
    return rows.map((r) => this.orderOf(r, shownOnly)!);
  }

  /**
   * Runs `fn` as one bulk load (demo data, seeded orders): changed orders are written a chunk at a time,
   * each chunk one transaction and each order once per chunk however often it changed, and bindings as
   * they change. Whatever `fn` did before failing is written too, so the file never disagrees with what
   * the sandbox answered.
   */
  inBulk<T>(fn: () => T): T {
    if (this.bulk) return fn();
    this.bulk = { orders: new Map(), byNumber: new Map() };
    try {
      return fn();
    } finally {
      this.flush();
      this.bulk = undefined;
    }
  }

  /** Writes what a bulk load changed so far; queries over many orders read the rows, so they flush first. */
  private flush(): void {
    const bulk = this.bulk;
    if (!bulk || bulk.orders.size === 0) return;
    this.db.transaction(() => {
      for (const o of bulk.orders.values()) this.upsert.run(orderRow(o));
    })();
    bulk.orders.clear();
    bulk.byNumber.clear();
  }

  orderNumberTaken(merchant: string, orderNumber: string): boolean {
    return this.orderByNumber(merchant, orderNumber) !== undefined;
  }

  /**
   * A bulk load's new orders are found by their chunk until it is written, not by a WeakRef: a WeakRef's
   * target lives at least until the task that made it ends, and a bulk load is one task, so a million of
   * them would stay in memory. Its code holds an order only while it makes that order's past.
   */
  insertOrder(order: Order): void {
    if (this.bulk) this.bulk.byNumber.set(numberKey(order.merchant, order.orderNumber), order);
    else this.hold(order);
    this.saveOrder(order);
  }

  saveOrder(order: Order): void {
    this.version++;
    if (!this.bulk) {
      this.upsert.run(orderRow(order));
      return;
    }
    this.bulk.orders.set(order.id, order);
    if (this.bulk.orders.size >= BULK_CHUNK) this.flush();
  }

  orderById(merchant: string, id: string): Order | undefined {
    const o = this.orderForCardholder(id);
    return o && o.merchant === merchant ? o : undefined;
  }

  /** Any merchant's order: for the ACS pages, which the cardholder opens without credentials. */
  orderForCardholder(id: string): Order | undefined {
    return (
      this.bulk?.orders.get(id) ?? this.live.get(id)?.deref() ?? this.orderOf(this.byId.get(id) as { id: string; doc: string } | undefined)
    );
  }

  orderByNumber(merchant: string, orderNumber: string): Order | undefined {
    return (
      this.bulk?.byNumber.get(numberKey(merchant, orderNumber)) ??
      this.orderOf(this.byNumber.get(merchant, orderNumber) as { id: string; doc: string } | undefined)
    );
  }

  /** The orders the clock has something to do to by `at`: expiry, autocompletion, autoReverseDate. */
  ordersDueBy(at: number): Order[] {
    this.flush();
    return this.ordersOf(this.due.all(at) as { id: string; doc: string }[]);
  }

  /**
   * A page of a merchant's orders dated in [from, to] by one of their dates, newest first with ties
   * broken by orderId (ascending), and how many orders in the statuses asked for the period holds.
   */
  periodPage(q: PeriodQuery): { totalCount: number; orders: Order[] } {
    this.flush();
    const statuses = allBits(q.statuses);
    const key = [q.merchant, q.date, q.from, q.to, statuses, q.size].join(' ');
    let known = this.periods.get(key);
    if (known?.version !== this.version) {
      const count = this.count[q.date].get(q.merchant, q.from, q.to, statuses) as number;
      known = { version: this.version, count, starts: new Map() };
    }
    this.periods.delete(key);
    this.periods.set(key, known);
    if (this.periods.size > PERIODS_KEPT) this.periods.delete(this.periods.keys().next().value!);

    // From the nearest page start known at or before this page, else from the period's newest order.
    let startPage = 0;
    let start: PageStart | undefined;
    for (const [p, s] of known.starts) {
      if (p <= q.page && p > startPage) [startPage, start] = [p, s];
    }
    const rows = this.page[q.date].all({
      merchant: q.merchant,
      from: q.from,
      // After the start: dated before it, or as old with a larger orderId (every orderId is larger than '').
      to: start?.at ?? q.to,
      after: start?.id ?? '',
      statuses,
      size: q.size,
      skip: (q.page - startPage) * q.size,
    }) as { id: string; doc: string }[];
    const orders = this.ordersOf(rows, true);
    const last = orders[orders.length - 1];
    if (last && orders.length === q.size) {
      known.starts.set(q.page + 1, { at: q.date === 'created' ? last.createdAt : last.lastOperationAt, id: last.id });
      if (known.starts.size > STARTS_KEPT) known.starts.delete(known.starts.keys().next().value!);
    }
    return { totalCount: known.count, orders };
  }

  /** The orders that match, newest registered first, at most `limit`. */
  listOrders(filter: OrderFilter, limit: number): Order[] {
    this.flush();
    const conditions: [keyof OrderFilter, string][] = [
      ['merchant', 'merchant = @merchant'],
      ['orderNumber', 'order_number = @orderNumber'],
      ['orderId', 'id = @orderId'],
      ['clientId', "json_extract(doc, '$.clientId') = @clientId"],
      ['status', 'CAST(status AS TEXT) = @status'],
    ];
    const used = conditions.filter(([k]) => filter[k] !== undefined);
    const where = used.length === 0 ? '' : `WHERE ${used.map(([, c]) => c).join(' AND ')}`;
    const sql = `SELECT id, doc FROM orders ${where} ORDER BY seq DESC LIMIT @limit`;
    let statement = this.filtered.get(sql);
    if (!statement) this.filtered.set(sql, (statement = this.db.prepare(sql)));
    const params: Record<string, string | number> = { limit };
    for (const [k] of used) params[k] = filter[k]!;
    return this.ordersOf(statement.all(params) as { id: string; doc: string }[], true);
  }

  // bindings

  private fileBinding(binding: Binding): void {
    this.bindings.set(binding.id, binding);
    const add = (index: Map<string, Binding[]>, key: string) => {
      const list = index.get(key);
      if (list) list.push(binding);
      else index.set(key, [binding]);
    };
    add(this.clientBindings, numberKey(binding.merchant, binding.clientId));
    // A credential's card number never changes (a new expiry or a card saved again is the same number).
    add(this.cardBindings, numberKey(binding.merchant, binding.card.panFingerprint));
  }

  insertBinding(binding: Binding): void {
    this.fileBinding(binding);
    this.saveBinding(binding);
  }

  saveBinding(binding: Binding): void {
    this.saveBindingRow.run(binding.id, JSON.stringify(binding));
  }

  binding(merchant: string, id: string): Binding | undefined {
    const b = this.bindings.get(id);
    return b && b.merchant === merchant ? b : undefined;
  }

  bindingsOf(merchant: string, clientId: string): Binding[] {
    return [...(this.clientBindings.get(numberKey(merchant, clientId)) ?? [])];
  }

  bindingsByCard(merchant: string, panFingerprint: string): Binding[] {
    return [...(this.cardBindings.get(numberKey(merchant, panFingerprint)) ?? [])];
  }

  /** The credential a repeated save of the same card for the same client and category reuses. */
  sameCredential(merchant: string, clientId: string, panFingerprint: string, category: BindingCategory): Binding | undefined {
    return this.bindingsOf(merchant, clientId).find((b) => b.card.panFingerprint === panFingerprint && b.category === category);
  }

  allBindings(): Binding[] {
    return [...this.bindings.values()];
  }

  // meta

  meta(key: string): unknown {
    const doc = this.db.prepare('SELECT doc FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
    return doc === undefined ? undefined : JSON.parse(doc);
  }

  saveMeta(key: string, value: unknown): void {
    this.saveMetaRow.run(key, JSON.stringify(value));
  }
}
