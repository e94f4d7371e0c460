/**
 * The app's one SQLite file: WAL, synchronous=FULL (a committed charge survives a power cut), foreign
 * keys on, migrated to the latest version on open; the file (and so its -wal and -shm) readable by the
 * owner only (privateFiles.ts). A file from a newer app, a damaged file or a full disk gives a StoreError
 * that says what to do, and the file is left as it was.
 */
import Database from 'better-sqlite3';
import { StoreError, storeError } from './errors.js';
import { phrase } from '../phrases/phrase.js';
import { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations.js';
import { privateFile } from './privateFiles.js';

export type Db = Database.Database;

export interface OpenOptions {
  /** Migrations to apply (tests pass their own); the app's by default. */
  readonly migrations?: readonly Migration[];
  /**
   * 'later': the caller checks the file's integrity itself, off this thread (store/integrityCheck.ts); a
   * file about to be migrated is checked here all the same, before anything is written into it.
   */
  readonly integrity?: 'now' | 'later';
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? MIGRATIONS;
  const latest = migrations.at(-1)?.version ?? 0;
  let db: Db | undefined;
  try {
    // Made 0600 before SQLite opens it, which gives the -wal and -shm files the same mode.
    privateFile(file);
    db = new Database(file);
    // Reading the header first tells a damaged or foreign file apart before anything is written.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latest) {
      throw new StoreError('newerVersion', phrase('storage.newerVersion', { file, version, latest }));
    }
    if (options.integrity !== 'later' || version < latest) quickCheckOf(db);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, version, migrations);
    return db;
  } catch (err) {
    db?.close();
    throw storeError(err, file);
  }
}

/** SQLite's quick_check: what it finds wrong is a damaged file (SQLITE_CORRUPT). */
function quickCheckOf(db: Db): void {
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
}

/** The file's quick_check on a read-only connection of its own; throws the StoreError that says what is wrong. */
export function quickCheck(file: string): void {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    quickCheckOf(db);
  } catch (err) {
    throw storeError(err, file);
  } finally {
    db?.close();
  }
}

function migrate(db: Db, from: number, migrations: readonly Migration[]): void {
  for (const m of migrations) {
    if (m.version <= from) continue;
    let changed = 0;
    db.transaction(() => {
      db.exec(m.sql);
      if (m.run) changed = m.run(db);
      db.pragma(`user_version = ${m.version}`);
    })();
    // Neither the rows it rewrote nor those deleted before may live on in free pages or in the WAL.
    if (m.scrub && (changed > 0 || (db.pragma('freelist_count', { simple: true }) as number) > 0)) {
      db.exec('VACUUM');
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
  }
}

/** A synchronous store call as a promise, for the journals' async interfaces: what it throws becomes the rejection. */
export function settled<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/** Runs a read and turns SQLite's failures (a busy or damaged file) into StoreErrors. */
export function read<T>(db: Db, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw storeError(err, db.name);
  }
}

/** Parses a JSON document the store wrote; a damaged one is a StoreError, not a SyntaxError. */
export function parseStored<T>(db: Db, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new StoreError('corrupt', phrase('storage.damagedRecord', { file: db.name }), { cause: err });
  }
}

/**
 * Runs a write in a transaction and turns SQLite's failures into StoreErrors; nothing is half written.
 * BEGIN IMMEDIATE takes the database's write lock before the first read, so what a write checks first (a
 * charge's guards) cannot change under it, not even from another process on the same file: SQLite lets
 * one connection at a time hold that lock, and the others wait up to the busy timeout.
 */
export function write<T>(db: Db, fn: () => T): T {
  try {
    return db.transaction(fn).immediate();
  } catch (err) {
    throw storeError(err, db.name);
  }
}

/**
 * A write of what can be read again from the gateway (the order cache): committed without waiting for the
 * disk (synchronous=NORMAL for this transaction only). WAL keeps the file consistent either way; a power
 * cut may lose the last such commits, which the next sync reads again, and the next FULL commit (any
 * money written) makes them durable too. Measured: the wait for the disk was half of a sync page's write.
 */
export function writeCache<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) return write(db, fn);
  db.pragma('synchronous = NORMAL');
  try {
    return write(db, fn);
  } finally {
    db.pragma('synchronous = FULL');
  }
}

export { LATEST_VERSION };
