/**
 * Batch look-ups as jobs: started from a pasted or dropped file, run in the background through the order
 * service (whose client's limiter sets the pace), reporting progress a few times a second, cancellable,
 * and kept in memory for the results table and the CSV export. The last few batches are kept; older ones
 * are dropped, and a batch still running is never dropped.
 *
 * A batch is kept with every card number in it masked (a card number pasted as an orderNumber is a valid
 * query, and the gateway's texts may quote one): the results table, the export and anything later built
 * on them read the kept results only, so none of them can show one whole.
 */
import { parseBatchInput, type BatchInput } from './batchInput.js';
import { maskCardNumbers } from './cardNumbers.js';
import { resultsCsv, type OrderService } from './orders.js';
import type { BatchProgress, LookupResult } from './views.js';

export type BatchState = 'running' | 'done' | 'cancelled';

interface Job {
  readonly id: string;
  readonly startedAt: number;
  readonly controller: AbortController;
  state: BatchState;
  progress: BatchProgress;
  results?: readonly LookupResult[];
}

export interface BatchLookupsOptions {
  /** The current environment's order service, asked at the start of each batch. */
  readonly orders: () => OrderService;
  readonly onProgress: (batchId: string, state: BatchState, progress: BatchProgress) => void;
  /** Smallest gap between two progress reports of one batch; the last one always goes out. */
  readonly progressEveryMs?: number;
  readonly keep?: number;
  readonly now?: () => number;
}

/** A look-up result as a batch keeps it: the query, the orderNumber and the texts with card numbers masked. */
export function maskedResult(r: LookupResult): LookupResult {
  const query = maskCardNumbers(r.query);
  switch (r.kind) {
    case 'found': {
      const o = r.order;
      return {
        query,
        kind: 'found',
        order: {
          ...o,
          orderNumber: maskCardNumbers(o.orderNumber),
          ...(o.actionCodeDescription !== undefined ? { actionCodeDescription: maskCardNumbers(o.actionCodeDescription) } : {}),
          ...(o.description !== undefined ? { description: maskCardNumbers(o.description) } : {}),
        },
      };
    }
    case 'failed':
      return { query, kind: 'failed', reason: maskCardNumbers(r.reason) };
    default:
      return { query, kind: r.kind };
  }
}

export class UnknownBatchError extends Error {
  override name = 'UnknownBatchError';
  constructor(batchId: string) {
    super(`There is no batch ${batchId} (batches are kept in memory until the app closes, the last few only)`);
  }
}

export class BatchLookups {
  private readonly jobs = new Map<string, Job>();
  private counter = 0;
  private readonly now: () => number;

  constructor(private readonly o: BatchLookupsOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Parses the file and starts looking its numbers up; throws BatchInputError for a file with none. */
  start(text: string): { batchId: string; input: BatchInput } {
    const input = parseBatchInput(text);
    const orders = this.o.orders();
    const id = `b${(++this.counter).toString(36)}${this.now().toString(36)}`;
    const job: Job = {
      id,
      startedAt: this.now(),
      controller: new AbortController(),
      state: 'running',
      progress: { total: input.queries.length, done: 0, found: 0, notFound: 0, failed: 0 },
    };
    this.jobs.set(id, job);
    this.prune();
    let lastReport = 0;
    const every = this.o.progressEveryMs ?? 100;
    void orders
      .lookupMany(input.queries, {
        signal: job.controller.signal,
        onProgress: (p) => {
          job.progress = p;
          if (this.now() - lastReport >= every) {
            lastReport = this.now();
            this.o.onProgress(id, 'running', p);
          }
        },
      })
      .then(
        (results) => {
          job.results = results.map(maskedResult);
          job.state = job.controller.signal.aborted ? 'cancelled' : 'done';
        },
        (err: unknown) => {
          // lookupMany reports each failure in its row; reaching here means the service itself broke.
          job.results = input.queries.map((query) => maskedResult({ query, kind: 'failed', reason: String(err) }));
          job.state = 'done';
        },
      )
      .finally(() => this.o.onProgress(id, job.state, job.progress));
    return { batchId: id, input };
  }

  cancel(batchId: string): BatchState {
    const job = this.job(batchId);
    if (job.state === 'running') job.controller.abort();
    return job.controller.signal.aborted ? 'cancelled' : job.state;
  }

  /** Cancels every running batch (before the environment changes under them). */
  cancelAll(): void {
    for (const job of this.jobs.values()) if (job.state === 'running') job.controller.abort();
  }

  state(batchId: string): { state: BatchState; progress: BatchProgress; results?: readonly LookupResult[] } {
    const job = this.job(batchId);
    return { state: job.state, progress: job.progress, ...(job.results ? { results: job.results } : {}) };
  }

  /** The batch's results as CSV, optionally only one kind of result and one status. */
  csv(batchId: string, filter: { result?: LookupResult['kind']; status?: number } = {}): string {
    const results = (this.job(batchId).results ?? []).filter(
      (r) =>
        (filter.result === undefined || r.kind === filter.result) &&
        (filter.status === undefined || (r.kind === 'found' && r.order.status === filter.status)),
    );
    return resultsCsv(results);
  }

  private job(batchId: string): Job {
    const job = this.jobs.get(batchId);
    if (!job) throw new UnknownBatchError(batchId);
    return job;
  }

  private prune(): void {
    const finished = [...this.jobs.values()].filter((j) => j.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - (this.o.keep ?? 5)))) this.jobs.delete(job.id);
  }
}
