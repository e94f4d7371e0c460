/**
 * Everything the sandbox knows, indexed the ways the endpoints ask for it, and written through to the
 * optional SQLite file on every change.
 */
import { DateIndex } from './dateIndex.js';
import { OrderStatus, type Binding, type BindingCategory, type Merchant, type MerchantLimits, type Order } from './model.js';
import { seededMerchants } from './merchants.js';
import { noPersistence, type Persistence, type Snapshot } from './persistence.js';

const numberKey = (merchant: string, orderNumber: string) => `${merchant}\u0000${orderNumber}`;

/** The dates getLastOrdersForMerchants.do can search by: registration, or the last payment operation. */
export type OrderDate = 'created' | 'lastOperation';

/** Whether the sandbox clock alone can still change the order: expiry, autocompletion, autoReverseDate. */
function clockCanChange(o: Order): boolean {
  if (o.status === OrderStatus.REGISTERED || o.status === OrderStatus.ACS_STARTED) return true;
  return o.status === OrderStatus.HELD && (o.autocompleteAt !== undefined || o.autoReverseAt !== undefined);
}

/** Changes of a bulk load, written to the file once each when it ends. */
interface Bulk {
  readonly orders: Map<string, Order>;
  readonly bindings: Map<string, Binding>;
}

export class SandboxState {
  private orders = new Map<string, Order>();
  private orderIdByNumber = new Map<string, string>();
  private bindings = new Map<string, Binding>();
  private merchants = new Map<string, Merchant>();
  /** Per merchant, its orders by each date, newest first. */
  private dateIndexes = new Map<string, Record<OrderDate, DateIndex>>();
  /** Orders the clock can still change, so that applying its events need not visit every order. */
  private timed = new Set<Order>();
  private bulk?: Bulk;

  constructor(
    private readonly persistence: Persistence = noPersistence,
    private readonly defaultLimits: MerchantLimits = { rps: 0, concurrency: 0 },
    snapshot?: Snapshot,
  ) {
    if (snapshot && snapshot.merchants.length > 0) {
      for (const m of snapshot.merchants) this.merchants.set(m.login, m);
      // Files of sandboxes from before lastOperationAt existed: their last save is the best date known.
      for (const o of snapshot.orders)
        this.indexOrder({ ...o, lastOperationAt: (o as Partial<Order>).lastOperationAt ?? o.updatedAt }, true);
      for (const index of this.dateIndexes.values()) for (const i of Object.values(index)) i.settle();
      for (const b of snapshot.bindings) this.bindings.set(b.id, b);
    } else {
      this.seedMerchants();
    }
  }

  /** Forgets every order and binding and restores the seeded merchants. */
  reset(): void {
    this.orders.clear();
    this.orderIdByNumber.clear();
    this.dateIndexes.clear();
    this.timed.clear();
    this.bindings.clear();
    this.merchants.clear();
    this.persistence.clear();
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
    this.persistence.saveMerchant(merchant);
  }

  // orders

  private indexOrder(order: Order, later = false): void {
    this.orders.set(order.id, order);
    this.orderIdByNumber.set(numberKey(order.merchant, order.orderNumber), order.id);
    this.fileByDate(order, later);
  }

  /** Files the order under its dates again (its last operation moves it) and notes whether the clock can change it. */
  private fileByDate(order: Order, later: boolean): void {
    let index = this.dateIndexes.get(order.merchant);
    if (!index) {
      index = { created: new DateIndex(), lastOperation: new DateIndex() };
      this.dateIndexes.set(order.merchant, index);
    }
    index.created.file(order, order.createdAt, later);
    index.lastOperation.file(order, order.lastOperationAt, later);
    if (clockCanChange(order)) this.timed.add(order);
    else this.timed.delete(order);
  }

  /** A merchant's orders by one of their dates, newest first (empty for a merchant without orders). */
  ordersByDate(merchant: string, date: OrderDate): DateIndex {
    return this.dateIndexes.get(merchant)?.[date] ?? new DateIndex();
  }

  /** The orders whose state the clock alone can still change (waiting for payment, or held with an automatic date). */
  ordersTheClockCanChange(): Order[] {
    return [...this.timed];
  }

  /**
   * Runs `fn` as one bulk load (demo data, seeded orders): each changed order and binding is written to
   * the file once, in one transaction, and the date indexes are sorted once, at the end. Whatever `fn`
   * did before failing is kept and written too, so the file never disagrees with memory.
   */
  inBulk<T>(fn: () => T): T {
    if (this.bulk) return fn();
    const bulk: Bulk = { orders: new Map(), bindings: new Map() };
    this.bulk = bulk;
    try {
      return fn();
    } finally {
      this.bulk = undefined;
      this.persistence.transaction(() => {
        for (const o of bulk.orders.values()) this.persistence.saveOrder(o);
        for (const b of bulk.bindings.values()) this.persistence.saveBinding(b);
      });
      for (const index of this.dateIndexes.values()) for (const i of Object.values(index)) i.settle();
    }
  }

  orderNumberTaken(merchant: string, orderNumber: string): boolean {
    return this.orderIdByNumber.has(numberKey(merchant, orderNumber));
  }

  insertOrder(order: Order): void {
    this.indexOrder(order, this.bulk !== undefined);
    this.writeOrder(order);
  }

  saveOrder(order: Order): void {
    this.fileByDate(order, this.bulk !== undefined);
    this.writeOrder(order);
  }

  private writeOrder(order: Order): void {
    if (this.bulk) this.bulk.orders.set(order.id, order);
    else this.persistence.saveOrder(order);
  }

  orderById(merchant: string, id: string): Order | undefined {
    const o = this.orders.get(id);
    return o && o.merchant === merchant ? o : undefined;
  }

  /** Any merchant's order: for the ACS pages, which the cardholder opens without credentials. */
  orderForCardholder(id: string): Order | undefined {
    return this.orders.get(id);
  }

  orderByNumber(merchant: string, orderNumber: string): Order | undefined {
    const id = this.orderIdByNumber.get(numberKey(merchant, orderNumber));
    return id === undefined ? undefined : this.orders.get(id);
  }

  allOrders(): Order[] {
    return [...this.orders.values()];
  }

  // bindings

  insertBinding(binding: Binding): void {
    this.bindings.set(binding.id, binding);
    this.saveBinding(binding);
  }

  saveBinding(binding: Binding): void {
    if (this.bulk) this.bulk.bindings.set(binding.id, binding);
    else this.persistence.saveBinding(binding);
  }

  binding(merchant: string, id: string): Binding | undefined {
    const b = this.bindings.get(id);
    return b && b.merchant === merchant ? b : undefined;
  }

  bindingsOf(merchant: string, clientId: string): Binding[] {
    return [...this.bindings.values()].filter((b) => b.merchant === merchant && b.clientId === clientId);
  }

  bindingsByCard(merchant: string, panFingerprint: string): Binding[] {
    return [...this.bindings.values()].filter((b) => b.merchant === merchant && b.card.panFingerprint === panFingerprint);
  }

  /** The credential a repeated save of the same card for the same client and category reuses. */
  sameCredential(merchant: string, clientId: string, panFingerprint: string, category: BindingCategory): Binding | undefined {
    return this.bindingsOf(merchant, clientId).find((b) => b.card.panFingerprint === panFingerprint && b.category === category);
  }

  allBindings(): Binding[] {
    return [...this.bindings.values()];
  }

  saveMeta(key: string, value: unknown): void {
    this.persistence.saveMeta(key, value);
  }
}
