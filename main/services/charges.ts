/**
 * Manual charges on stored cards, and their reconciliation. The promise: the right card, the right
 * amount, once.
 *
 * - The journal row (PENDING, orderNumber, amount, currency, binding, client, operator) is committed
 *   before the first byte goes to the gateway.
 * - The flow follows the binding's category: common = register.do then paymentOrderBinding.do (tii U);
 *   recurrent = recurrentPayment.do; installment = register.do then installmentPayment.do.
 * - A definite answer settles the row. A payment whose answer is lost leaves it UNKNOWN, and reconcile()
 *   asks getOrderStatusExtended.do by orderNumber: paid or declined settles it; an order that exists
 *   unpaid gets its payment step again (a gateway order is paid at most once); only an order the
 *   gateway does not know is registered again, under the same orderNumber, which the gateway refuses
 *   to accept twice.
 * - An unsettled charge on a binding blocks new charges on it; the same binding and amount again within
 *   ten minutes needs explicit confirmation (a batch row is refused it for 24 hours); a per-charge maximum
 *   is enforced. All of these are checked by guard(), inside the journal's write transaction of the charge.
 */
import { keptSettings } from '../store/settings.js';
import { randomBytes } from 'node:crypto';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayClientError, GatewayError, NetworkError, OutcomeUnknownError } from '../gateway/errors.js';
import { isUnreachable } from '../store/errors.js';
import { orderIdOf, type OrderStatusView } from '../gateway/responses.js';
import { stampedEntry, type AuditRepository } from '../store/audit.js';
import { holdsCardNumber } from '../domain/cardNumbers.js';
import { chargeLimitRefusal, type MaximumRule } from './chargeLimits.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { failureText, failureWords } from './failureWords.js';
import type { ChargeCategory, ChargeJournal, ChargeRow, GuardFacts, SettledState } from '../store/journal.js';
import { WorkUnderWay } from './workUnderWay.js';
import type { ApprovalStep } from '../store/approvals.js';
import { approvalAnswer, askStep, type AwaitingApproval } from './approvals.js';
import { OrderStatus, isPaid } from '../domain/orderStatus.js';

export const REPEAT_WINDOW_MS = 10 * 60 * 1000;
/**
 * How far back a batch row looks for the same card and amount charged already, from any file or the
 * form: an edited copy of a file has new order numbers, and this is what still stops it charging again.
 */
export const BATCH_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How far back the guard's facts reach: the longest of its windows. */
const GUARD_LOOK_BACK_MS = Math.max(REPEAT_WINDOW_MS, BATCH_REPEAT_WINDOW_MS);

interface ChargeDetails {
  readonly bindingId: string;
  readonly clientId: string;
  readonly category: ChargeCategory;
  /** Minor units, a positive integer. */
  readonly amount: number;
  readonly currency: string;
  readonly description?: string;
  /** The card as the gateway lists it, for the journal (first 6 and last 4 digits at most). */
  readonly maskedPan?: string;
  /** The operator's business reference (invoice or case number): the orderNumber, so that no desk can repeat it. */
  readonly reference?: string;
}

/**
 * A charge from the form, where the operator may confirm a repeat of the same card and amount within ten
 * minutes, or a row of a batch file, which nobody confirms row by row: it is refused the same card and
 * amount within 24 hours instead.
 */
export type ChargeRequest = FormChargeRequest | BatchChargeRequest;
/** `batchId`: the file's; its rows together answer to the batch's threshold and approval (store/approvals.ts). */
export type BatchChargeRequest = ChargeDetails & { readonly origin: 'batch'; readonly batchId: string };
export type FormChargeRequest = ChargeDetails & {
  readonly origin?: 'form';
  /** The operator confirmed a repeat of the same card and amount within ten minutes. */
  readonly confirmRepeat?: boolean;
  /** Why, in the operator's words: kept with the request when the charge needs a second person's approval. */
  readonly reason?: string;
};

/**
 * Why a charge is not journalled: refused outright, or until the operator confirms it. A confirmation is
 * asked for the same card and amount charged lately (sameLately), or for a reference whose earlier charge
 * failed, moving no money (referenceFailed); `earlier` lists those charges.
 */
