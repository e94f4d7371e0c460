/**
 * Four-eyes approvals as the screens use them: the requests of the environment open now, and approving,
 * withdrawing or declining one. Asking happens where money is moved: a refund (OrderOperations) or a manual
 * charge (ChargeService) above its threshold becomes a request in the journal's own transaction. Approving
 * runs the same refund or charge again, through the same journal and guards, as the approver's: the store
 * checks there, on the request as it is in that transaction, that it is pending, unexpired, for this very
 * action, and not the approver's own.
 *
 * Every step is an audit entry ('approval'), its object the request's id.
 */
import { actingPerson } from '../store/actingPerson.js';
import type { ApprovalOutcome, ApprovalRequest, ApprovalRequests, ApprovalStep, RequestChange, RequestPerson } from '../store/approvals.js';
import { stampedEntry, type AuditEntry, type AuditedBy, type AuditOutcome, type AuditRepository } from '../store/audit.js';
import type { AuditFactsOf } from '../store/auditEvents.js';
import { requestState, thresholdOver, type Thresholds } from '../domain/approvals.js';
import { batchApprovalHolds } from '../store/approvals.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { environmentWords } from '../gateway/environments.js';
import type { ChargeOutcome } from './charges.js';
import type { OperationOutcome, OrderOperations } from './orderOperations.js';
import type { ApprovalRequestView } from './views.js';

/** The person whose call this is, as a request names them; none outside a signed-in person's call. */
export function callingPerson(): RequestPerson | undefined {
  const p = actingPerson();
  return p && { id: p.id, login: p.login, name: p.displayName };
}

/**
 * What an action asks of approvals: to become a request over its threshold, in the calling person's name, audited
 * in the transaction that files it.
 */
export function askStep(to: AuditTarget, reason?: string): ApprovalStep | undefined {
  const by = callingPerson();
  return by && { kind: 'ask', by, ...(reason !== undefined ? { reason } : {}), audited: stepAudited(to, 'asked') };
}

/** A step's entry, made from the request in the transaction that takes the step (its reason, for one asked). */
const stepAudited =
  (to: AuditTarget, step: 'asked' | 'approved' | 'withdrawn' | 'declined'): AuditedBy<ApprovalRequest> =>
  (request) =>
    stampedEntry(
      approvalEntry(
        to,
        request,
        { step, ...(step === 'asked' && request.reason !== undefined ? { reason: request.reason } : {}) },
        'success',
      ),
    );

/** A refund's or a charge's answer when a journal filed a request for it instead: nothing was sent. */
export interface AwaitingApproval {
  readonly kind: 'awaitingApproval';
  readonly request: ApprovalRequest;
  readonly why: Phrase;
}

/**
 * What a journal's approval outcome (ApprovalOutcome) comes to for the service that asked: a request filed (audited
 * in its transaction: askStep), or why nothing was written, which the service refuses as its own refusals.
 */
export function approvalAnswer(o: ApprovalOutcome): AwaitingApproval | { readonly refusal: Phrase } {
  switch (o.kind) {
    case 'requested':
      return { kind: 'awaitingApproval', request: o.request, why: o.why };
    case 'awaiting':
      return {
        refusal: phrase('approval.awaiting', {
          by: o.request.requestedBy.name,
          amount: { minor: o.request.amount, currency: o.request.currency },
        }),
      };
    case 'approvalRefused':
      return { refusal: o.reason };
  }
}

/** A request's order (a refund), stored card (a charge) or file (a batch), as the audit names it. */
const subjectOf = ({ what }: ApprovalRequest): string =>
  what.action === 'refund' ? what.orderId : what.action === 'charge' ? what.bindingId : what.batchId;

export interface AuditTarget {
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly environment: string;
  readonly now: () => number;
}

/** Records one step of a request that changed nothing (a refusal, a failure). */
export function recordApproval(
  to: AuditTarget,
  request: ApprovalRequest | { readonly id: number },
  facts: AuditFactsOf<'approval'>,
  outcome: AuditOutcome,
): void {
  to.audit.record(approvalEntry(to, request, facts, outcome));
}

/** One step of a request as the audit keeps it. */
function approvalEntry(
  to: AuditTarget,
  request: ApprovalRequest | { readonly id: number },
  facts: AuditFactsOf<'approval'>,
  outcome: AuditOutcome,
): AuditEntry {
  const said = 'what' in request ? requestFacts(request) : {};
  const all = { ...said, ...facts };
  return {
    at: to.now(),
    osUser: to.osUser,
    environment: to.environment,
    action: 'approval',
    facts: all,
    outcome,
    objectType: 'approval',
    objectId: String(request.id),
    detail: `${all.step}${all.action ? ` ${all.action}` : ''}${all.amount !== undefined ? ` ${all.amount} (${all.currency})` : ''}${
      all.subject ? ` on ${all.subject}` : ''
    }${all.requester ? ` asked by ${all.requester}` : ''}${all.reason ? `: ${all.reason}` : ''}`,
  };
}

