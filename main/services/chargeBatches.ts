/**
 * Batch charges as jobs the Charges workspace drives: a dry run (planBatch) kept in memory under the
 * file's id, then one run of it with progress, pause, resume and cancel, and its result file. A plan runs
 * at most once and only in the environment it was checked in.
 *
 * The dry run is a preview: it shows, row by row, what the charge service's guard would say now (already
 * run from this file, the same card and amount within 24 hours, an open charge on the card). What stops
 * a row charging twice is the same guard, asked again when each row is journalled. A plan also goes
 * stale: one checked more than PLAN_LIFETIME_MS ago, or one on whose cards anything was journalled since
 * it was checked, is refused and must be checked again, so that what the operator confirmed is current.
 */
import {
  batchResultCsv,
  type PlannedCharge,
  BatchControl,
  planBatch,
  runBatch,
  type BatchPlan,
  type FailedRow,
  type PlanOptions,
  type RowResult,
} from './batchCharges.js';
import type { BatchChargeOutcome, BatchChargeRequest, ChargeService } from './charges.js';
import type { AwaitingApproval } from './approvals.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { environmentWords } from '../gateway/environments.js';
import type { ChargeBatchProgress, ChargeBatchState } from './views.js';

/** How long a row's answer may take before the screens are told, by an event, that it is still being sent. */
const SLOW_ANSWER_MS = 300;

/** How long a dry run stays good to run: after this the file is checked again, against the journal of now. */
export const PLAN_LIFETIME_MS = 15 * 60 * 1000;

export interface ChargeBatchJob {
  readonly plan: BatchPlan;
  readonly environment: string;
  readonly state: ChargeBatchState;
  readonly progress: ChargeBatchProgress;
  /** One per row handled so far, in the plan's order. */
  readonly results: readonly (RowResult | FailedRow)[];
  /** The row being charged now, its answer awaited (not lost: that would be an unknown result). */
  readonly sending?: PlannedCharge;
  /** Why the app stopped the batch (state failed). */
  readonly failure?: Phrase;
  /** Its charges together are over the batch threshold: the request that a second person approves before it runs. */
  readonly awaiting?: AwaitingApproval;
}

/**
 * Whether a plan's charges may run now, asked just before its first row (Approvals.batchGate): yes, or the request
 * for a second person's approval it waits for, or why not.
 */
export type BatchGate = (plan: BatchPlan) => Promise<{ readonly kind: 'go' } | AwaitingApproval | { readonly refusal: Phrase }>;

/** A batch that cannot be run, followed or found: why, as phrases (its message is their English). */
export class ChargeBatchError extends SaidError {
  override name = 'ChargeBatchError';
  constructor(
    readonly reason: 'notFound' | 'state' | 'expired',
    said: Phrase,
  ) {
    super(said);
  }
}

interface Job {
  plan: BatchPlan;
  environment: string;
  /** When the dry run was made, by this desk's clock: how old the plan is. */
  plannedAt: number;
  /**
   * The same moment by the journal's clock (the team database's, not the desk's): the journal is asked what
   * happened on the plan's cards since. A desk whose clock ran ahead of the server's would otherwise miss a
   * charge made after its check, and one behind would count charges from before it.
   */
  journalledFrom: number;
  started: boolean;
  finished: boolean;
  control: BatchControl;
  progress: ChargeBatchProgress;
  results: (RowResult | FailedRow)[];
  sending?: PlannedCharge;
  failure?: Phrase;
  awaiting?: AwaitingApproval;
  /** Who started it, as their account was then: the batch is theirs to run only while they may. */
  owner?: BatchOwner;
}

/** The person who started a batch: their account's id, and how many times their sessions had been ended then. */
export interface BatchOwner {
  readonly id: string;
  readonly sessionsEnded: number;
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