export type Refusal =
  | { readonly kind: 'refused'; readonly reason: Phrase }
  | { readonly kind: 'needsConfirmation'; readonly why: ConfirmationReason; readonly earlier: readonly ChargeRow[] };
export type ConfirmationReason = 'sameLately' | 'referenceFailed';
/** What the guard lets through: a new charge, or one more attempt under a reference whose charge failed. */
type Allowed = { readonly kind: 'allowed'; readonly again: boolean };

const refused = (reason: Phrase): Refusal => ({ kind: 'refused', reason });

/** What became of an earlier charge, in the words of a refusal or a dry run. */
export const whatBecameOf = (c: ChargeRow): Phrase =>
  c.state === 'PAID'
    ? phrase('charge.became.charged')
    : c.state === 'DECLINED'
      ? phrase('charge.became.declined')
      : c.state === 'FAILED'
        ? phrase('charge.became.failed')
        : phrase('charge.became.unknown');

export type ChargeOutcome =
  | { readonly kind: 'paid'; readonly charge: ChargeRow }
  | { readonly kind: 'declined'; readonly charge: ChargeRow }
  /**
   * Refused before any payment (the gateway refused, or nothing could be sent): no money moved. detail: the
   * gateway client's technical account, for the screen's "Details" (the journal keeps the words).
   */
  | { readonly kind: 'failed'; readonly charge: ChargeRow; readonly detail?: string }
  /** The answer was lost: the charge stays UNKNOWN until reconcile() settles it. */
  | { readonly kind: 'unknown'; readonly charge: ChargeRow; readonly detail?: string }
  /** Nothing was journalled or sent. */
  | { readonly kind: 'refused'; readonly reason: Phrase }
  | Extract<Refusal, { kind: 'needsConfirmation' }>
  /** Nothing was journalled or sent: over its threshold, the charge waits for a second person's approval. */
  | AwaitingApproval;

/** What a batch file's row comes to: never a request (over its threshold, refused). */
export type BatchChargeOutcome = Exclude<ChargeOutcome, { kind: 'awaitingApproval' }>;

/** Points of a charge's life, for tests that stop the process at each of them. */
export type ChargeStep = 'journalled' | 'registered' | 'paymentSent' | 'answered';

export interface ChargeServiceOptions {
  readonly environment: string;
  readonly operator: string;
  readonly osUser: string;
  readonly journal: ChargeJournal;
  readonly audit: AuditRepository;
  readonly client: GatewayClient;
  /**
   * The largest amount one charge may have, in the currency's minor units: the same in every currency, or
   * (the app) the settings' rule for this environment per currency, which also refuses a currency the
   * environment does not accept or one without a maximum. Read at every charge, so a change applies at once.
   */
  readonly perChargeMaximum: MaximumRule;
  readonly now?: () => number;
  readonly onStep?: (step: ChargeStep, charge: ChargeRow) => void;
  /**
   * The charges being sent now, each claimed by its sender (ChargeJournal.claim): shared by every instance
   * over the same journal, so none sends a charge another is sending.
   */
  readonly inFlight?: Set<number>;
}

/** Who is sending an open charge now (ChargeService.sender). */
export type Sender = { readonly desk: 'this' } | { readonly desk: 'other'; readonly name: string } | undefined;

/** What the gateway said, reduced to what settles a journal row. */
type Answer =
  | {
      readonly settled: SettledState;
      readonly orderId?: string;
      readonly orderStatus?: number;
      readonly actionCode?: number;
      readonly reason?: Phrase;
      /** The gateway client's technical account of a failure, for the audit log. */
      readonly detail?: string;
    }
  | { readonly settled: 'UNKNOWN'; readonly reason: Phrase; readonly detail?: string };

const RETURN_URL = 'https://backoffice.invalid/return';

export class ChargeService {
  private readonly now: () => number;
  private readonly inFlight: Set<number>;
  private readonly work = new WorkUnderWay();

  constructor(private readonly options: ChargeServiceOptions) {
    this.now = options.now ?? Date.now;
    this.inFlight = options.inFlight ?? new Set();
  }

  /** The journal this service writes, for reading it (the screens' journal and export). */
  get journal(): ChargeJournal {
    return this.options.journal;
  }

