/**
 * Batch look-ups as jobs: started from a pasted or dropped file, run in the background through the order
 * service (whose client's limiter sets the pace), reporting progress a few times a second, cancellable,
 * and kept in memory for the results table and the CSV export. Each result is kept as it arrives, in the
 * order of arrival, so the table can grow while the batch runs by reading only what is new (10,000 rows
 * cross IPC once, not once per read). A retry is a new batch of the same lines in which only the failed and
 * cancelled ones are looked up again. The last few batches are kept; older ones are dropped, and a batch
 * still running is never dropped.
 *
 * A batch is kept with every card number in it masked (a card number pasted as an orderNumber is a valid
 * query, and the gateway's texts may quote one): the results table, the export and anything later built
 * on them read the kept results only, so none of them can show one whole.
 */
import { phrase } from '../phrases/phrase.js';
import { environmentWords } from '../gateway/environments.js';
import { SaidError } from '../phrases/saidError.js';
import { failureText } from './failureWords.js';
import { parseBatchInput, type BatchInput } from './batchInput.js';
import { maskCardNumbersIn } from '../domain/cardNumbers.js';
import { resultsCsv, type OrderService } from './orders.js';
import type { BatchProgress, BatchState, LookupResult } from './views.js';

export type { BatchState } from './views.js';

interface Job {
  readonly id: string;
  readonly environment: string;
  readonly startedAt: number;
  readonly controller: AbortController;
  /** The batch's queries, one per line of the input (after repeats were dropped). */
  readonly queries: readonly string[];
  /** Each line's result as kept (card numbers masked), once it is known. */
  readonly results: (LookupResult | undefined)[];
  /** Lines in the order their results became known: a reader follows the batch from where it stopped. */
  readonly arrived: number[];
  state: BatchState;
  progress: BatchProgress;
}

/** One line's result, with its place among the batch's queries. */
export interface BatchLine {
  readonly line: number;
  readonly result: LookupResult;
}

export interface BatchLookupsOptions {
  /** The current environment's order service, asked at the start of each batch. */
  readonly orders: () => OrderService;
  /** The current environment: a retry runs only where the batch ran. */
  readonly environment: () => string;
  readonly onProgress: (batchId: string, state: BatchState, progress: BatchProgress) => void;
  /** Smallest gap between two progress reports of one batch; the last one always goes out. */
  readonly progressEveryMs?: number;
  readonly keep?: number;
  readonly now?: () => number;
}

/**
 * A look-up result as a batch keeps it: every text in it (the query, the order's orderNumber, description and
 * decline words, its timeline, a failure's reason and detail) with card numbers masked.
 */
export function maskedResult(r: LookupResult): LookupResult {
  return maskCardNumbersIn(r);
}

export class UnknownBatchError extends SaidError {
  override name = 'UnknownBatchError';
  constructor(batchId: string) {
    super(phrase('batch.unknown', { batchId }));
  }
}

/** A retry that cannot be made: the batch is still running, has nothing to retry, or ran in another environment. */
export class BatchRetryError extends SaidError {
  override name = 'BatchRetryError';
}

export class BatchLookups {
  private readonly jobs = new Map<string, Job>();
  private counter = 0;
  private readonly now: () => number;

