/**
 * The worker thread of store/pageKeeper.ts: keeps sync pages on its own connection to the app's file,
 * one request at a time, and answers each with the sync as kept or the error's name and words.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database.js';
import { OrderSyncs } from './orderSyncs.js';
import type { KeepAnswer, KeepRequest } from './pageKeeper.js';
import { PeriodOrders } from './periodOrders.js';

// The app checks the file's integrity itself when it opens it (store/integrityCheck.ts); a second check here
// would hold the first sync's first write for as long as that check takes.
const db = openDatabase((workerData as { file: string }).file, { integrity: 'later' });
const syncs = new OrderSyncs(db, new PeriodOrders(db));
parentPort!.postMessage({ ready: true } satisfies KeepAnswer);

parentPort!.on('message', (r: KeepRequest) => {
  let answer: KeepAnswer;
  try {
    answer = { id: r.id, sync: syncs.savePages(r.sync, r.pages, r.total, r.at) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    answer = { id: r.id, error: { name: e.name, message: e.message } };
  }
  parentPort!.postMessage(answer);
});
