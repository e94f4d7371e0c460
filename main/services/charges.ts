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
 *   ten minutes needs explicit confirmation; a per-charge maximum is enforced.
 */
import { randomBytes } from 'node:crypto';
import type { GatewayClient } from '../gateway/client.js';
import { isPaid } from '../gateway/decisions.js';
import { GatewayClientError, GatewayError, NetworkError, OutcomeUnknownError } from '../gateway/errors.js';
import type { AuditRepository } from '../store/audit.js';
import type { ChargeCategory, ChargeJournal, ChargeRow, SettledState } from '../store/journal.js';

export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

export interface ChargeRequest {
  readonly bindingId: string;
  readonly clientId: string;
  readonly category: ChargeCategory;
  /** Minor units, a positive integer. */
  readonly amount: number;
  readonly currency: string;
  readonly description?: string;
  /** The operator's business reference (invoice or case number): the orderNumber, so that no desk can repeat it. */
  readonly reference?: string;
  /** The operator confirmed a repeat of the same binding and amount within ten minutes. */
  readonly confirmRepeat?: boolean;
}

export type ChargeOutcome =
  | { readonly kind: 'paid'; readonly charge: ChargeRow }
  | { readonly kind: 'declined'; readonly charge: ChargeRow }
  /** Refused before any payment (the gateway refused, or nothing could be sent): no money moved. */
  | { readonly kind: 'failed'; readonly charge: ChargeRow }
  /** The answer was lost: the charge stays UNKNOWN until reconcile() settles it. */
  | { readonly kind: 'unknown'; readonly charge: ChargeRow }
  /** Nothing was journalled or sent. */
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'needsConfirmation'; readonly earlier: readonly ChargeRow[] };

/** Points of a charge's life, for tests that stop the process at each of them. */
export type ChargeStep = 'journalled' | 'registered' | 'paymentSent' | 'answered';

export interface ChargeServiceOptions {
  readonly environment: string;
  readonly operator: string;
  readonly osUser: string;
  readonly journal: ChargeJournal;
  readonly audit: AuditRepository;
  readonly client: GatewayClient;
  /** Largest amount one charge may have, in minor units; a function where the setting can change. */
  readonly perChargeMaximum: number | (() => number);
  readonly now?: () => number;
  readonly onStep?: (step: ChargeStep, charge: ChargeRow) => void;
}

/** What the gateway said, reduced to what settles a journal row. */
type Answer =
  | {
      readonly settled: SettledState;
      readonly orderId?: string;
      readonly orderStatus?: number;
      readonly actionCode?: number;
      readonly reason?: string;
    }
  | { readonly settled: 'UNKNOWN'; readonly reason: string };

const RETURN_URL = 'https://backoffice.invalid/return';

export class ChargeService {
  private readonly now: () => number;

  constructor(private readonly o: ChargeServiceOptions) {
    this.now = o.now ?? Date.now;
  }

  async charge(r: ChargeRequest): Promise<ChargeOutcome> {
    const { journal, environment } = this.o;
    if (!Number.isSafeInteger(r.amount) || r.amount <= 0)
      return this.refuse(r, 'The amount must be a positive whole number of minor units');
    const maximum = typeof this.o.perChargeMaximum === 'function' ? this.o.perChargeMaximum() : this.o.perChargeMaximum;
    if (r.amount > maximum) return this.refuse(r, `The amount is over the per-charge maximum of ${maximum}`);
    if (journal.open(environment).some((c) => c.bindingId === r.bindingId)) {
      return this.refuse(r, 'An earlier charge on this card is not settled yet; it must be reconciled first');
    }
    // A reference already used is refused outright; no confirmation could make it right.
    const orderNumber = r.reference ?? generatedOrderNumber(this.now());
    if (journal.byOrderNumber(environment, orderNumber)) return this.refuse(r, `The reference ${orderNumber} was already charged`);
    const earlier = journal.similarSince(environment, r.bindingId, r.amount, r.currency, this.now() - REPEAT_WINDOW_MS);
    if (earlier.length > 0 && !r.confirmRepeat) return { kind: 'needsConfirmation', earlier };

    const row = journal.begin({
      environment,
      orderNumber,
      amount: r.amount,
      currency: r.currency,
      bindingId: r.bindingId,
      clientId: r.clientId,
      category: r.category,
      description: r.description,
      operator: this.o.operator,
      at: this.now(),
    });
    this.o.onStep?.('journalled', row);
    return this.finish(row, await this.send(row, { register: true }));
  }

  /** Settles every open charge by asking the gateway; run on start-up before new charges are taken. */
  async reconcileAll(): Promise<ChargeOutcome[]> {
    const out: ChargeOutcome[] = [];
    for (const row of this.o.journal.open(this.o.environment)) out.push(await this.reconcile(row));
    return out;
  }

