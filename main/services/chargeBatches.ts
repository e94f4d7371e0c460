/**
 * Batch charges as jobs the Charges workspace drives: a dry run (planBatch) kept in memory under the
 * file's id, then one run of it with progress, pause, resume and cancel, and its result file. A plan runs
 * at most once and only in the environment it was checked in; rows the journal shows already charged
 * (the same file planned again) are listed as invalid in the dry run, and the gateway would refuse their
 * orderNumbers anyway.
 */
import { batchResultCsv, BatchControl, planBatch, runBatch, type BatchPlan, type PlanOptions, type RowResult } from './batchCharges.js';
import type { ChargeService } from './charges.js';
import type { ChargeJournal } from '../store/journal.js';

export type ChargeBatchState = 'planned' | 'running' | 'paused' | 'done' | 'cancelled';

export interface ChargeBatchProgress {
  readonly total: number;
  readonly done: number;
  readonly paid: number;
  readonly other: number;
}

export interface ChargeBatchJob {
  readonly plan: BatchPlan;
  readonly environment: string;
  readonly state: ChargeBatchState;
  readonly progress: ChargeBatchProgress;
  /** One per row handled so far, in the plan's order. */
  readonly results: readonly RowResult[];
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
  results: RowResult[];
}

export interface ChargeBatchesOptions {
  readonly onProgress: (batchId: string, state: ChargeBatchState, progress: ChargeBatchProgress) => void;
  /** Smallest gap between two progress reports of one batch; a change of state always goes out. */
  readonly progressEveryMs?: number;
  /** Plans kept; the oldest finished or unstarted ones are dropped first, a running one never. */
  readonly keep?: number;
  readonly now?: () => number;
}

export class ChargeBatches {
  private readonly jobs = new Map<string, Job>();
  private readonly now: () => number;

  constructor(private readonly o: ChargeBatchesOptions) {
    this.now = o.now ?? Date.now;
  }

  /** The dry run of a file in an environment; nothing is charged. */
  async plan(text: string, environment: string, options: PlanOptions & { readonly journal: ChargeJournal }): Promise<ChargeBatchJob> {
    const planned = await planBatch(text, options);
    const existing = this.jobs.get(planned.batchId);
    if (existing && existing.started && !existing.finished) {
      throw new ChargeBatchError('state', `This file is being charged now (batch ${planned.batchId}); wait for it or cancel it first`);
    }
    // Rows already in the journal were charged from this same file before: they are not charged again.
    const again = planned.charges.filter((c) => options.journal.byOrderNumber(environment, c.reference));
    const plan: BatchPlan = {
      batchId: planned.batchId,
      charges: planned.charges.filter((c) => !again.includes(c)),
      invalid: [
        ...planned.invalid,
        ...again.map((c) => {
          const earlier = options.journal.byOrderNumber(environment, c.reference)!;
          return { line: c.line, errors: [`already charged from this file as ${c.reference} (${earlier.state.toLowerCase()})`] };
        }),
      ].sort((a, b) => a.line - b.line),
    };
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
      .catch(() => undefined)
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

  /** Cancels every batch not finished: the environment they were checked in is closing. */
  cancelAll(): void {
    for (const job of this.jobs.values()) if (!job.finished) this.cancel(job.plan.batchId);
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
    if (job.finished) return job.control.isCancelled ? 'cancelled' : 'done';
    return job.control.isPaused ? 'paused' : 'running';
  }

  private view(job: Job): ChargeBatchJob {
    return { plan: job.plan, environment: job.environment, state: this.stateOf(job), progress: job.progress, results: [...job.results] };
  }

  private prune(): void {
    const keep = this.o.keep ?? 10;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= keep) break;
      if (!job.started || job.finished) this.jobs.delete(id);
    }
  }
}
