/**
 * The sandbox's SQLite database: a file (--data), so the app's embedded sandbox keeps its orders across
 * restarts, or an in-memory database without one. Orders are rows with the columns the queries need
 * beside their JSON document, so that a sandbox of a million orders keeps them on disk rather than in
 * memory; bindings, merchant settings and meta are one JSON document a row.
 */
import Database from 'better-sqlite3';
import { privateFile } from '../../store/privateFiles.js';
import { OrderStatus, type Order } from './model.js';

/** 2: orders have their queried columns and indexes (1: one JSON document a row, loaded whole at start). */
const SCHEMA_VERSION = 2;

/**
 * When the sandbox clock alone will next change the order, or null when it never will: an order waiting
 * for payment expires at expiresAt; a held one is deposited or reversed at the earlier of its automatic dates.
 */
export function clockDueAt(o: Order): number | null {
  if (o.status === OrderStatus.REGISTERED || o.status === OrderStatus.ACS_STARTED) return o.expiresAt;
  if (o.status !== OrderStatus.HELD) return null;
  const dates = [o.autocompleteAt, o.autoReverseAt].filter((d) => d !== undefined);
  return dates.length === 0 ? null : Math.min(...dates);
}

const ORDERS_TABLE = `
  CREATE TABLE orders (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    merchant TEXT NOT NULL,
    order_number TEXT NOT NULL,
    status INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    last_operation_at INTEGER NOT NULL,
    clock_due_at INTEGER,
    doc TEXT NOT NULL
  );
  CREATE UNIQUE INDEX orders_by_number ON orders (merchant, order_number);
  CREATE INDEX orders_by_created ON orders (merchant, created_at DESC, id, status);
  CREATE INDEX orders_by_last_operation ON orders (merchant, last_operation_at DESC, id, status);
  CREATE INDEX orders_the_clock_changes ON orders (clock_due_at) WHERE clock_due_at IS NOT NULL;
`;

/**
 * seq is the order of registration (the control API lists newest first by it); an upsert keeps it.
 * The same statement writes a new order and an order saved again, so a bulk load need not know which.
 */
export const UPSERT_ORDER = `
  INSERT INTO orders (id, merchant, order_number, status, created_at, last_operation_at, clock_due_at, doc)
  VALUES (@id, @merchant, @orderNumber, @status, @createdAt, @lastOperationAt, @clockDueAt, @doc)
  ON CONFLICT (id) DO UPDATE SET status = excluded.status, last_operation_at = excluded.last_operation_at,
    clock_due_at = excluded.clock_due_at, doc = excluded.doc`;

/** The row of an order, as UPSERT_ORDER takes it. */
export function orderRow(o: Order) {
  return {
    id: o.id,
    merchant: o.merchant,
    orderNumber: o.orderNumber,
    status: o.status,
    createdAt: o.createdAt,
    lastOperationAt: o.lastOperationAt,
    clockDueAt: clockDueAt(o),
    doc: JSON.stringify(o),
  };
}

/**
 * Version 1 kept each order as a document only, and files from before lastOperationAt existed lack it
 * (their last save is the best date known). Orders keep the order they were registered in.
 */
function migrateFromVersion1(db: Database.Database): void {
  db.exec('ALTER TABLE orders RENAME TO orders_v1');
  db.exec(ORDERS_TABLE);
  const insert = db.prepare(UPSERT_ORDER);
  // A slice at a time, since a statement cannot write while another reads: the rows in that order first.
  db.exec(`CREATE TEMP TABLE v1_order AS SELECT rowid AS r FROM orders_v1 ORDER BY json_extract(doc, '$.createdAt'), rowid`);
  const slice = db.prepare(
    'SELECT t.rowid AS k, o.doc FROM v1_order t JOIN orders_v1 o ON o.rowid = t.r WHERE t.rowid > ? ORDER BY t.rowid LIMIT 5000',
  );
  for (let after = 0; ;) {
    const rows = slice.all(after) as { k: number; doc: string }[];
    if (rows.length === 0) break;
    for (const { doc } of rows) {
      const o = JSON.parse(doc) as Order;
      insert.run(orderRow({ ...o, lastOperationAt: (o as Partial<Order>).lastOperationAt ?? o.updatedAt }));
    }
    after = rows[rows.length - 1]!.k;
  }
  db.exec('DROP TABLE v1_order');
  db.exec('DROP TABLE orders_v1');
}

/** Opens (creating or migrating) the sandbox's database; in memory without a file. Refuses a file of a newer sandbox. */
export function openSandboxDatabase(file?: string): Database.Database {
  if (file !== undefined) {
    // The sandbox's cards and orders are the operator's alone, as the app's own file is: 0600, -wal and -shm too.
    privateFile(file);
  }
  const db = new Database(file ?? ':memory:');
  try {
    if (file !== undefined) db.pragma('journal_mode = WAL');
    // Pages of the indexes a bulk load writes at random places (orderIds) stay in memory; bounded, unlike the orders.
    db.pragma('cache_size = -65536');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`${file} was written by a newer sandbox (schema ${version}, this one knows ${SCHEMA_VERSION})`);
    }
    if (version < SCHEMA_VERSION) {
      db.transaction(() => {
        if (version === 0) {
          db.exec(`
            ${ORDERS_TABLE}
            CREATE TABLE bindings (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
            CREATE TABLE merchants (login TEXT PRIMARY KEY, doc TEXT NOT NULL);
            CREATE TABLE meta (key TEXT PRIMARY KEY, doc TEXT NOT NULL);
          `);
        } else migrateFromVersion1(db);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })();
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
