/**
 * The worker thread of store/integrityCheck.ts: SQLite's quick_check of the app's file on a read-only
 * connection of its own, answered once.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckAnswer } from './integrityCheck.js';

let answer: CheckAnswer;
try {
  const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
  try {
    const result = String(db.pragma('quick_check', { simple: true }));
    // What quick_check finds wrong is a damaged file, as SQLite's own error for one says.
    answer = result === 'ok' ? { ok: true } : { failed: { code: 'SQLITE_CORRUPT', message: result } };
  } finally {
    db.close();
  }
} catch (err) {
  answer = { failed: { code: (err as { code?: string }).code ?? '', message: err instanceof Error ? err.message : String(err) } };
}
parentPort!.postMessage(answer);