  /**
   * Who is sending a charge now, its answer awaited rather than lost: this desk (journalled PENDING and in
   * flight here), or another desk of the team whose claim on it still holds (by this desk's clock: a claim's
   * end is the team database's time, and desks' clocks are taken to agree within seconds). Undefined where
   * no one is: an open charge then is unknown, for reconciling.
   */
  sender(c: Pick<ChargeRow, 'id' | 'state' | 'claim'>): Sender {
    if (c.state !== 'PENDING') return undefined;
    if (this.inFlight.has(c.id)) return { desk: 'this' };
    const claim = c.claim;
    return claim?.elsewhere !== undefined && claim.until > this.now() ? { desk: 'other', name: claim.elsewhere } : undefined;
  }

  /** Whether a charge is being sent now, here or at another desk (sender()). */
  isSending(c: Pick<ChargeRow, 'id' | 'state' | 'claim'>): boolean {
    return this.sender(c) !== undefined;
  }

  /** The journal ids in flight now, for the journal's filters (isSending() says which of them are being sent). */
  inFlightIds(): number[] {
    return [...this.inFlight];
  }

  /** Records a charge refused before the service was asked (a check of the card failed); nothing was sent. */
  refused(bindingId: string, reason: Phrase): ChargeOutcome {
    return this.refuse({ bindingId }, reason);
  }

  /** Resolves once no charge or reconciliation of this service is under way. */
  idle(): Promise<void> {
    return this.work.idle();
  }

  /**
   * A charge from the form asks for approval in the calling person's name when over its threshold. A batch row
   * asks nobody: over the per-charge threshold, or with its batch over the batch's, it is refused unless the
   * batch's approval covers it, so that no charge escapes a second person by being put in a file. With `approving`, it is the charge an approval request asked for, approved by the step's person.
   */
  charge(r: FormChargeRequest, approving?: Extract<ApprovalStep, { kind: 'approve' }>): Promise<ChargeOutcome>;
  charge(r: BatchChargeRequest): Promise<BatchChargeOutcome>;
  async charge(r: ChargeRequest, approving?: Extract<ApprovalStep, { kind: 'approve' }>): Promise<ChargeOutcome> {
    if (r.origin === 'batch') {
      const outcome = await this.work.run(() => this.chargeNow(r, undefined));
      // Asking nobody, a row is never made a request; said as the refusal it would be, should it ever be.
      return outcome.kind === 'awaitingApproval' ? { kind: 'refused', reason: outcome.why } : outcome;
    }
    const step = approving ?? askStep({ ...this.options, now: this.now }, r.reason?.trim() || undefined);
    return this.work.run(() => this.chargeNow(r, step));
  }

  private async chargeNow(r: ChargeRequest, step: ApprovalStep | undefined): Promise<ChargeOutcome> {
    const { journal, environment } = this.options;
    if (!Number.isSafeInteger(r.amount) || r.amount <= 0) return this.refuse(r, phrase('charge.refused.amountNotPositive'));
    // Every charge passes here, the form's and a batch file's rows: a card number is never journalled, sent or shown back.
    if (r.description !== undefined && holdsCardNumber(r.description)) return this.refuse(r, phrase('charge.refused.descriptionHasCard'));
    if (r.reference !== undefined && holdsCardNumber(r.reference)) return this.refuse(r, phrase('charge.refused.referenceHasCard'));
    if (holdsCardNumber(r.clientId)) return this.refuse(r, phrase('charge.refused.clientIsCard'));
    const orderNumber = r.reference ?? generatedOrderNumber(this.now());
    let again = false;
    const begun = await journal.begin(
      {
        environment,
        orderNumber,
        amount: r.amount,
        currency: r.currency,
        bindingId: r.bindingId,
        clientId: r.clientId,
        category: r.category,
        description: r.description,
        ...(r.maskedPan !== undefined ? { maskedPan: r.maskedPan } : {}),
        operator: this.options.operator,
        at: this.now(),
        ...(r.origin === 'batch' ? { batchId: r.batchId } : {}),
      },
      GUARD_LOOK_BACK_MS,
      (facts) => {
        const decision = this.guard(facts, r, orderNumber);
        if (decision.kind === 'allowed') {
          again = decision.again;
          return undefined;
        }
        return decision;
      },
      this.inFlight,
      step,
    );
    switch (begun.kind) {
      case 'refused':
        return begun.refusal.kind === 'refused' ? this.refuse(r, begun.refusal.reason) : begun.refusal;
      case 'journalled':
        break;
      default: {
        const answer = approvalAnswer(begun);
        return 'refusal' in answer ? this.refuse(r, answer.refusal) : answer;
      }
    }
    const row = begun.charge;
    try {
      this.options.onStep?.('journalled', row);
      // Another attempt under a reference whose charge failed: its order may exist at the gateway (registered,
      // then refused the payment), so the gateway is asked first, as a reconciliation would.
      return again ? await this.reconcileRow(row) : await this.finish(row, await this.send(row, { register: true }));
    } finally {
      this.inFlight.delete(row.id);
    }
  }