const requestFacts = (r: ApprovalRequest) => ({
  action: r.what.action,
  amount: r.amount,
  currency: r.currency,
  subject: subjectOf(r),
  requester: r.requestedBy.login,
});

/** What approving did: the refund's or the charge's outcome, the batch approved to run, or why nothing was tried. */
export type ApprovalResult =
  | { readonly kind: 'refund'; readonly orderId: string; readonly outcome: OperationOutcome }
  | { readonly kind: 'charge'; readonly outcome: ChargeOutcome }
  | { readonly kind: 'batch'; readonly request: ApprovalRequest }
  | { readonly kind: 'refused'; readonly reason: Phrase };

export interface ApprovalsOptions {
  readonly environment: string;
  readonly requests: ApprovalRequests;
  readonly operations: OrderOperations;
  /** Charges what a request asked, checked against the card as the gateway lists it now (confirmedCharge.ts). */
  readonly charge: (request: ApprovalRequest, step: Extract<ApprovalStep, { kind: 'approve' }>) => Promise<ChargeOutcome>;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
}

export class Approvals {
  private readonly target: AuditTarget;

  constructor(private readonly options: ApprovalsOptions) {
    this.target = { ...options, now: options.now ?? Date.now };
  }

  /** The environment's requests, newest first, the live ones only or every one, each in its state as of now. */
  async list(live: boolean, limit?: number): Promise<ApprovalRequest[]> {
    const { requests, environment } = this.options;
    const at = await requests.now(this.target.now());
    const listed = await requests.list({ environment, live, ...(limit !== undefined ? { limit } : {}) }, at);
    return listed.map((r) => ({ ...r, state: requestState(r, at) }));
  }

  /**
   * Runs the request's refund or charge as the calling person's approval. Whether it may be approved is decided
   * by the journal in the transaction that journals it; what is refused before (no such request, another
   * environment) is audited here likewise.
   */
  async approve(id: number): Promise<ApprovalResult> {
    const by = callingPerson();
    const request = await this.options.requests.get(id);
    const refused = (reason: Phrase): ApprovalResult => {
      recordApproval(this.target, request ?? { id }, { step: 'notApproved', reason: english(reason) }, 'refused');
      return { kind: 'refused', reason };
    };
    if (by === undefined) return refused(phrase('ipc.signInFirst'));
    if (request === undefined) return refused(phrase('approval.notFound'));
    if (request.environment !== this.options.environment)
      return refused(phrase('approval.otherEnvironment', { environment: environmentWords(request.environment) }));
    if (request.what.action === 'batch') return this.approveBatch(request, by);
    const step: ApprovalStep = { kind: 'approve', requestId: request.id, by, audited: stepAudited(this.target, 'approved') };
    let result: ApprovalResult;
    try {
      result =
        request.what.action === 'refund'
          ? { kind: 'refund', orderId: request.what.orderId, outcome: await this.options.operations.approveRefund(request, step) }
          : { kind: 'charge', outcome: await this.options.charge(request, step) };
    } catch (err) {
      // Failed before an answer (the team database away, the card's list unreadable): the attempt is on record too.
      const reason = err instanceof Error ? err.message : String(err);
      recordApproval(this.target, request, { step: 'notApproved', reason }, 'failure');
      throw err;
    }
    // Approved, its entry was written with the refund or the charge; not approved, the refusal is recorded here.
    const journalled = result.kind === 'refund' ? 'operation' in result.outcome : 'charge' in result.outcome;
    if (!journalled) recordApproval(this.target, request, { step: 'notApproved', reason: english(refusalOf(result)) }, 'refused');
    return result;
  }

  /**
   * A batch's request: approved in the store's write transaction, on the request as it is then (pending, unexpired,
   * not the approver's own). Nothing is charged here: the batch's rows are journalled as it runs, at whichever desk
   * has its file, each under this approval (decideBegin).
   */
  private async approveBatch(request: ApprovalRequest, by: RequestPerson): Promise<ApprovalResult> {
    const { requests, environment } = this.options;
    const at = await requests.now(this.target.now());
    const change = await requests.end(request.id, environment, 'approved', by, at, stepAudited(this.target, 'approved'));
    if (change.kind === 'refused') {
      recordApproval(this.target, request, { step: 'notApproved', reason: english(change.reason) }, 'refused');
      return { kind: 'refused', reason: change.reason };
    }
    return { kind: 'batch', request: change.request };
  }

