/**
 * Where a sync's pages are written (OrderSyncs.savePages): in this thread, or in a worker thread with a
 * connection of its own to the same file. The worker is what the app uses: measured on the benchmark's
 * sync of 100,000 orders, writing the cache took most of the main thread's time per page (every order
 * updates a unique index of random orderIds), so the main process's event loop stalled for tens of
 * milliseconds at each write and the sync ran at the pace of the writes instead of the gateway's. In the
 * worker the writes overlap the next pages' requests and the main thread only reads answers.
 *
 * Files the worker cannot open (an in-memory database) are written in this thread.
 */
import type { Worker } from 'node:worker_threads';
import type { Db } from './database.js';
import { startStoreWorker } from './storeWorker.js';
import type { OrderSyncs, SyncRecord } from './orderSyncs.js';
import type { PeriodOrder } from './periodOrders.js';

export interface PageKeeper {
  /** Keeps pages read one after another from the sync's next page on; resolves with the sync as now kept. */
  keep(sync: SyncRecord, pages: readonly (readonly PeriodOrder[])[], total: number, at: number): Promise<SyncRecord>;
  /** Writes nothing more: what is still asked for fails. */
  close?(): Promise<void>;
}

/** Writes in this thread. */
export function inThreadKeeper(syncs: OrderSyncs): PageKeeper {
  return { keep: async (sync, pages, total, at) => syncs.savePages(sync, pages, total, at) };
}

/** A request to the worker, and its answer. */
export interface KeepRequest {
  readonly id: number;
  readonly sync: SyncRecord;
  readonly pages: readonly (readonly PeriodOrder[])[];
  readonly total: number;
  readonly at: number;
}
export type KeepAnswer =
  /** Sent once, before any request is read: the worker's script and its connection are up. */
  | { readonly ready: true }
  | { readonly id: number; readonly sync: SyncRecord }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };

/**
 * Writes in a worker thread, one request at a time in the order asked; the worker holds no process open
 * when idle. A worker that cannot start (its script missing from a build) leaves the writes to `fallback`,
 * slower but the same.
 */
export class WorkerKeeper implements PageKeeper {
  private worker: Worker | undefined;
  private started = false;
  private broken = false;
  private closed = false;
  private next = 1;
  private readonly waiting = new Map<number, { request: KeepRequest; resolve: (s: SyncRecord) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly fallback: PageKeeper,
  ) {}

  keep(sync: SyncRecord, pages: readonly (readonly PeriodOrder[])[], total: number, at: number): Promise<SyncRecord> {
    if (this.closed) return Promise.reject(new Error("The order cache's writer was closed"));
    if (this.broken) return this.fallback.keep(sync, pages, total, at);
    const worker = this.start();
    const request: KeepRequest = { id: this.next++, sync, pages, total, at };
    return new Promise<SyncRecord>((resolve, reject) => {
      this.waiting.set(request.id, { request, resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  }

  /**
   * Starts the worker now rather than at the first write, and resolves once it is up, or known not to
   * start (the writes then go to the fallback). Never rejects.
   */
  open(): Promise<void> {
    if (this.closed || this.broken || this.started) return Promise.resolve();
    const worker = this.start();
    return new Promise<void>((resolve) => {
      const done = () => {
        worker.off('message', onAnswer);
        worker.off('exit', done);
        worker.off('error', done);
        resolve();
      };
      const onAnswer = (answer: KeepAnswer) => 'ready' in answer && done();
      worker.on('message', onAnswer);
      worker.once('exit', done);
      worker.once('error', done);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startStoreWorker('pageKeeperWorker', { file: this.file });
    worker.on('message', (answer: KeepAnswer) => {
      if ('ready' in answer) {
        this.started = true;
        return;
      }
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (!waiting) return;
      if ('sync' in answer) waiting.resolve(answer.sync);
      else waiting.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
    });
    // A worker that dies fails what it was asked; the next request starts another.
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      if (!this.started) {
        // It never started, so it wrote nothing: what it was asked is written here instead, and so is
        // everything after. (Once started, a request it may have written is never written twice.)
        this.broken = true;
        for (const w of waiting)
          this.fallback.keep(w.request.sync, w.request.pages, w.request.total, w.request.at).then(w.resolve, w.reject);
        return;
      }
      for (const w of waiting) w.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The order cache's writer stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Stops the worker; a batch it was writing is rolled back whole, and every request still waiting fails. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.closed = true;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(new Error("The order cache's writer was closed before these pages were kept"));
    await worker?.terminate();
  }
}

/** The app's keeper for a database: a worker for a file, this thread for an in-memory database. */
export function pageKeeperFor(db: Db, syncs: OrderSyncs): PageKeeper {
  return db.memory ? inThreadKeeper(syncs) : new WorkerKeeper(db.name, inThreadKeeper(syncs));
}