  /**
   * What the guard would say of this charge now, without journalling anything: a batch's dry run shows it
   * row by row. A preview only: charge() asks the same guard again when it journals.
   */
  async preview(r: ChargeRequest & { readonly reference: string }): Promise<Refusal | undefined> {
    const { environment, journal } = this.options;
    const q = { environment, orderNumber: r.reference, bindingId: r.bindingId, amount: r.amount, currency: r.currency };
    const decision = this.guard(await journal.facts(q, this.now(), GUARD_LOOK_BACK_MS), r, r.reference);
    return decision.kind === 'allowed' ? undefined : decision;
  }

  /**
   * Every rule that refuses a charge, in one place, decided on the facts the journal read inside the write
   * transaction of that very charge (ChargeJournal.begin), under the card's lock: two windows, two batches,
   * two processes or two desks cannot both pass it for the same card, whatever a screen or a plan showed.
   */
  private guard(facts: GuardFacts, r: ChargeRequest, orderNumber: string): Refusal | Allowed {
    const { environment } = this.options;
    const { now } = facts;
    const confirmed = r.origin !== 'batch' && r.confirmRepeat === true;
    const overLimit = chargeLimitRefusal(this.options.perChargeMaximum, r.currency, r.amount, environment, keptSettings(facts.settings));
    if (overLimit) return refused(overLimit);
    if (facts.openOnCard.length > 0) return refused(phrase('charge.refused.notSettled'));
    // A reference used before is refused, saying what became of it. Only one whose charge failed, moving no
    // money, may be charged again from the form, on the same card for the same amount (the gateway may hold
    // an unpaid order of it under that number), once confirmed. A batch file's row never is: its reference
    // is the file's own line, and the file is checked again to see what is left.
    const used = facts.underReference;
    const sameCharge = used && used.bindingId === r.bindingId && used.amount === r.amount && used.currency === r.currency;
    if (used && (r.origin === 'batch' || used.state !== 'FAILED' || !sameCharge)) {
      return refused(
        r.origin === 'batch'
          ? phrase('charge.refused.alreadyRunFromFile', { orderNumber, what: whatBecameOf(used) })
          : phrase('charge.refused.referenceUsed', { reference: orderNumber, what: whatBecameOf(used) }),
      );
    }
    const since = (windowMs: number) => facts.similar.filter((c) => c.at >= now - windowMs);
    if (r.origin === 'batch') {
      // An edited copy of a file has new order numbers: the same card and amount lately is what stops it.
      const lately = since(BATCH_REPEAT_WINDOW_MS).find((e) => e.state !== 'DECLINED');
      if (lately) {
        return refused(phrase('charge.refused.sameLately', { orderNumber: lately.orderNumber, what: whatBecameOf(lately) }));
      }
    }
    const earlier = since(REPEAT_WINDOW_MS);
    if (!confirmed && earlier.length > 0) {
      return { kind: 'needsConfirmation', why: 'sameLately', earlier: used ? [used, ...earlier] : earlier };
    }
    if (!confirmed && used) return { kind: 'needsConfirmation', why: 'referenceFailed', earlier: [used] };
    return { kind: 'allowed', again: used !== undefined };
  }

  /**
   * Settles every open charge by asking the gateway; run on start-up before new charges are taken, and by
   * "Reconcile now". The list of open charges is only where to look: each is claimed, and decided on, as
   * it is when its turn comes (a charge may have settled, or begun to be sent, while an earlier one was
   * reconciled). Charges being sent, and those settled meanwhile, are left alone.
   */
  reconcileAll(): Promise<ChargeOutcome[]> {
    return this.work.run(() => this.reconcileEach());
  }

