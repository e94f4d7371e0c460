/**
 * Batch charges as jobs the Charges workspace drives: a dry run (planBatch) kept in memory under the
 * file's id, then one run of it with progress, pause, resume and cancel, and its result file. A plan runs
 * at most once and only in the environment it was checked in; rows the journal shows already charged
 * (the same file planned again) are listed as invalid in the dry run, and the gateway would refuse their
 * orderNumbers anyway.
 */
import {
  batchResultCsv,
  BatchControl,
  planBatch,
  runBatch,
  type BatchPlan,
  type FailedRow,
  type PlanOptions,
  type RowResult,
} from './batchCharges.js';
import type { ChargeService } from './charges.js';
import type { ChargeBatchProgress, ChargeBatchState } from './views.js';
import type { ChargeJournal, ChargeRow } from '../store/journal.js';

/**
 * How far back the dry run looks for the same card and amount charged already, from any file or the
 * form: an edited copy of a file has new order numbers, and this is what still stops it charging again.
 */
export const BATCH_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What became of an earlier charge, in the dry run's words. */
const earlierWords = (c: ChargeRow) =>
  c.state === 'PAID'
    ? 'charged'
    : c.state === 'DECLINED'
      ? 'declined, not charged'
      : c.state === 'FAILED'
        ? 'failed, not charged'
        : 'outcome not known yet';

export interface ChargeBatchJob {
  readonly plan: BatchPlan;
  readonly environment: string;
  readonly state: ChargeBatchState;
  readonly progress: ChargeBatchProgress;
  /** One per row handled so far, in the plan's order. */
  readonly results: readonly (RowResult | FailedRow)[];
  /** Why the app stopped the batch (state failed). */
  readonly failure?: string;
}

export class ChargeBatchError extends Error {
  override name = 'ChargeBatchError';
  constructor(
    readonly reason: 'notFound' | 'state',
    message: string,
  ) {
    super(message);
  }
}

interface Job {
  plan: BatchPlan;
  environment: string;
  started: boolean;
  finished: boolean;
  control: BatchControl;
  progress: ChargeBatchProgress;
  results: (RowResult | FailedRow)[];
  failure?: string;
}

