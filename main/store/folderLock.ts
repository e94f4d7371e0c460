/**
 * One app per data folder. Two processes on one folder (a second `npm run web`, the Electron app beside
 * browser mode, two Electron builds) would each reconcile the other's charges in flight and send them
 * again; Electron's single-instance lock covers only Electron. So every entry point takes this lock
 * before the store is opened or anything is reconciled.
 *
 * Two locks, both SQLite's own file locks, which the operating system drops when the process ends however
 * it ends (a crash or kill -9 leaves no stale lock to clear by hand), and which SQLite keeps apart between
 * connections of one process too:
 * - The store itself, app.sqlite: a file nobody deletes to get past a lock, and the thing to protect.
 *   Every connection to a WAL database holds a shared lock on the file for as long as it is open (SQLite
 *   takes it with the first read and keeps it until the connection closes; the last one to close checks
 *   for others by trying an exclusive lock). So before anything else, a probe connection asks for an
 *   exclusive lock on app.sqlite (EXCLUSIVE locking mode, then a read): if it cannot have one at once, a
 *   connection of another process (or of this one) has the store open, whatever became of app.lock. The
 *   probe reads nothing and writes nothing when refused; when granted, it lets go at once. The same locks
 *   exist on Windows (LockFileEx) and macOS (POSIX locks, as on Linux).
 * - app.lock, a small database opened in EXCLUSIVE locking mode and written once, held for the life of
 *   the process: it keeps two processes that start together apart before either has opened the store (or
 *   before there is one), and it is where a folder is held before the store is opened. A user can delete
 *   it (on Linux and macOS an open file can be unlinked); the store's lock above still holds then.
 * A second process meets SQLITE_BUSY at once on either, reads who holds the folder from a note the holder
 * keeps in the store (settings key `folder.holder`: process id, start time, entry point; taken out when it
 * closes, and not named if that process is gone), and stops having touched nothing.
 *
 * Both files are created 0600 in a folder of mode 0700 (privateFiles.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { write, type Db } from './database.js';
import { privateFile } from './privateFiles.js';

const LOCK_FILE = 'app.lock';
const STORE_FILE = 'app.sqlite';
/** Where an earlier version noted the holder; taken away once the folder is held. */
const OLD_HOLDER_FILE = 'app.lock.json';
const HOLDER_KEY = 'folder.holder';

const holderSchema = z.object({ pid: z.number().int(), startedAt: z.number().int(), entry: z.string().max(100) });
export type FolderHolder = z.output<typeof holderSchema>;

/** Another process has the data folder; the message names it and says what to do. */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  constructor(
    readonly folder: string,
    readonly holder: FolderHolder | undefined,
  ) {
    super(
      `The data folder ${folder} is in use by another copy of the app` +
        (holder
          ? ` (process ${holder.pid}, ${holder.entry}, started ${new Date(holder.startedAt).toISOString()})`
          : ` (or another program has its ${STORE_FILE} open)`) +
        '. Close that one first, or give this one another data folder; nothing was opened or changed here.',
    );
  }
}

export interface FolderLock {
  /** Notes this process, in the store it has just opened, as the folder's holder: what a second process names. */
  noteHolder(db: Db): void;
  /** Takes the note out of the store, which must still be open (before the store closes). */
  forgetHolder(db: Db): void;
  /** Lets the folder go; another process may take it from then on. */
  release(): void;
}

const isBusy = (err: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((err as { code?: string }).code ?? '');

/**
 * Whether a connection, of another process or of this one, has the store open: an exclusive lock on it
 * cannot be had at once. Any other failure (a damaged file) is left for openDatabase to say in its words.
 */
function storeInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  let probe: Db | undefined;
  try {
    probe = new Database(file, { timeout: 0, fileMustExist: true });
    probe.pragma('locking_mode = EXCLUSIVE');
    // In WAL mode the first read takes the exclusive lock (the WAL index then lives in this connection's memory).
    probe.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (err) {
    return isBusy(err);
  } finally {
    probe?.close();
  }
}

/** Takes the folder for this process, or throws DataFolderInUseError without waiting. */
export function lockDataFolder(folder: string, entry: string): FolderLock {
  const store = join(folder, STORE_FILE);
  if (storeInUse(store)) throw new DataFolderInUseError(folder, holderOf(store));
  const lockFile = join(folder, LOCK_FILE);
  privateFile(lockFile);
  const db = new Database(lockFile, { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this locking mode it is held until the connection closes.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), taken_at INTEGER NOT NULL);');
    db.prepare('INSERT OR REPLACE INTO lock (id, taken_at) VALUES (1, ?)').run(Date.now());
    db.exec('COMMIT');
  } catch (err) {
    db.close();
    if (isBusy(err)) throw new DataFolderInUseError(folder, holderOf(store));
    throw err;
  }
  // Held by app.lock now; the store is checked again in case a holder opened it after app.lock was deleted.
  if (storeInUse(store)) {
    db.close();
    throw new DataFolderInUseError(folder, holderOf(store));
  }
  rmSync(join(folder, OLD_HOLDER_FILE), { force: true });
  const holder: FolderHolder = { pid: process.pid, startedAt: Date.now(), entry };
  let released = false;
  return {
    noteHolder(store) {
      write(store, () => {
        store
          .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
          .run(HOLDER_KEY, JSON.stringify(holder));
      });
    },
    forgetHolder(store) {
      write(store, () => store.prepare('DELETE FROM settings WHERE key = ? AND value = ?').run(HOLDER_KEY, JSON.stringify(holder)));
    },
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}

/** Whether a process of that id is running (one of another user's counts; a reused id cannot be told apart). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * Who holds the folder, as its holder noted it in the store, read without writing (a read-only connection
 * never checkpoints); undefined when there is no note, it cannot be read, or its process is gone.
 */
function holderOf(store: string): FolderHolder | undefined {
  let db: Db | undefined;
  try {
    db = new Database(store, { readonly: true, fileMustExist: true, timeout: 1_000 });
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(HOLDER_KEY) as { value: string } | undefined;
    const parsed = row ? holderSchema.safeParse(JSON.parse(row.value)) : undefined;
    return parsed?.success && alive(parsed.data.pid) ? parsed.data : undefined;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