  private async reconcileEach(): Promise<ChargeOutcome[]> {
    const out: ChargeOutcome[] = [];
    for (const { id } of await this.options.journal.open(this.options.environment)) {
      let claim;
      try {
        claim = await this.options.journal.claim(id, this.inFlight);
      } catch (err) {
        // The team database went away: what was reconciled so far is told (its answers are kept, in the
        // outbox), the rest stays open for the next run.
        if (isUnreachable(err) && out.length > 0) return out;
        throw err;
      }
      if (claim.kind === 'claimed') out.push(await this.reconcileClaimed(claim.row));
    }
    return out;
  }

  /**
   * Settles one open charge by asking the gateway. Only the row's id is taken from the caller (a screen's
   * copy may be stale): a charge settled meanwhile is reported as it is, with nothing sent or audited, and
   * one being sent is left to its sender.
   */
  async reconcile(row: Pick<ChargeRow, 'id'>): Promise<ChargeOutcome> {
    const claim = await this.options.journal.claim(row.id, this.inFlight);
    if (claim.kind === 'missing') throw new Error(`No charge ${row.id} in the journal`);
    if (claim.kind === 'settled') return outcomeOf(claim.row);
    if (claim.kind === 'sending') return { kind: 'unknown', charge: claim.row };
    return this.work.run(() => this.reconcileClaimed(claim.row));
  }

  private async reconcileClaimed(row: ChargeRow): Promise<ChargeOutcome> {
    try {
      return await this.reconcileRow(row);
    } finally {
      this.inFlight.delete(row.id);
    }
  }

  private async reconcileRow(row: ChargeRow): Promise<ChargeOutcome> {
    const found = await this.lookUp(row);
    if (found.kind === 'unreachable') return this.stillOpen(row, found.reason);
    if (found.kind === 'absent') {
      // The gateway has no such order: the first request never arrived. Start again under the same orderNumber.
      return this.finish(row, await this.resend(row, { register: true }));
    }
    const { view, orderId } = found;
    if (view.amount !== row.amount || (view.currency !== undefined && view.currency !== row.currency)) {
      // An order under this number that is not this charge (another system used the reference): a person must look.
      return this.stillOpen(
        row,
        phrase('charge.settlement.otherOrder', {
          orderNumber: row.orderNumber,
          amount: String(view.amount),
          currency: view.currency ?? '',
        }),
      );
    }
    if (view.orderStatus === OrderStatus.REGISTERED && orderId && row.category !== 'RECURRENT') {
      // Registered, never paid: the payment step did not arrive. The gateway pays an order at most once.
      await this.options.journal.attachOrder(row.id, orderId, this.now());
      return this.finish(row, await this.resend({ ...row, orderId }, { register: false }));
    }
    return this.finish(row, settlementOf(orderId, view));
  }

  /** The charge's order at the gateway: by orderId once known, else by orderNumber. */
  private async lookUp(
    row: ChargeRow,
  ): Promise<{ kind: 'found'; view: OrderStatusView; orderId?: string } | { kind: 'absent' } | { kind: 'unreachable'; reason: Phrase }> {
    try {
      const view = await this.options.client.getOrderStatusExtended(
        row.orderId ? { orderId: row.orderId } : { orderNumber: row.orderNumber },
      );
      return { kind: 'found', view, orderId: orderIdOf(view) ?? row.orderId };
    } catch (err) {
      // Only an order never registered is absent; an orderId we were given cannot be.
      if (err instanceof GatewayError && err.errorCode === '6' && !row.orderId) return { kind: 'absent' };
      return { kind: 'unreachable', reason: failureText(err).what };
    }
  }

  /**
   * Sends a charge again during reconciliation. Anything short of a settled answer means the first
   * attempt may still be going through, so the order's status decides, and without a final one the charge
   * stays open.
   */
  private async resend(row: ChargeRow, step: { register: boolean }): Promise<Answer> {
    const answer = await this.send(row, step);
    if (answer.settled === 'PAID' || answer.settled === 'DECLINED') return answer;
    const found = await this.lookUp(row);
    if (found.kind !== 'found') return { settled: 'UNKNOWN', reason: answer.reason ?? phrase('charge.settlement.unreadable') };
    return settlementOf(found.orderId, found.view);
  }

