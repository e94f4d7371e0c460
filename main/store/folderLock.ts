/**
 * One app per data folder. Two processes on one folder (a second `npm run web`, the Electron app beside
 * browser mode, two Electron builds) would each reconcile the other's charges in flight and send them
 * again; Electron's single-instance lock covers only Electron. So every entry point takes this lock
 * before the store is opened or anything is reconciled.
 *
 * The lock is SQLite's own: a small database in the folder, opened in EXCLUSIVE locking mode and written
 * once, keeps its file lock for as long as the connection is open. The operating system drops the lock
 * when the process ends however it ends (a crash or kill -9 leaves no stale lock to clear by hand), and
 * SQLite keeps the lock apart between connections of one process too. A second process meets
 * SQLITE_BUSY at once, reads who holds the folder from a note beside the lock (the lock itself cannot be
 * read while held), and stops having touched nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';

const LOCK_FILE = 'app.lock';
const HOLDER_FILE = 'app.lock.json';

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
        (holder ? ` (process ${holder.pid}, ${holder.entry}, started ${new Date(holder.startedAt).toISOString()})` : '') +
        '. Close that one first, or give this one another data folder; nothing was opened or changed here.',
    );
  }
}

export interface FolderLock {
  /** Lets the folder go; another process may take it from then on. */
  release(): void;
}

/** Takes the folder for this process, or throws DataFolderInUseError without waiting. */
export function lockDataFolder(folder: string, entry: string): FolderLock {
  const db = new Database(join(folder, LOCK_FILE), { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this locking mode it is held until the connection closes.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), taken_at INTEGER NOT NULL);');
    db.prepare('INSERT OR REPLACE INTO lock (id, taken_at) VALUES (1, ?)').run(Date.now());
    db.exec('COMMIT');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY') || (err as { code?: string }).code?.startsWith('SQLITE_LOCKED'))
      throw new DataFolderInUseError(folder, holderOf(folder));
    throw err;
  }
  const holder: FolderHolder = { pid: process.pid, startedAt: Date.now(), entry };
  writeFileSync(join(folder, HOLDER_FILE), JSON.stringify(holder));
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}

/** Who holds the folder, as its holder wrote it; undefined when the note is missing or unreadable. */
function holderOf(folder: string): FolderHolder | undefined {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(join(folder, HOLDER_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