  constructor(private readonly options: BatchLookupsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Parses the file and starts looking its numbers up; throws BatchInputError for a file with none. */
  start(text: string): { batchId: string; input: BatchInput } {
    const input = parseBatchInput(text);
    const job = this.launch(
      input.queries,
      input.queries.map((_, line) => line),
    );
    return { batchId: job.id, input };
  }

  /**
   * A new batch of the same lines that looks up again only those that failed or were cancelled; the others
   * keep their results (and come first, as they arrived). The batch retried stays as it was.
   */
  retry(batchId: string): { batchId: string; total: number; retrying: number } {
    const old = this.job(batchId);
    if (old.state === 'running') throw new BatchRetryError(phrase('batch.stillRunning'));
    if (old.environment !== this.options.environment())
      throw new BatchRetryError(
        phrase('batch.otherEnvironment', { was: environmentWords(old.environment), now: environmentWords(this.options.environment()) }),
      );
    const again = old.queries.map((_, line) => line).filter((line) => !settled(old.results[line]));
    if (again.length === 0) throw new BatchRetryError(phrase('batch.nothingToRetry'));
    const kept = old.arrived.filter((line) => settled(old.results[line]));
    const job = this.launch(
      old.queries,
      again,
      kept.map((line) => ({ line, result: old.results[line]! })),
    );
    return { batchId: job.id, total: old.queries.length, retrying: again.length };
  }

  private launch(queries: readonly string[], lines: readonly number[], kept: readonly BatchLine[] = []): Job {
    const orders = this.options.orders();
    const id = `b${(++this.counter).toString(36)}${this.now().toString(36)}`;
    const job: Job = {
      id,
      environment: this.options.environment(),
      startedAt: this.now(),
      controller: new AbortController(),
      queries,
      results: new Array<LookupResult | undefined>(queries.length),
      arrived: [],
      state: 'running',
      progress: { total: queries.length, done: 0, found: 0, notFound: 0, failed: 0, cancelled: 0 },
    };
    for (const k of kept) keepResult(job, k.line, k.result);
    this.jobs.set(id, job);
    this.prune();
    let lastReport = 0;
    const every = this.options.progressEveryMs ?? 100;
    void orders
      .lookupMany(
        lines.map((line) => queries[line]!),
        {
          signal: job.controller.signal,
          onResult: (i, r) => {
            keepResult(job, lines[i]!, maskedResult(r));
            if (this.now() - lastReport >= every) {
              lastReport = this.now();
              this.options.onProgress(id, 'running', job.progress);
            }
          },
        },
      )
      .then(
        (results) => {
          // What was not looked up (cancelled) arrives last.
          results.forEach((r, i) => {
            if (!job.results[lines[i]!]) keepResult(job, lines[i]!, maskedResult(r));
          });
          job.state = job.controller.signal.aborted ? 'cancelled' : 'done';
        },
        (err: unknown) => {
          // lookupMany reports each failure in its row; reaching here means the service itself broke.
          const words = failureText(err);
          const failed = { kind: 'failed', reason: words.said, ...(words.detail ? { detail: words.detail } : {}) } as const;
          for (const line of lines) if (!job.results[line]) keepResult(job, line, maskedResult({ query: queries[line]!, ...failed }));
          job.state = 'done';
        },
      )
      .finally(() => this.options.onProgress(id, job.state, job.progress));
    return job;
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

  /**
   * The batch's state and the lines whose results became known from position `from` on (0: all of them), in
   * the order they did: a reader that asks again from where it stopped gets only what is new.
   */
  read(batchId: string, from = 0): { state: BatchState; progress: BatchProgress; lines: readonly BatchLine[] } {
    const job = this.job(batchId);
    return {
      state: job.state,
      progress: job.progress,
      lines: job.arrived.slice(from).map((line) => ({ line, result: job.results[line]! })),
    };
  }

  /** The batch's results as CSV, in the order of its lines, optionally only one kind of result and one status. */
  csv(batchId: string, filter: { result?: LookupResult['kind']; status?: number } = {}): string {
    const results = this.job(batchId).results.filter(
      (r): r is LookupResult =>
        r !== undefined &&
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
    for (const job of finished.slice(0, Math.max(0, finished.length - (this.options.keep ?? 5)))) this.jobs.delete(job.id);
  }
}

/** A line that has its answer: found or not found. Failed and cancelled lines are what a retry looks up again. */
const settled = (r: LookupResult | undefined) => r?.kind === 'found' || r?.kind === 'notFound';

/** Keeps a line's result and counts it. */
function keepResult(job: Job, line: number, result: LookupResult): void {
  job.results[line] = result;
  job.arrived.push(line);
  const p = job.progress;
  job.progress = {
    ...p,
    done: p.done + (result.kind === 'cancelled' ? 0 : 1),
    found: p.found + (result.kind === 'found' ? 1 : 0),
    notFound: p.notFound + (result.kind === 'notFound' ? 1 : 0),
    failed: p.failed + (result.kind === 'failed' ? 1 : 0),
    cancelled: p.cancelled + (result.kind === 'cancelled' ? 1 : 0),
  };
}
