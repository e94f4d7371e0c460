/**
 * Everything the sandbox knows, indexed the ways the endpoints ask for it, and written through to the
 * optional SQLite file on every change.
 */
import type { Binding, BindingCategory, Merchant, MerchantLimits, Order } from './model.js';
import { seededMerchants } from './merchants.js';
import { noPersistence, type Persistence, type Snapshot } from './persistence.js';

const numberKey = (merchant: string, orderNumber: string) => `${merchant}\u0000${orderNumber}`;

export class SandboxState {
  private orders = new Map<string, Order>();
  private orderIdByNumber = new Map<string, string>();
  private bindings = new Map<string, Binding>();
  private merchants = new Map<string, Merchant>();

  constructor(
    private readonly persistence: Persistence = noPersistence,
    private readonly defaultLimits: MerchantLimits = { rps: 0, concurrency: 0 },
    snapshot?: Snapshot,
  ) {
    if (snapshot && snapshot.merchants.length > 0) {
      for (const m of snapshot.merchants) this.merchants.set(m.login, m);
      for (const o of snapshot.orders) this.indexOrder(o);
      for (const b of snapshot.bindings) this.bindings.set(b.id, b);
    } else {
      this.seedMerchants();
    }
  }

  /** Forgets every order and binding and restores the seeded merchants. */
  reset(): void {
    this.orders.clear();
    this.orderIdByNumber.clear();
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

  private indexOrder(order: Order): void {
    this.orders.set(order.id, order);
    this.orderIdByNumber.set(numberKey(order.merchant, order.orderNumber), order.id);
  }

  orderNumberTaken(merchant: string, orderNumber: string): boolean {
    return this.orderIdByNumber.has(numberKey(merchant, orderNumber));
  }

  insertOrder(order: Order): void {
    this.indexOrder(order);
    this.persistence.saveOrder(order);
  }

  saveOrder(order: Order): void {
    this.persistence.saveOrder(order);
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
    this.persistence.saveBinding(binding);
  }

  saveBinding(binding: Binding): void {
    this.persistence.saveBinding(binding);
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
