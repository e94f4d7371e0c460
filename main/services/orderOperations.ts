/**
 * Deposit, reverse and refund on an order, journalled and audited like a charge: the operation is
 * written PENDING before the request; a definite answer settles it; a lost answer leaves it UNKNOWN
 * until reconcileAll() learns what happened. A refund is resent with its own externalRefundId (the gateway
 * returns the first result instead of refunding twice); a deposit or reverse is settled from the order's
 * status, and resent only when the status shows it did not happen.
 *
 * Money goes back through one call, refund(), which reverses a charge where the gateway allows it and
 * refunds otherwise (domain/refundWay.ts), decided inside the journal's write transaction on the order as
 * the gateway reported it just before; refundPlan() tells the dialog beforehand which it will be.
 */
import type { GatewayClient } from '../gateway/client.js';
import { GatewayClientError, GatewayError, NetworkError, OutcomeUnknownError } from '../gateway/errors.js';
import type { OrderStatusView } from '../gateway/responses.js';
import { stampedEntry, type AuditEntry, type AuditOutcome, type AuditRepository } from '../store/audit.js';
import type { AuditFactsOf } from '../store/auditEvents.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { failureWords } from './failureWords.js';
import type { NewOperation, OperationFacts, OperationJournal, OperationKind, OperationRow } from '../store/operations.js';
import { orderMoney } from '../domain/orderMoney.js';
import { refundWay, reversalChance, type RefundWay, type ReversalChance } from '../domain/refundWay.js';
import { statusWords } from './orders.js';
import { WorkUnderWay } from './workUnderWay.js';
import type { ApprovalRequest, ApprovalStep } from '../store/approvals.js';
import { approvalAnswer, askStep, type AwaitingApproval } from './approvals.js';
import { OrderStatus, isPaid } from '../domain/orderStatus.js';

/** How long the same refund (order and amount) again needs the operator's confirmation, as a charge does. */
export const REFUND_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export type OperationOutcome =
  | { readonly kind: 'done'; readonly operation: OperationRow }
  | { readonly kind: 'refused'; readonly operation: OperationRow }
  | { readonly kind: 'unknown'; readonly operation: OperationRow }
  /** Nothing was journalled or sent: the status could not be read, does not allow it, or another operation is open. */
  | { readonly kind: 'notSent'; readonly reason: Phrase }
  /** Nothing was journalled or sent: the same refund was made within ten minutes; again only if confirmed. */
  | { readonly kind: 'needsConfirmation'; readonly earlier: readonly OperationRow[] }
  /**
   * Nothing was journalled or sent: the money would go back another way than the operator was told (the
   * charge's day ended, another desk refunded or reversed meanwhile); `plan` is how it would go now.
   */
  | { readonly kind: 'wayChanged'; readonly plan: RefundPlan }
  /** Nothing was journalled or sent: over its threshold, the money waits for a second person's approval. */
  | AwaitingApproval;

type Refusal = Extract<OperationOutcome, { kind: 'notSent' | 'needsConfirmation' | 'wayChanged' }>;

/**
 * How money on a charge would go back now: `reversible` is the whole charge when a reversal may cancel it
 * (refundWay() then reverses that amount and refunds any other); `chance` says why or why not.
 */
export interface RefundPlan {
  readonly chance: ReversalChance;
  readonly reversible?: number;
}

/** A refund as the operator confirmed it: `way` is what the dialog said would happen (absent: a plain refund). */
export interface RefundRequest extends OperationRequest {
  readonly confirmRepeat?: boolean;
  readonly way?: RefundWay;
}

/** The longest reason an operator may give for an operation (the contract and the table say the same). */
export const MAX_OPERATOR_REASON = 200;

/** What the operator may add to any operation: why, in their words. Kept in the journal and the audit log. */
export interface OperationRequest {
  readonly reason?: string;
}