  async reconcile(row: ChargeRow): Promise<ChargeOutcome> {
    let view;
    try {
      view = await this.o.client.getOrderStatusExtended({ orderNumber: row.orderNumber });
    } catch (err) {
      if (err instanceof GatewayError && err.errorCode === '6') {
        // The gateway has no such order: the first request never arrived. Start again under the same orderNumber.
        return this.finish(row, await this.send(row, { register: true }));
      }
      // The gateway could not be asked now; the charge stays open for the next attempt.
      return { kind: 'unknown', charge: this.o.journal.get(row.id)! };
    }
    const orderId = view.attributes?.find((a) => a.name === 'mdOrder')?.value;
    if (view.orderStatus === 0 && orderId && row.category !== 'RECURRENT') {
      // Registered, never paid: the payment step did not arrive. The gateway pays an order at most once.
      this.o.journal.attachOrder(row.id, orderId, this.now());
      return this.finish(row, await this.send({ ...row, orderId }, { register: false }));
    }
    if (view.orderStatus === undefined || view.orderStatus === 5 || view.orderStatus === 0) {
      return { kind: 'unknown', charge: this.o.journal.get(row.id)! };
    }
    return this.finish(row, {
      settled: isPaid(view.orderStatus) ? 'PAID' : 'DECLINED',
      orderId,
      orderStatus: view.orderStatus,
      actionCode: view.actionCode,
      reason: isPaid(view.orderStatus) ? undefined : view.actionCodeDescription,
    });
  }

  private refuse(r: ChargeRequest, reason: string): ChargeOutcome {
    this.o.audit.record({
      ...this.auditBase(),
      action: 'charge',
      outcome: 'refused',
      objectType: 'binding',
      objectId: r.bindingId,
      detail: reason,
    });
    return { kind: 'refused', reason };
  }

  private auditBase() {
    return { at: this.now(), osUser: this.o.osUser, environment: this.o.environment };
  }

  /** Sends the charge's requests; never throws for the gateway's sake, it reports an Answer. */
  private async send(row: ChargeRow, step: { register: boolean }): Promise<Answer> {
    const { client } = this.o;
    const common = {
      orderNumber: row.orderNumber,
      amount: row.amount,
      currency: row.currency,
      ...(row.description ? { description: row.description } : {}),
    };
    try {
      if (row.category === 'RECURRENT') {
        this.o.onStep?.('paymentSent', row);
        const r = await client.recurrentPayment({ ...common, bindingId: row.bindingId });
        this.o.onStep?.('answered', row);
        return fromStatus(r.data.orderId, r.orderStatus);
      }
      let orderId = row.orderId;
      if (step.register || !orderId) {
        ({ orderId } = await client.register({ ...common, clientId: row.clientId, returnUrl: RETURN_URL }));
        this.o.journal.attachOrder(row.id, orderId, this.now());
        this.o.onStep?.('registered', row);
      }
      this.o.onStep?.('paymentSent', row);
      if (row.category === 'INSTALLMENT') {
        const r = await client.installmentPayment({ ...common, bindingId: row.bindingId });
        this.o.onStep?.('answered', row);
        return fromStatus(r.orderId, r.orderStatus);
      }
      await client.paymentOrderBinding({ mdOrder: orderId, bindingId: row.bindingId, tii: 'U' });
      this.o.onStep?.('answered', row);
      // paymentOrderBinding.do's answer does not say whether the order is paid; its status does.
      const view = await client.getOrderStatusExtended({ orderId });
      return fromStatus(orderId, view);
    } catch (err) {
      if (!(err instanceof GatewayClientError)) throw err;
      if (err instanceof OutcomeUnknownError || (err instanceof NetworkError && err.stage === 'noAnswer')) {
        return { settled: 'UNKNOWN', reason: err.message };
      }
      // Refused by the gateway, by its rate limit, or never sent: no payment was made.
      return { settled: 'FAILED', reason: err instanceof GatewayError ? err.gatewayMessage : err.message };
    }
  }

  private finish(row: ChargeRow, a: Answer): ChargeOutcome {
    const { journal, audit } = this.o;
    if (a.settled === 'UNKNOWN') journal.markUnknown(row.id, a.reason, this.now());
    else
      journal.settle(row.id, {
        state: a.settled,
        orderId: a.orderId,
        orderStatus: a.orderStatus,
        actionCode: a.actionCode,
        reason: a.reason,
        at: this.now(),
      });
    const charge = journal.get(row.id)!;
    const kind =
      charge.state === 'PAID' ? 'paid' : charge.state === 'DECLINED' ? 'declined' : charge.state === 'FAILED' ? 'failed' : 'unknown';
    audit.record({
      ...this.auditBase(),
      action: 'charge',
      outcome: kind === 'paid' ? 'success' : 'failure',
      objectType: 'order',
      objectId: charge.orderNumber,
      detail: `${charge.state} ${charge.amount} ${charge.currency} on binding ${charge.bindingId}${charge.reason ? `: ${charge.reason}` : ''}`,
    });
    return { kind, charge } as ChargeOutcome;
  }
}

function fromStatus(
  orderId: string,
  view: { orderStatus?: number; actionCode?: number; actionCodeDescription?: string } | undefined,
): Answer {
  const status = view?.orderStatus;
  if (status === undefined) return { settled: 'UNKNOWN', reason: 'the answer did not say the order status' };
  const paid = isPaid(status);
  return {
    settled: paid ? 'PAID' : 'DECLINED',
    orderId,
    orderStatus: status,
    actionCode: view?.actionCode,
    reason: paid ? undefined : view?.actionCodeDescription,
  };
}

/** A unique orderNumber when the operator gives no reference: date and 64 random bits. */
function generatedOrderNumber(now: number): string {
  return `BO-${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(8).toString('hex')}`;
}
