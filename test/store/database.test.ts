import { beginUnguarded } from './unguarded.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION, openDatabase } from '../../main/store/database.js';
import { StoreError } from '../../main/store/errors.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { newCharge } from './rows.js';

const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => join(dir, name);

/** Each on a card of its own: the journal keeps one open charge per card. */
const charge = (orderNumber: string) => newCharge(orderNumber, { bindingId: `b-${orderNumber}` });

describe('opening the database', () => {
  it('creates it at the latest version with WAL and synchronous=FULL, and keeps rows across reopening', async () => {
    const path = file('fresh.sqlite');
    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    await beginUnguarded(new SqliteChargeJournal(db), charge('A-1'));
    db.close();
    const again = openDatabase(path);
    expect((await new SqliteChargeJournal(again).byOrderNumber('sandbox', 'A-1'))?.state).toBe('PENDING');
    again.close();
  });

  it('indexes the order cache only where its readers need it: every index is paid for by each page a sync writes', () => {
    const db = openDatabase(file('indexes.sqlite'));
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'period_orders' ORDER BY name")
      .pluck()
      .all();
    // The orderId upsert, the index's load in registration order, and its catch-up by version.
    expect(indexes).toEqual(['period_orders_registered', 'period_orders_version', 'sqlite_autoindex_period_orders_1']);
    db.close();
  });

  it('refuses a file from a newer version with a clear error and leaves it untouched', () => {
    const path = file('newer.sqlite');
    const db = new Database(path);
    db.exec('CREATE TABLE future (x INTEGER)');
    db.pragma(`user_version = ${LATEST_VERSION + 5}`);
    db.close();
    const before = readFileSync(path);
    const err = (() => {
      try {
        openDatabase(path);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StoreError);
    expect(err).toMatchObject({ problem: 'newerVersion', message: expect.stringMatching(/newer version.*update the app/) });
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a damaged file with a clear error and leaves it untouched', () => {
    const path = file('garbage.sqlite');
    writeFileSync(path, randomBytes(8192));
    const before = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(
      expect.objectContaining({ problem: 'corrupt', message: expect.stringContaining('left untouched') }),
    );
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('reports a full disk as such and loses none of the rows already written', async () => {
    const db = openDatabase(file('full.sqlite'));
    const journal = new SqliteChargeJournal(db);
    await beginUnguarded(journal, charge('F-0'));
    // A page limit stands in for the disk filling up.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    let failure: unknown;
    for (let i = 1; i < 10_000 && failure === undefined; i++) {
      try {
        await beginUnguarded(journal, { ...charge(`F-${i}`), description: 'x'.repeat(2_000) });
      } catch (e) {
        failure = e;
      }
    }
    expect(failure).toMatchObject({ problem: 'diskFull', message: expect.stringContaining('nothing was written') });
    expect((await journal.byOrderNumber('sandbox', 'F-0'))?.state).toBe('PENDING');
    db.close();
  });

  it('applies a failing migration not at all: the version and the earlier tables stay as they were', () => {
    const path = file('migrate.sqlite');
    openDatabase(path).close();
    const broken = [
      ...MIGRATIONS,
      { version: LATEST_VERSION + 1, description: 'broken', sql: 'CREATE TABLE half_done (x INTEGER); SELECT * FROM no_such_table;' },
    ];
    expect(() => openDatabase(path, { migrations: broken })).toThrow(StoreError);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    db.close();
  });
});