  private async stillOpen(row: ChargeRow, reason: Phrase): Promise<ChargeOutcome> {
    await this.options.journal.markUnknown(row.id, reason, this.now());
    return { kind: 'unknown', charge: (await this.options.journal.get(row.id))! };
  }

  private refuse(r: Pick<ChargeDetails, 'bindingId'>, reason: Phrase): ChargeOutcome {
    this.options.audit.record({
      ...this.auditBase(),
      action: 'charge',
      outcome: 'refused',
      objectType: 'binding',
      objectId: r.bindingId,
      facts: { reason: english(reason) },
      detail: english(reason),
    });
    return { kind: 'refused', reason };
  }

  private auditBase() {
    return { at: this.now(), osUser: this.options.osUser, environment: this.options.environment };
  }

  /**
   * Sends the charge's requests and reports an Answer; never throws for the gateway's sake. Before the
   * payment request has been answered, a refusal moved no money (FAILED); after it, any failure to read
   * the outcome leaves the charge UNKNOWN.
   */
  private async send(row: ChargeRow, step: { register: boolean }): Promise<Answer> {
    const { client } = this.options;
    await this.assertMayPay(row);
    const common = {
      orderNumber: row.orderNumber,
      amount: row.amount,
      currency: row.currency,
      ...(row.description ? { description: row.description } : {}),
    };
    let paymentAnswered = false;
    try {
      if (row.category === 'RECURRENT') {
        this.options.onStep?.('paymentSent', row);
        const r = await client.recurrentPayment({ ...common, bindingId: row.bindingId });
        this.options.onStep?.('answered', row);
        return settlementOf(r.data.orderId, r.orderStatus);
      }
      let orderId = row.orderId;
      if (step.register || !orderId) {
        ({ orderId } = await client.register({ ...common, clientId: row.clientId, returnUrl: RETURN_URL }));
        await this.options.journal.attachOrder(row.id, orderId, this.now());
        this.options.onStep?.('registered', row);
      }
      this.options.onStep?.('paymentSent', row);
      if (row.category === 'INSTALLMENT') {
        const r = await client.installmentPayment({ ...common, bindingId: row.bindingId });
        this.options.onStep?.('answered', row);
        return settlementOf(r.orderId, r.orderStatus);
      }
      await client.paymentOrderBinding({ mdOrder: orderId, bindingId: row.bindingId, tii: 'U' });
      paymentAnswered = true;
      this.options.onStep?.('answered', row);
      // paymentOrderBinding.do's answer does not say whether the order is paid; its status does.
      return settlementOf(orderId, await client.getOrderStatusExtended({ orderId }));
    } catch (err) {
      if (!(err instanceof GatewayClientError)) throw err;
      // The journal keeps what happened in words; the client's technical account goes to the audit log.
      const { what, detail } = failureWords(err);
      if (paymentAnswered || err instanceof OutcomeUnknownError || (err instanceof NetworkError && err.stage === 'noAnswer')) {
        return { settled: 'UNKNOWN', reason: what, detail };
      }
      // Refused by the gateway, by its rate limit, or never sent, before any payment was answered: no money moved.
      return { settled: 'FAILED', reason: what, detail };
    }
  }

  /**
   * The last check before a payment request: the charge is open and claimed by this sender. Claims make it
   * hold (nothing settles a claimed row but its claimant); should it not, no money moves and the error says
   * which charge.
   */
  private async assertMayPay(row: ChargeRow): Promise<void> {
    if (!(await this.options.journal.renewClaim(row.id, this.inFlight))) {
      const now = await this.options.journal.get(row.id);
      throw new Error(`Charge ${row.orderNumber} is not open and claimed (${now?.state ?? 'missing'}); nothing was sent`);
    }
  }

