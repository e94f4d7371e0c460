/**
 * The data folder is the operator's alone: the charge journal, the audit log, the order cache, the
 * sandbox's cards. Created under the usual umask 022 its files would be 0644 in a 0755 folder, readable by
 * every account on the machine. So the folder is made 0700 and each file in it 0600, and a folder or file
 * an earlier version left wider is narrowed to that when the app starts.
 *
 * SQLite creates a database file 0644 (less the umask) and gives its -wal, -shm and -journal files the mode
 * of the database file, so a database file is created here, 0600, before SQLite opens it; the companions an
 * earlier version left are narrowed with it.
 *
 * On Windows the mode bits mean nothing (the folder's ACL decides, and a profile's folders are the user's
 * own), so nothing is changed there.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
const narrowable = process.platform !== 'win32';

/** Takes away from a path's mode whatever `mode` does not allow; a path that is not there is left so. */
function narrow(path: string, mode: number): void {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return;
    throw err;
  }
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, current & mode);
  } catch (err) {
    // Another account's file (only its owner may change its mode): left as it is, and used if it can be.
    if ((err as { code?: string }).code !== 'EPERM') throw err;
  }
}

/** The data folder, made 0700 (with any missing parents) or narrowed to it. */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  if (narrowable) narrow(folder, FOLDER_MODE);
}

/**
 * A file of the data folder, made 0600 if it is not there (empty: SQLite takes an empty file for a new
 * database) or narrowed to 0600, with its SQLite companions (-wal, -shm, -journal) where there are any.
 */
export function privateFile(file: string): void {
  // 'a' creates the file if it is missing and changes nothing of one that is there.
  closeSync(openSync(file, 'a', FILE_MODE));
  if (!narrowable) return;
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) narrow(path, FILE_MODE);
}

/** A file of the data folder that is there already (a key written 0600 once), narrowed to 0600 if wider. */
export function narrowPrivateFile(file: string): void {
  if (narrowable) narrow(file, FILE_MODE);
}