export interface OrderOperationsOptions {
  readonly environment: string;
  readonly operator: string;
  readonly osUser: string;
  readonly client: GatewayClient;
  readonly journal: OperationJournal;
  readonly audit: AuditRepository;
  readonly now?: () => number;
  /**
   * The operations being sent now, each claimed by its sender (OperationJournal.claim): shared by every
   * instance over the same journal, so none sends an operation another is sending.
   */
  readonly inFlight?: Set<number>;
}

export class OrderOperations {
  private readonly now: () => number;
  private readonly inFlight: Set<number>;
  private readonly work = new WorkUnderWay();

  constructor(private readonly options: OrderOperationsOptions) {
    this.now = options.now ?? Date.now;
    this.inFlight = options.inFlight ?? new Set();
  }

  /** Charges a held amount; 0 deposits all of it. */
  deposit(orderId: string, amount: number, options: OperationRequest = {}): Promise<OperationOutcome> {
    return this.run('deposit', orderId, amount, options);
  }

  /** Cancels a hold (or a charge on its own day); one reversal per order. */
  reverse(orderId: string, options: OperationRequest = {}): Promise<OperationOutcome> {
    return this.run('reverse', orderId, undefined, options);
  }

  /**
   * Gives back an amount of a charge, or with 0 all that is left. With `way`, the way the operator was told
   * is checked against the way the gateway allows now, in the write transaction that journals it: a
   * reversal of the whole charge where it may be reversed, a refund otherwise; when they differ nothing is
   * sent (wayChanged). Without it, a plain refund. The same refund on the same order within ten minutes is
   * taken for a double click or a second desk unless confirmRepeat says it is meant.
   */
  refund(orderId: string, amount: number, options: RefundRequest = {}): Promise<OperationOutcome> {
    if (options.way === 'reverse') return this.run('reverse', orderId, amount, options, false, 'reverse');
    return this.run('refund', orderId, amount, options, options.confirmRepeat ?? false, options.way);
  }

  /**
   * Gives back what an approval request asked, as its approver's: the way the gateway allows now (a reversal of
   * the whole charge on its day, a refund otherwise), through the same journal and guards. The approver's yes
   * is the confirmation of a repeat within ten minutes that the requester's dialog would have asked for.
   */
  approveRefund(request: ApprovalRequest, step: Extract<ApprovalStep, { kind: 'approve' }>): Promise<OperationOutcome> {
    return this.work.run(async () => {
      if (request.what.action !== 'refund') return { kind: 'notSent', reason: phrase('approval.otherAction') };
      const { orderId } = request.what;
      const plan = await this.refundPlanNow(orderId);
      if ('reason' in plan) return this.notSent('refund', orderId, plan.reason);
      const way = refundWay(plan.reversible, request.amount);
      const options = request.reason !== undefined ? { reason: request.reason } : {};
      return way === 'reverse'
        ? this.runNow('reverse', orderId, request.amount, options, false, 'reverse', step)
        : this.runNow('refund', orderId, request.amount, options, true, 'refund', step);
    });
  }

  /** How money on a charge would go back if given back now, for the dialog to say beforehand. */
  refundPlan(orderId: string): Promise<RefundPlan | { readonly kind: 'notSent'; readonly reason: Phrase }> {
    return this.work.run(() => this.refundPlanNow(orderId));
  }

  private async refundPlanNow(orderId: string): Promise<RefundPlan | { readonly kind: 'notSent'; readonly reason: Phrase }> {
    const live = await this.liveStatus(orderId);
    if ('reason' in live) return { kind: 'notSent', reason: live.reason };
    const { journal, environment } = this.options;
    // The guard's clock, not the desk's: on a team database a desk whose clock is off would otherwise be
    // promised a reversal that the guard then refuses (or the other way round).
    const [operations, now] = await Promise.all([journal.forOrder(environment, orderId), journal.now(this.now())]);
    return this.planOf(live.status, operations, now);
  }

  /** The way money goes back on the order as the gateway reported it, given what this app journalled on it. */
  private planOf(v: OrderStatusView, operations: readonly OperationRow[], now: number): RefundPlan {
    const money = moneyOf(v);
    const chance = reversalChance(
      {
        status: v.orderStatus,
        authorisedAt: v.authDateTime,
        captured: money.captured,
        refunded: money.refunded,
        reversalTried: operations.some((o) => o.kind === 'reverse'),
      },
      now,
    );
    return chance === 'today' ? { chance, reversible: money.captured } : { chance };
  }

