/**
 * SQLite's quick_check of the app's file, in a worker thread: on a file of a million cached orders it took
 * 0.4-0.7 s warm and up to half a minute cold, all of it before the first screen while it ran at opening
 * (openDatabase still checks a file it is about to migrate). The app starts it once the file is open, and
 * what moves money waits for it (AppCore): a damaged file is found before a charge is written into it,
 * whatever the screens did meanwhile.
 */
import type { Worker } from 'node:worker_threads';
import { storeError } from './errors.js';
import { startStoreWorker } from './storeWorker.js';
import { quickCheck } from './database.js';

/** The worker's one answer: what quick_check said, or why the file could not be read. */
export type CheckAnswer = { readonly ok: true } | { readonly failed: { readonly code: string; readonly message: string } };

/** The check of one file, running. */
export interface IntegrityCheck {
  /** Resolves once the file is found whole; rejects with the StoreError that says what is wrong. */
  readonly checked: Promise<void>;
  /**
   * Ends the check (the app closes): resolves once its connection to the file is closed, so that the folder can
   * be opened again at once. A check stopped before it answered rejects `checked`.
   */
  stop(): Promise<void>;
}

/** Starts the check. A worker that cannot start (its script missing from a build) leaves it to this thread. */
export function checkIntegrity(file: string): IntegrityCheck {
  let worker: Worker | undefined;
  let stopped = false;
  const checked = new Promise<CheckAnswer>((resolve, reject) => {
    try {
      worker = startStoreWorker('integrityCheckWorker', { file });
    } catch (err) {
      reject(err as Error);
      return;
    }
    worker.once('message', (answer: CheckAnswer) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The integrity check stopped (exit code ${code})`)));
  }).then(
    (answer) => {
      if ('failed' in answer) throw storeError(Object.assign(new Error(answer.failed.message), { code: answer.failed.code }), file);
    },
    (err: Error) => {
      if (stopped) throw err;
      quickCheck(file);
    },
  );
  return {
    checked,
    stop: async () => {
      stopped = true;
      // The thread ends once SQLite's check returns; its connection is closed with it.
      await worker?.terminate();
    },
  };
}