  private async finish(row: ChargeRow, a: Answer): Promise<ChargeOutcome> {
    const { journal } = this.options;
    // The entry is written with the answer, in its transaction, made from the row as settled there.
    const audited = (charge: ChargeRow) => {
      // The audit log keeps the reason's stable English, as it always has.
      const reason = charge.reason ? english(charge.reason) : undefined;
      return stampedEntry({
        ...this.auditBase(),
        action: 'charge',
        outcome: charge.state === 'PAID' ? 'success' : 'failure',
        objectType: 'order',
        objectId: charge.orderNumber,
        detail: `${charge.state} ${charge.amount} ${charge.currency} on binding ${charge.bindingId}${reason ? `: ${reason}` : ''}${a.detail ? ` [${a.detail}]` : ''}`,
        // The raw values the audit screen's words are built from (main/services/auditWords.ts); the card masked.
        facts: {
          state: charge.state,
          amount: charge.amount,
          currency: charge.currency,
          bindingId: charge.bindingId,
          orderNumber: charge.orderNumber,
          ...(charge.orderId ? { orderId: charge.orderId } : {}),
          ...(charge.maskedPan ? { maskedPan: charge.maskedPan } : {}),
          ...(reason ? { reason } : {}),
        },
      });
    };
    const changed =
      a.settled === 'UNKNOWN'
        ? await journal.markUnknown(row.id, a.reason, this.now(), audited)
        : await journal.settle(
            row.id,
            {
              state: a.settled,
              orderId: a.orderId,
              orderStatus: a.orderStatus,
              actionCode: a.actionCode,
              reason: a.reason,
              at: this.now(),
            },
            audited,
          );
    const charge = (await journal.get(row.id))!;
    // A row settled already is told as it is, and was audited when it settled.
    if (!changed) return outcomeOf(charge);
    const kind = outcomeOf(charge).kind;
    return (kind === 'failed' || kind === 'unknown') && a.detail ? { kind, charge, detail: a.detail } : outcomeOf(charge);
  }
}

/** A journalled charge as an outcome: the kind follows its state. */
function outcomeOf(charge: ChargeRow): Extract<ChargeOutcome, { charge: ChargeRow }> {
  const kind =
    charge.state === 'PAID' ? 'paid' : charge.state === 'DECLINED' ? 'declined' : charge.state === 'FAILED' ? 'failed' : 'unknown';
  return { kind, charge };
}

/**
 * What an order's status says of a charge: 1 or 2 paid; 3 or 4 paid and since reversed or refunded (the
 * charge happened); 6 declined; 0, 5, 7, 8 or no status not final yet, so the charge stays open.
 */
function settlementOf(
  orderId: string | undefined,
  view: { orderStatus?: number; actionCode?: number; actionCodeDescription?: string } | undefined,
): Answer {
  const status = view?.orderStatus;
  const base = { ...(orderId ? { orderId } : {}), orderStatus: status, actionCode: view?.actionCode };
  if (isPaid(status)) return { settled: 'PAID', ...base };
  if (status === OrderStatus.REVERSED || status === OrderStatus.REFUNDED)
    return {
      settled: 'PAID',
      ...base,
      reason: phrase(status === OrderStatus.REVERSED ? 'charge.settlement.sinceReversed' : 'charge.settlement.sinceRefunded'),
    };
  if (status === OrderStatus.DECLINED) {
    // The gateway's own words, in the language the request named.
    const words = view?.actionCodeDescription;
    return { settled: 'DECLINED', ...base, ...(words ? { reason: phrase('charge.gatewayWords', { words }) } : {}) };
  }
  return {
    settled: 'UNKNOWN',
    reason: status === undefined ? phrase('charge.settlement.noStatus') : phrase('charge.settlement.notFinal', { status }),
  };
}

/** The orderNumbers the app makes up: BO-, the date, 16 random hex digits. The reconciliation looks for them. */
export const APP_ORDER_PREFIX = 'BO-';
export const APP_ORDER_NUMBER = /^BO-\d{8}-[0-9a-f]{16}$/;

/**
 * A unique orderNumber when the operator gives no reference: date and 16 random hex digits, never one that reads
 * as a card number (1 in about 5,000 hex parts is 13 or more digits passing Luhn), which every list would mask.
 * The random part starts with a letter: a scanner that joins digits across a dash (as card-number scanners
 * do, and as our own file check does) would otherwise read the date and the next digits as one number.
 */
export function generatedOrderNumber(now: number): string {
  for (;;) {
    const random = randomBytes(8).toString('hex');
    if (!/^[a-f]/.test(random)) continue;
    const orderNumber = `${APP_ORDER_PREFIX}${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}-${random}`;
    if (!holdsCardNumber(orderNumber)) return orderNumber;
  }
}