  /** Resolves once no operation or reconciliation of this service is under way. */
  idle(): Promise<void> {
    return this.work.idle();
  }

  private run(
    kind: OperationKind,
    orderId: string,
    amount: number | undefined,
    request: OperationRequest,
    confirmRepeat = false,
    way?: RefundWay,
  ): Promise<OperationOutcome> {
    return this.work.run(() =>
      this.runNow(
        kind,
        orderId,
        amount,
        request,
        confirmRepeat,
        way,
        askStep({ ...this.options, now: this.now }, request.reason?.trim() || undefined),
      ),
    );
  }

  private async runNow(
    kind: OperationKind,
    orderId: string,
    amount: number | undefined,
    request: OperationRequest,
    confirmRepeat: boolean,
    way: RefundWay | undefined,
    step: ApprovalStep | undefined,
  ): Promise<OperationOutcome> {
    if (amount !== undefined && (!Number.isSafeInteger(amount) || amount < 0))
      throw new Error('An amount must be a whole number of minor units');
    const reason = request.reason?.trim() || undefined;
    if (reason !== undefined && reason.length > MAX_OPERATOR_REASON)
      throw new Error(`A reason has at most ${MAX_OPERATOR_REASON} characters`);
    // The decision rests on the order as the gateway shows it now, never on a view cached earlier (which
    // may be from before another desk's refund or reversal).
    const live = await this.liveStatus(orderId);
    if ('reason' in live) return this.notSent(kind, orderId, live.reason, live.detail);
    // Money given back is first of all a refund: a charge no longer charged is refused as one.
    const refusal = statusRefusal(way === undefined ? kind : 'refund', live.status);
    if (refusal !== undefined) return this.notSent(kind, orderId, refusal);
    // A reversal cancels all that is held or charged: recorded, so that the journal and the timeline say how much.
    const recorded = kind === 'reverse' ? reversible(live.status) : amount;
    const givesBack = moneyGivenBack(kind, amount, live.status);
    // The live status is read before the journal's transaction: none is ever held while the gateway is asked.
    const begun = await this.options.journal.begin(
      {
        environment: this.options.environment,
        orderId,
        kind,
        ...(recorded !== undefined ? { amount: recorded } : {}),
        operator: this.options.operator,
        ...(reason !== undefined ? { operatorReason: reason } : {}),
        at: this.now(),
        ...(givesBack !== undefined ? { givesBack } : {}),
      },
      (facts) =>
        this.guard(facts, kind, amount, confirmRepeat) ??
        (way === undefined ? undefined : this.sameWay(facts, live.status, amount ?? 0, way)),
      this.inFlight,
      step,
    );
    switch (begun.kind) {
      case 'refused':
        if (begun.refusal.kind === 'notSent') {
          const reason = english(begun.refusal.reason);
          this.audit(kind, orderId, 'refused', { reason }, reason);
        }
        return begun.refusal;
      case 'journalled':
        break;
      default: {
        const answer = approvalAnswer(begun);
        return 'refusal' in answer ? this.notSent(kind, orderId, answer.refusal) : answer;
      }
    }
    return this.whileClaimed(begun.operation, async (op) => {
      const sent = await this.send(op);
      return this.finish(op, way === 'reverse' && sent.state === 'REFUSED' && sent.definite ? reversalRefused(sent) : sent);
    });
  }

  /**
   * The last word on how money goes back, in the write transaction that journals it: the way the operator
   * was told must be the way the gateway allows now (the day may have ended since the dialog opened, or
   * another desk refunded or reversed). A reversal is of the whole charge, as the dialog said.
   */
  private sameWay(facts: OperationFacts, v: OrderStatusView, amount: number, told: RefundWay): Refusal | undefined {
    const plan = this.planOf(v, facts.onOrder, facts.now);
    const asked = amount === 0 ? (plan.reversible ?? 0) : amount;
    return refundWay(plan.reversible, asked) === told ? undefined : { kind: 'wayChanged', plan };
  }

