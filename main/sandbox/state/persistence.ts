/**
 * Optional durability for the sandbox: each order, binding and merchant setting as one JSON document in
 * a SQLite file, written through on every change, so the app's embedded sandbox keeps its orders across
 * restarts. Without a file the sandbox keeps everything in memory only.
 */
import Database from 'better-sqlite3';
import { privateFile } from '../../store/privateFiles.js';
import type { Binding, Merchant, Order } from './model.js';

export interface Persistence {
  saveOrder(order: Order): void;
  saveBinding(binding: Binding): void;
  saveMerchant(merchant: Merchant): void;
  saveMeta(key: string, value: unknown): void;
  /** Runs `fn` (a batch of saves) as one transaction. */
  transaction(fn: () => void): void;
  clear(): void;
  close(): void;
}

export interface Snapshot {
  orders: Order[];
  bindings: Binding[];
  merchants: Merchant[];
  meta: Map<string, unknown>;
}

export const noPersistence: Persistence = {
  saveOrder() {},
  saveBinding() {},
  saveMerchant() {},
  saveMeta() {},
  transaction(fn) {
    fn();
  },
  clear() {},
  close() {},
};

const SCHEMA_VERSION = 1;

export class SqlitePersistence implements Persistence {
  private db: Database.Database;
  private upsertOrder: Database.Statement;
  private upsertBinding: Database.Statement;
  private upsertMerchant: Database.Statement;
  private upsertMeta: Database.Statement;

  constructor(file: string) {
    // The sandbox's cards and orders are the operator's alone, as the app's own file is: 0600, -wal and -shm too.
    privateFile(file);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      this.db.close();
      throw new Error(`${file} was written by a newer sandbox (schema ${version}, this one knows ${SCHEMA_VERSION})`);
    }
    if (version < 1) {
      this.db.transaction(() => {
        this.db.exec(`
          CREATE TABLE orders (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
          CREATE TABLE bindings (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
          CREATE TABLE merchants (login TEXT PRIMARY KEY, doc TEXT NOT NULL);
          CREATE TABLE meta (key TEXT PRIMARY KEY, doc TEXT NOT NULL);
          PRAGMA user_version = 1;
        `);
      })();
    }
    this.upsertOrder = this.db.prepare('INSERT OR REPLACE INTO orders (id, doc) VALUES (?, ?)');
    this.upsertBinding = this.db.prepare('INSERT OR REPLACE INTO bindings (id, doc) VALUES (?, ?)');
    this.upsertMerchant = this.db.prepare('INSERT OR REPLACE INTO merchants (login, doc) VALUES (?, ?)');
    this.upsertMeta = this.db.prepare('INSERT OR REPLACE INTO meta (key, doc) VALUES (?, ?)');
  }

  load(): Snapshot {
    const docs = <T>(table: string) =>
      (this.db.prepare(`SELECT doc FROM ${table}`).all() as { doc: string }[]).map((r) => JSON.parse(r.doc) as T);
    const meta = new Map<string, unknown>();
    for (const row of this.db.prepare('SELECT key, doc FROM meta').all() as { key: string; doc: string }[]) {
      meta.set(row.key, JSON.parse(row.doc));
    }
    return { orders: docs<Order>('orders'), bindings: docs<Binding>('bindings'), merchants: docs<Merchant>('merchants'), meta };
  }

  saveOrder(order: Order): void {
    this.upsertOrder.run(order.id, JSON.stringify(order));
  }

  saveBinding(binding: Binding): void {
    this.upsertBinding.run(binding.id, JSON.stringify(binding));
  }

  saveMerchant(merchant: Merchant): void {
    this.upsertMerchant.run(merchant.login, JSON.stringify(merchant));
  }

  saveMeta(key: string, value: unknown): void {
    this.upsertMeta.run(key, JSON.stringify(value));
  }

  transaction(fn: () => void): void {
    this.db.transaction(fn)();
  }

  clear(): void {
    this.db.exec('DELETE FROM orders; DELETE FROM bindings; DELETE FROM merchants; DELETE FROM meta;');
  }

  close(): void {
    this.db.close();
  }
}