export interface ChargeBatchesOptions {
  readonly onProgress: (batchId: string, state: ChargeBatchState, progress: ChargeBatchProgress) => void;
  /** Smallest gap between two progress reports of one batch; a change of state always goes out. */
  readonly progressEveryMs?: number;
  /** Plans kept; the oldest finished or unstarted ones are dropped first, a running one never. */
  readonly keep?: number;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export class ChargeBatches {
  private readonly jobs = new Map<string, Job>();
  private readonly now: () => number;

  constructor(private readonly o: ChargeBatchesOptions) {
    this.now = o.now ?? Date.now;
  }

  /**
   * The dry run of a file in an environment; nothing is charged. The same file while it is being charged
   * answers with that run, so that it can be followed, paused or cancelled again from any window.
   */
  async plan(text: string, environment: string, options: PlanOptions & { readonly journal: ChargeJournal }): Promise<ChargeBatchJob> {
    const planned = await planBatch(text, options);
    const existing = this.jobs.get(planned.batchId);
    if (existing && existing.started && !existing.finished) return this.view(existing);
    const { journal } = options;
    const since = this.now() - BATCH_REPEAT_WINDOW_MS;
    const invalid = [...planned.invalid];
    const charges = planned.charges.filter((c) => {
      // Rows run from this same file before: the gateway would refuse their order numbers anyway.
      const before = journal.byOrderNumber(environment, c.reference);
      if (before) {
        invalid.push({ line: c.line, errors: [`already run from this file as ${c.reference}: ${earlierWords(before)}`] });
        return false;
      }
      // The same card and amount charged lately (an edited copy of a file, or by hand): not again from a file.
      const lately = journal.similarSince(environment, c.bindingId, c.amount, c.currency, since).find((e) => e.state !== 'DECLINED');
      if (lately) {
        invalid.push({
          line: c.line,
          errors: [
            `the same card and amount were charged within the last 24 hours (order ${lately.orderNumber}, ${earlierWords(lately)}); use the charge form if it is meant again`,
          ],
        });
        return false;
      }
      return true;
    });
    const plan: BatchPlan = { batchId: planned.batchId, charges, invalid: invalid.sort((a, b) => a.line - b.line) };
    this.jobs.delete(plan.batchId);
    this.jobs.set(plan.batchId, {
      plan,
      environment,
      started: false,
      finished: false,
      control: new BatchControl(),
      progress: { total: plan.charges.length, done: 0, paid: 0, other: 0 },
      results: [],
    });
    this.prune();
    return this.view(this.job(plan.batchId));
  }

  /**
   * Starts charging a planned batch in the background; answers at once with its state. `charges` gives
   * the charge service of the plan's environment for each row, or nothing once that environment is no
   * longer open, which stops the batch: the rest is cancelled, not charged elsewhere.
   */
  run(batchId: string, environment: string, charges: () => ChargeService | undefined): ChargeBatchJob {
    const job = this.job(batchId);
    if (job.environment !== environment) {
      throw new ChargeBatchError(
        'state',
        `Batch ${batchId} was checked in ${job.environment}, not ${environment}; check the file again here`,
      );
    }
    if (job.started) throw new ChargeBatchError('state', `Batch ${batchId} has already been run; check the file again to see what is left`);
    if (job.plan.charges.length === 0) throw new ChargeBatchError('state', `Batch ${batchId} has no valid rows to charge`);
    job.started = true;
    let lastReport = 0;
    const report = (force: boolean) => {
      const at = this.now();
      if (!force && at - lastReport < (this.o.progressEveryMs ?? 100)) return;
      lastReport = at;
      this.o.onProgress(batchId, this.stateOf(job), job.progress);
    };
    const service = {
      charge: (r: Parameters<ChargeService['charge']>[0]) => {
        const current = charges();
        if (current) return current.charge(r);
        job.control.cancel();
        return Promise.resolve({ kind: 'refused', reason: `${environment} is no longer the open environment; not charged` } as const);
      },
    };
    void runBatch(job.plan, service, {
      control: job.control,
      onRow: (r) => job.results.push(r),
      onProgress: (p) => {
        job.progress = p;
        report(p.done === p.total);
      },
    })
      .catch((err: unknown) => {
        // Not the gateway's doing (ChargeService settles those): the journal or the disk failed. Stop, and
        // say so row by row: the row in hand may or may not be charged, the rest were not.
        const reason = err instanceof Error ? err.message : String(err);
        (this.o.log ?? console.error)(`charge batch ${batchId} stopped: ${reason}`);
        job.failure = reason;
        const [current, ...rest] = job.plan.charges.slice(job.results.length);
        if (current) {
          job.results.push({
            planned: current,
            outcome: 'error',
            reason: `the app failed while charging this row (${reason}); the journal shows whether it was charged`,
          });
        }
        for (const planned of rest) job.results.push({ planned, outcome: 'cancelled' });
      })
      .finally(() => {
        job.finished = true;
        report(true);
      });
    return this.view(job);
  }

  pause(batchId: string): ChargeBatchJob {
    const job = this.running(batchId);
    job.control.pause();
    this.o.onProgress(batchId, this.stateOf(job), job.progress);
    return this.view(job);
  }

  resume(batchId: string): ChargeBatchJob {
    const job = this.running(batchId);
    job.control.resume();
    this.o.onProgress(batchId, this.stateOf(job), job.progress);
    return this.view(job);
  }

  /** Stops before the next row; the row being charged finishes (its answer settles it). */
  cancel(batchId: string): ChargeBatchJob {
    const job = this.job(batchId);
    if (job.finished) return this.view(job);
    job.control.cancel();
    if (!job.started) {
      job.started = job.finished = true;
      this.o.onProgress(batchId, 'cancelled', job.progress);
    }
    return this.view(job);
  }

  /** Cancels every unfinished batch not of this environment: the one it was checked in is no longer open. */
  cancelOutside(environment: string): void {
    for (const job of this.jobs.values()) if (!job.finished && job.environment !== environment) this.cancel(job.plan.batchId);
  }

  status(batchId: string): ChargeBatchJob {
    return this.view(this.job(batchId));
  }

  /** The result file: every row of the file with what became of it. */
  csv(batchId: string): string {
    const job = this.job(batchId);
    return batchResultCsv(job.plan, job.results);
  }

  private running(batchId: string): Job {
    const job = this.job(batchId);
    if (!job.started || job.finished) throw new ChargeBatchError('state', `Batch ${batchId} is not running`);
    return job;
  }

  private job(batchId: string): Job {
    const job = this.jobs.get(batchId);
    if (!job)
      throw new ChargeBatchError(
        'notFound',
        `There is no checked batch ${batchId}; check the file again (plans are kept until the app closes)`,
      );
    return job;
  }

  private stateOf(job: Job): ChargeBatchState {
    if (!job.started) return 'planned';
    if (job.failure !== undefined) return 'failed';
    if (job.finished) return job.control.isCancelled ? 'cancelled' : 'done';
    return job.control.isPaused ? 'paused' : 'running';
  }

  private view(job: Job): ChargeBatchJob {
    return {
      plan: job.plan,
      environment: job.environment,
      state: this.stateOf(job),
      progress: job.progress,
      results: [...job.results],
      ...(job.failure !== undefined ? { failure: job.failure } : {}),
    };
  }

  private prune(): void {
    const keep = this.o.keep ?? 10;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= keep) break;
      if (!job.started || job.finished) this.jobs.delete(id);
    }
  }
}