  /** Runs what the claim on an operation allows, and lets the claim go however it ends. */
  private async whileClaimed(op: OperationRow, fn: (op: OperationRow) => Promise<OperationOutcome>): Promise<OperationOutcome> {
    try {
      return await fn(op);
    } finally {
      this.inFlight.delete(op.id);
    }
  }

  private notSent(kind: OperationKind, orderId: string, reason: Phrase, detail?: string): OperationOutcome {
    // The audit log keeps the English, as it always has.
    const words = english(reason);
    this.audit(kind, orderId, 'refused', { reason: words }, detail ? `${words} [${detail}]` : words);
    return { kind: 'notSent', reason };
  }

  private async liveStatus(orderId: string): Promise<{ status: OrderStatusView } | { reason: Phrase; detail?: string }> {
    try {
      return { status: await this.options.client.getOrderStatusExtended({ orderId }) };
    } catch (err) {
      if (!(err instanceof GatewayClientError)) throw err;
      // Only a status was asked for: whatever the failure, the operation itself was never sent.
      const { what, detail } = failureWords(err);
      return {
        reason: phrase('operation.statusUnreadable', { what }),
        ...(detail ? { detail } : {}),
      };
    }
  }

  /**
   * The rules against moving money twice on an order, decided on the facts the journal read inside the
   * write transaction that would record the operation: one open operation per order at a time (a second
   * one could cross the first, and an unknown one is reconciled, never raced), and the same refund again
   * within ten minutes only when confirmed. Concurrent requests from two windows, two processes or two
   * desks meet here.
   */
  private guard(facts: OperationFacts, kind: OperationKind, amount: number | undefined, confirmRepeat: boolean): Refusal | undefined {
    const operations = facts.onOrder;
    const open = operations.find((o) => o.state === 'PENDING' || o.state === 'UNKNOWN');
    if (open) {
      return {
        kind: 'notSent',
        reason: phrase('operation.stillOpen', { kind: phrase(`operation.kind.${open.kind}`), operator: open.operator }),
      };
    }
    if (kind !== 'refund' || confirmRepeat) return undefined;
    const since = facts.now - REFUND_REPEAT_WINDOW_MS;
    const earlier = operations.filter((o) => o.kind === 'refund' && o.amount === amount && o.state === 'DONE' && o.createdAt >= since);
    return earlier.length > 0 ? { kind: 'needsConfirmation', earlier } : undefined;
  }

  /**
   * Sends the operation. A refusal is definite when the gateway itself answered (GatewayError); a rate
   * limit or a request never sent is a refusal only of this attempt.
   */
  private async send(
    op: OperationRow,
  ): Promise<{ state: 'DONE' | 'REFUSED' | 'UNKNOWN'; definite: boolean; reason?: Phrase; detail?: string }> {
    const { client } = this.options;
    // The last check before money moves: the operation is open and this sender holds its claim. Claims make
    // it hold; should it not, nothing is sent and the error says which operation.
    if (!(await this.options.journal.renewClaim(op.id, this.inFlight))) {
      const now = await this.options.journal.get(op.id);
      throw new Error(`Operation ${op.id} is not open and claimed (${now?.state ?? 'missing'}); nothing was sent`);
    }
    try {
      if (op.kind === 'deposit') await client.deposit({ orderId: op.orderId, amount: op.amount ?? 0 });
      else if (op.kind === 'reverse') await client.reverse({ orderId: op.orderId });
      else await client.refund({ orderId: op.orderId, amount: op.amount ?? 0, externalRefundId: op.externalRefundId });
      return { state: 'DONE', definite: true };
    } catch (err) {
      if (!(err instanceof GatewayClientError)) throw err;
      // The journal keeps what happened in words; the client's technical account goes to the audit log.
      const { what: reason, detail } = failureWords(err);
      if (err instanceof OutcomeUnknownError || (err instanceof NetworkError && err.stage === 'noAnswer')) {
        return { state: 'UNKNOWN', definite: false, reason, detail };
      }
      return { state: 'REFUSED', definite: err instanceof GatewayError, reason, detail };
    }
  }