  constructor(private readonly options: ChargeBatchesOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The dry run of a file in an environment; nothing is charged. The same file while it is being charged
   * answers with that run, so that it can be followed, paused or cancelled again from any window.
   */
  async plan(text: string, environment: string, options: PlanOptions & { readonly charges: ChargeService }): Promise<ChargeBatchJob> {
    const plannedAt = this.now();
    const journalledFrom = await options.charges.journal.now(plannedAt);
    const planned = await planBatch(text, options);
    const existing = this.jobs.get(planned.batchId);
    if (existing && existing.started && !existing.finished) return this.view(existing);
    const invalid = [...planned.invalid];
    const charges: PlannedCharge[] = [];
    for (const c of planned.charges) {
      const refusal = await options.charges.preview({ ...c, origin: 'batch', batchId: planned.fileHash });
      if (!refusal) charges.push(c);
      else invalid.push({ line: c.line, errors: [refusal.kind === 'refused' ? refusal.reason : phrase('charge.batch.triedLately')] });
    }
    const plan: BatchPlan = {
      batchId: planned.batchId,
      fileHash: planned.fileHash,
      charges,
      invalid: invalid.sort((a, b) => a.line - b.line),
      input: planned.input,
    };
    this.jobs.delete(plan.batchId);
    this.jobs.set(plan.batchId, {
      plan,
      environment,
      plannedAt,
      journalledFrom,
      started: false,
      finished: false,
      control: new BatchControl(),
      progress: { total: plan.charges.length, done: 0, paid: 0, unknown: 0, other: 0 },
      results: [],
    });
    this.prune();
    return this.view(this.job(plan.batchId));
  }

  /**
   * Starts charging a planned batch in the background; answers at once with its state. `charges` gives
   * the charge service of the plan's environment for each row, or nothing once that environment is no
   * longer open, which stops the batch: the rest is cancelled, not charged elsewhere. `gate` is asked last, and
   * a batch that must wait for a second person's approval is left planned, with the request it waits for.
   */
  async run(
    batchId: string,
    environment: string,
    charges: () => ChargeService | undefined,
    gate: BatchGate = () => Promise.resolve({ kind: 'go' }),
    owner?: BatchOwner,
  ): Promise<ChargeBatchJob> {
    const job = this.job(batchId);
    if (job.environment !== environment) {
      throw new ChargeBatchError(
        'state',
        phrase('charge.batch.otherEnvironment', {
          batchId,
          checked: environmentWords(job.environment),
          environment: environmentWords(environment),
        }),
      );
    }
    if (job.started) throw new ChargeBatchError('state', phrase('charge.batch.alreadyRun', { batchId }));
    if (job.plan.charges.length === 0) throw new ChargeBatchError('state', phrase('charge.batch.noValidRows', { batchId }));
    // Marked started before the journal is read, so that a second run of the same plan cannot begin meanwhile.
    job.started = true;
    try {
      await this.refuseIfStale(job, charges());
      const gated = await gate(job.plan);
      if ('refusal' in gated) throw new ChargeBatchError('state', gated.refusal);
      if (gated.kind === 'awaitingApproval') {
        job.started = false;
        job.awaiting = gated;
        return this.view(job);
      }
      delete job.awaiting;
      if (owner) job.owner = owner;
    } catch (err) {
      job.started = false;
      throw err;
    }
    let lastReport = 0;
    const report = (force: boolean) => {
      const at = this.now();
      if (!force && at - lastReport < (this.options.progressEveryMs ?? 100)) return;
      lastReport = at;
      this.options.onProgress(batchId, this.stateOf(job), job.progress);
    };
    const service = {
      charge: (r: BatchChargeRequest): Promise<BatchChargeOutcome> => {
        const current = charges();
        if (current) return current.charge(r);
        job.control.cancel();
        return Promise.resolve({
          kind: 'refused',
          reason: phrase('charge.refused.environmentGone', { environment: environmentWords(environment) }),
        } as const);
      },
    };
    void runBatch(job.plan, service, {
      control: job.control,
      onRow: (r) => job.results.push(r),
      onSending: (planned) => {
        job.sending = planned;
        // A row whose answer is slow is news: the screens say it is being sent. Quick rows are left to the
        // progress reports, so that a fast batch does not send an event per row.
        if (planned) {
          setTimeout(() => {
            if (job.sending === planned) this.options.onProgress(batchId, this.stateOf(job), job.progress);
          }, SLOW_ANSWER_MS).unref();
        }
      },
      onProgress: (p) => {
        job.progress = p;
        report(p.done === p.total);
      },
    })
      .catch((err: unknown) => {
        // Not the gateway's doing (ChargeService settles those): the journal or the disk failed. Stop, and
        // say so row by row: the row in hand may or may not be charged, the rest were not.
        const reason = err instanceof Error ? err.message : String(err);
        (this.options.log ?? console.error)(`charge batch ${batchId} stopped: ${reason}`);
        // An error of the app that knows its words says them; anything else is the technical account, masked.
        job.failure =
          err instanceof SaidError && err.said[0] ? err.said[0] : phrase('charge.batch.technical', { reason: maskCardNumbers(reason) });
        job.sending = undefined;
        const [current, ...rest] = job.plan.charges.slice(job.results.length);
        if (current) {
          job.results.push({
            planned: current,
            outcome: 'error',
            reason: phrase('charge.batch.appError', { reason: maskCardNumbers(reason) }),
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

  /**
   * A dry run is what the operator confirmed; it must still be what is true. Each row's guard runs again
   * when it is journalled whatever happens here: this is so that a stale plan is shown again, not charged
   * on the strength of an old preview.
   */
  private async refuseIfStale(job: Job, charges: ChargeService | undefined): Promise<void> {
    const age = this.now() - job.plannedAt;
    if (age > PLAN_LIFETIME_MS) {
      throw new ChargeBatchError('expired', phrase('charge.batch.stale', { batchId: job.plan.batchId, count: Math.floor(age / 60_000) }));
    }
    const bindings = [...new Set(job.plan.charges.map((c) => c.bindingId))];
    const since = (await charges?.journal.journalledSince(job.environment, bindings, job.journalledFrom))?.[0];
    if (since) {
      throw new ChargeBatchError(
        'expired',
        phrase('charge.batch.chargedSince', { orderNumber: since.orderNumber, batchId: job.plan.batchId }),
      );
    }
  }

  pause(batchId: string): ChargeBatchJob {
    const job = this.running(batchId);
    job.control.pause();
    this.options.onProgress(batchId, this.stateOf(job), job.progress);
    return this.view(job);
  }

  resume(batchId: string): ChargeBatchJob {
    const job = this.running(batchId);
    job.control.resume();
    this.options.onProgress(batchId, this.stateOf(job), job.progress);
    return this.view(job);
  }

  /** Stops before the next row; the row being charged finishes (its answer settles it). */
  cancel(batchId: string): ChargeBatchJob {
    const job = this.job(batchId);
    if (job.finished) return this.view(job);
    job.control.cancel();
    if (!job.started) {
      job.started = job.finished = true;
      this.options.onProgress(batchId, 'cancelled', job.progress);
    }
    return this.view(job);
  }

  /**
   * Cancels, before their next row, the running batches of people who may no longer run them (`stopped`: disabled,
   * their sessions ended by an administrator): what a person started stops when they are stopped, at this desk.
   */
  async cancelOf(stopped: (owner: BatchOwner) => Promise<boolean>): Promise<void> {
    for (const job of [...this.jobs.values()]) {
      if (job.owner && job.started && !job.finished && (await stopped(job.owner))) this.cancel(job.plan.batchId);
    }
  }

  /** Cancels every unfinished batch: the journal it was checked against is no longer the one in use. */
  cancelAll(): void {
    for (const job of this.jobs.values()) if (!job.finished) this.cancel(job.plan.batchId);
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
    if (!job.started || job.finished) throw new ChargeBatchError('state', phrase('charge.batch.notRunning', { batchId }));
    return job;
  }

  private job(batchId: string): Job {
    const job = this.jobs.get(batchId);
    if (!job) throw new ChargeBatchError('notFound', phrase('charge.batch.notFound', { batchId }));
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
      ...(job.sending && !job.finished ? { sending: job.sending } : {}),
      ...(job.failure !== undefined ? { failure: job.failure } : {}),
      ...(job.awaiting !== undefined && !job.started ? { awaiting: job.awaiting } : {}),
    };
  }

  private prune(): void {
    const keep = this.options.keep ?? 10;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= keep) break;
      if (!job.started || job.finished) this.jobs.delete(id);
    }
  }
}