  /**
   * Whether a batch's charges may run now. The batch is counted as each row's journal transaction counts it: what
   * its rows journalled already, and the rows about to run. It may run when none of its currencies' totals is over
   * the batch threshold, or when its latest request is approved (within REQUEST_LIFETIME_MS of the approval) for at
   * least these totals. Otherwise it is asked for in the calling person's name (the batch's live request is the
   * answer when it has one). What this lets run, each row's journal transaction checks again (decideBegin): this
   * is so that the batch is asked for before its first row, not after.
   */
  async batchGate(
    batch: { readonly id: string; readonly charges: readonly { readonly amount: number; readonly currency: string }[] },
    thresholds: Thresholds,
    reason?: string,
  ): Promise<{ readonly kind: 'go' } | AwaitingApproval | { readonly refusal: Phrase }> {
    const { requests, environment } = this.options;
    const soFar = await requests.batchSoFar(environment, batch.id);
    const totals: Record<string, number> = { ...soFar.totals };
    for (const c of batch.charges) totals[c.currency] = (totals[c.currency] ?? 0) + c.amount;
    const over = Object.entries(totals).find(([currency, total]) => thresholdOver(thresholds, 'batch', currency, total) !== undefined);
    if (over === undefined) return { kind: 'go' };
    const [currency, total] = over;
    const at = await requests.now(this.target.now());
    const latest = await requests.ofBatch(environment, batch.id);
    const approved = latest && batchApprovalHolds(latest, at) && latest.what.action === 'batch' ? latest.what.totals : undefined;
    if (approved && Object.entries(totals).every(([c, t]) => t <= (approved[c] ?? 0))) return { kind: 'go' };
    const why = phrase('approval.batchNeeded', { threshold: { minor: thresholdOver(thresholds, 'batch', currency, total)!, currency } });
    const by = callingPerson();
    if (by === undefined) return { refusal: why };
    const asked = await requests.askBatch(
      {
        environment,
        what: { action: 'batch', batchId: batch.id, charges: soFar.charges + batch.charges.length, totals },
        amount: total,
        currency,
        by,
        ...(reason !== undefined ? { reason } : {}),
      },
      why,
      at,
      stepAudited(this.target, 'asked'),
    );
    return approvalAnswer(asked);
  }

  /** The requester takes their request back. */
  withdraw(id: number): Promise<RequestChange> {
    return this.end(id, 'withdrawn');
  }

  /** Another finance person or administrator says no. */
  decline(id: number): Promise<RequestChange> {
    return this.end(id, 'declined');
  }

  private async end(id: number, ending: 'withdrawn' | 'declined'): Promise<RequestChange> {
    const by = callingPerson();
    const { requests } = this.options;
    const change: RequestChange = by
      ? await requests.end(
          id,
          this.options.environment,
          ending,
          by,
          await requests.now(this.target.now()),
          stepAudited(this.target, ending),
        )
      : { kind: 'refused', reason: phrase('ipc.signInFirst') };
    if (change.kind === 'refused') recordApproval(this.target, { id }, { step: 'notEnded', reason: english(change.reason) }, 'refused');
    return change;
  }
}

/** Why an approval's refund or charge was not journalled, from its outcome. */
function refusalOf(result: ApprovalResult): Phrase {
  if (result.kind === 'refused') return result.reason;
  if (result.kind === 'batch') return phrase('approval.otherAction');
  const o = result.outcome;
  switch (o.kind) {
    case 'notSent':
    case 'refused':
      return 'reason' in o ? o.reason : phrase('approval.otherAction');
    case 'awaitingApproval':
      return o.why;
    default:
      return phrase('approval.otherAction');
  }
}

/** A request for the screens, as the person `reader` (their account's id) reads it. */
export function approvalRequestView(r: ApprovalRequest, reader: string | undefined): ApprovalRequestView {
  const { what } = r;
  return {
    id: r.id,
    environment: r.environment,
    action: what.action,
    ...(what.action === 'refund'
      ? { orderId: what.orderId, ...(what.orderNumber !== undefined ? { orderNumber: what.orderNumber } : {}) }
      : what.action === 'batch'
        ? // The file's id as the Charges screen shows it; the request holds the file's whole SHA-256.
          { batchId: what.batchId.slice(0, 12), charges: what.charges, totals: what.totals }
        : {
            bindingId: what.bindingId,
            clientId: what.clientId,
            orderNumber: what.orderNumber,
            ...(what.maskedPan !== undefined ? { maskedPan: what.maskedPan } : {}),
            ...(what.description !== undefined ? { description: what.description } : {}),
          }),
    amount: r.amount,
    currency: r.currency,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    requestedBy: { login: r.requestedBy.login, name: r.requestedBy.name },
    state: r.state,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    ...(r.decidedBy ? { decidedBy: { login: r.decidedBy.login, name: r.decidedBy.name } } : {}),
    ...(r.decidedAt !== undefined ? { decidedAt: r.decidedAt } : {}),
    ...(r.journalId !== undefined ? { journalId: r.journalId } : {}),
    ...(r.desk !== undefined ? { desk: r.desk } : {}),
    mine: reader !== undefined && r.requestedBy.id === reader,
  };
}

/** A request just filed, for the screen of the person who asked. */
export const askedView = (r: ApprovalRequest): ApprovalRequestView => approvalRequestView(r, r.requestedBy.id);