  /** During reconciliation only a definite answer settles; anything else leaves the operation open. */
  private async resend(op: OperationRow): Promise<{ state: 'DONE' | 'REFUSED' | 'UNKNOWN'; reason?: Phrase; detail?: string }> {
    const r = await this.send(op);
    return r.definite ? r : { state: 'UNKNOWN', ...(r.reason ? { reason: r.reason } : {}), ...(r.detail ? { detail: r.detail } : {}) };
  }

  /**
   * Settles every open operation; run on start-up with the charges' reconciliation. The list is only where
   * to look: each operation is claimed, and decided on, as it is when its turn comes; those being sent or
   * settled meanwhile are left alone.
   */
  reconcileAll(): Promise<OperationOutcome[]> {
    return this.work.run(() => this.reconcileEach());
  }

  private async reconcileEach(): Promise<OperationOutcome[]> {
    const out: OperationOutcome[] = [];
    for (const { id } of await this.options.journal.open(this.options.environment)) {
      const claim = await this.options.journal.claim(id, this.inFlight);
      if (claim.kind === 'claimed') out.push(await this.whileClaimed(claim.row, (op) => this.reconcileClaimed(op)));
    }
    return out;
  }

  private async reconcileClaimed(op: OperationRow): Promise<OperationOutcome> {
    // The refund's own externalRefundId makes a resend return the first result: safe in every case.
    if (op.kind === 'refund') return this.finish(op, await this.resend(op));
    let status: number | undefined;
    try {
      status = (await this.options.client.getOrderStatusExtended({ orderId: op.orderId })).orderStatus;
    } catch {
      return { kind: 'unknown', operation: (await this.options.journal.get(op.id))! };
    }
    const happened = op.kind === 'deposit' ? status === OrderStatus.DEPOSITED : status === OrderStatus.REVERSED;
    if (happened) return this.finish(op, { state: 'DONE' });
    const stillPossible = op.kind === 'deposit' ? status === OrderStatus.HELD : isPaid(status);
    // Not happened and still possible: the request never took effect, so it is sent again.
    if (stillPossible) return this.finish(op, await this.resend(op));
    if (status === undefined) return { kind: 'unknown', operation: (await this.options.journal.get(op.id))! };
    return this.finish(op, { state: 'REFUSED', reason: phrase('operation.inStatus', { status }) });
  }

  private async finish(
    op: OperationRow,
    r: { state: 'DONE' | 'REFUSED' | 'UNKNOWN'; reason?: Phrase; detail?: string },
  ): Promise<OperationOutcome> {
    // The entry is written with the answer, in its transaction, made from the row as settled there.
    const audited = (operation: OperationRow) => {
      const reason = operation.reason ? english(operation.reason) : undefined;
      const facts = {
        state: operation.state,
        ...(op.amount !== undefined ? { amount: op.amount } : {}),
        ...(reason ? { reason } : {}),
        ...(op.operatorReason ? { operatorReason: op.operatorReason } : {}),
      };
      return stampedEntry(
        this.entry(
          op.kind,
          op.orderId,
          operation.state === 'DONE' ? 'success' : 'failure',
          facts,
          `${operation.state}${op.amount !== undefined ? ` amount ${op.amount}` : ''}${reason ? `: ${reason}` : ''}${r.detail ? ` [${r.detail}]` : ''}${
            op.operatorReason ? `; operator's reason: ${op.operatorReason}` : ''
          }`,
        ),
      );
    };
    await this.options.journal.settle(op.id, r.state, this.now(), r.reason, audited);
    // An operation settled already is told as it is, and was audited when it settled.
    const operation = (await this.options.journal.get(op.id))!;
    const kind = operation.state === 'DONE' ? 'done' : operation.state === 'REFUSED' ? 'refused' : 'unknown';
    return { kind, operation };
  }

  private audit(kind: OperationKind, orderId: string, outcome: AuditOutcome, facts: AuditFactsOf<OperationKind>, detail: string): void {
    this.options.audit.record(this.entry(kind, orderId, outcome, facts, detail));
  }

  private entry(
    kind: OperationKind,
    orderId: string,
    outcome: AuditOutcome,
    facts: AuditFactsOf<OperationKind>,
    detail: string,
  ): AuditEntry {
    return {
      at: this.now(),
      osUser: this.options.osUser,
      environment: this.options.environment,
      action: kind,
      facts,
      outcome,
      objectType: 'order',
      objectId: orderId,
      detail,
    };
  }
}

/**
 * The interface's rules on which status allows which operation (docs/gateway-facts.md, "Operations
 * after payment"), applied to the live status; amounts and the same-day rule of a reversed charge are left
 * to the gateway, which says why in its own words.
 */
function statusRefusal(kind: OperationKind, v: OrderStatusView): Phrase | undefined {
  const now = { status: statusWords(v.orderStatus), code: v.orderStatus ?? phrase('operation.unknownCode') };
  if (kind === 'deposit' && v.orderStatus !== OrderStatus.HELD) return phrase('operation.onlyHeld', now);
  if (kind === 'reverse' && !isPaid(v.orderStatus)) return phrase('operation.onlyHeldOrCharged', now);
  if (kind === 'refund' && v.orderStatus !== OrderStatus.DEPOSITED) return phrase('operation.onlyCharged', now);
  return undefined;
}

/**
 * A reversal of a charge the gateway refused all the same (its clock past the charge's day, a reversal
 * made elsewhere): said in words, not in the gateway's, which go to the audit log; the charge can still
 * be refunded, and the next plan says so (a reversal was tried on the order).
 */
function reversalRefused(sent: { reason?: Phrase; detail?: string }): { state: 'REFUSED'; reason: Phrase; detail?: string } {
  const detail = [sent.reason ? english(sent.reason) : '', sent.detail ?? ''].filter((d) => d !== '').join('; ');
  return { state: 'REFUSED', reason: phrase('operation.reversalRefused'), ...(detail ? { detail } : {}) };
}

/** The money on an order as the gateway reports it: held, captured, refunded. */
const moneyOf = (v: OrderStatusView) =>
  orderMoney({
    status: v.orderStatus ?? -1,
    amount: v.amount ?? 0,
    approvedAmount: v.paymentAmountInfo?.approvedAmount,
    depositedAmount: v.paymentAmountInfo?.depositedAmount,
    refundedAmount: v.paymentAmountInfo?.refundedAmount,
  });

/**
 * The money an operation gives back to the card, which an approval threshold is compared with: a refund's
 * amount (all that is left for 0), or a charge's reversal, in the order's currency. A deposit or a hold's
 * reversal gives none back.
 */
function moneyGivenBack(kind: OperationKind, amount: number | undefined, v: OrderStatusView): NewOperation['givesBack'] {
  // A currency or an amount the gateway left out is '' or 0 (unknown): the journal then refuses the operation
  // wherever thresholds are set, rather than let money of unknown size past them.
  const currency = v.currency ?? '';
  // The interface's orderNumber is at most 36 characters; a longer one is not kept whole.
  const named = v.orderNumber ? { orderNumber: v.orderNumber.slice(0, 36) } : {};
  const money = moneyOf(v);
  if (kind === 'refund') {
    const given = amount === undefined || amount === 0 ? money.captured - money.refunded : amount;
    return { amount: given, currency, before: money.refunded, ...named };
  }
  if (kind === 'reverse' && v.orderStatus === OrderStatus.DEPOSITED) return { amount: reversible(v) ?? 0, currency, ...named };
  return undefined;
}

/** What a reversal of the order as it is now would cancel: the hold, or the charge. */
function reversible(v: OrderStatusView): number | undefined {
  const info = v.paymentAmountInfo;
  const amount = v.orderStatus === OrderStatus.HELD ? (info?.approvedAmount ?? v.amount) : (info?.depositedAmount ?? v.amount);
  return amount !== undefined && amount > 0 ? amount : undefined;
}
