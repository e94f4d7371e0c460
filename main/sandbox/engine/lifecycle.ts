/**
 * An order's life: registration, expiry, the outcome of a payment, and the operations after payment
 * (deposit, reverse, refund), with the callbacks each transition sends.
 */
import type { Feature } from '../../protocol/common.js';
import { yearMonthDay } from '../clock.js';
import { orderSummary } from '../console/orderViews.js';
import { refuse } from '../errors.js';
import { words } from '../messages.js';
import {
  OrderStatus,
  type Authorization,
  type CredentialIntent,
  type Order,
  type OrderEventKind,
  type PaymentAttempt,
  type RefundRecord,
} from '../state/model.js';
import type { CallbackOperation } from './callbacks.js';
import { ActionCode } from './cards.js';
import { actingAs, type Core } from './core.js';
import { storeCredential } from './credentials.js';
import { CURRENCIES, DEFAULT_CURRENCY } from './currencies.js';

/** Default order lifetime when neither sessionTimeoutSecs nor expirationDate is given. */
export const DEFAULT_SESSION_TIMEOUT_SECS = 1200;

export interface Registration {
  merchant: string;
  orderNumber: string;
  amount: number;
  currency?: string;
  description?: string;
  language?: string;
  returnUrl: string;
  failUrl?: string;
  dynamicCallbackUrl?: string;
  clientId?: string;
  ip?: string;
  twoPhase: boolean;
  features?: readonly Feature[];
  jsonParams?: Record<string, string>;
  /** Kept unvalidated; requirePaymentEmail checks it when the order is paid. */
  email?: string;
  sessionTimeoutSecs?: number;
  /** yyyy-MM-ddTHH:mm:ss, read as UTC (sandbox choice; the interface names no zone). */
  expirationDate?: string;
  /** yyyy-MM-ddTHH:mm:ss UTC: a hold still in place then is deposited (two-phase orders only). */
  autocompletionDate?: string;
  /** yyyy-MM-ddTHH:mm:ss UTC: a hold still in place then is reversed (two-phase orders only). */
  autoReverseDate?: string;
}

const utc = (dateTime: string | undefined) => (dateTime === undefined ? undefined : Date.parse(`${dateTime}Z`));

export function registerOrder(core: Core, r: Registration): Order {
  const language = r.language ?? 'en';
  if (core.state.orderNumberTaken(r.merchant, r.orderNumber)) refuse(1, 'duplicate', language);
  const currency = r.currency ?? DEFAULT_CURRENCY;
  if (CURRENCIES[currency] === undefined) refuse(3, 'unknownCurrency', language, { currency });
  const now = core.clock.now();
  const expiresAt = utc(r.expirationDate) ?? now + (r.sessionTimeoutSecs ?? DEFAULT_SESSION_TIMEOUT_SECS) * 1000;
  const order: Order = {
    id: core.ids.uuid(),
    merchant: r.merchant,
    orderNumber: r.orderNumber,
    amount: r.amount,
    currency,
    description: r.description,
    language,
    returnUrl: r.returnUrl,
    failUrl: r.failUrl,
    dynamicCallbackUrl: r.dynamicCallbackUrl,
    clientId: r.clientId === '' ? undefined : r.clientId,
    ip: r.ip,
    twoPhase: r.twoPhase,
    features: r.features ?? [],
    jsonParams: r.jsonParams ?? {},
    ...(r.email !== undefined ? { email: r.email } : {}),
    createdAt: now,
    expiresAt,
    ...(r.twoPhase && r.autocompletionDate !== undefined ? { autocompleteAt: utc(r.autocompletionDate) } : {}),
    ...(r.twoPhase && r.autoReverseDate !== undefined ? { autoReverseAt: utc(r.autoReverseDate) } : {}),
    status: OrderStatus.REGISTERED,
    actionCode: ActionCode.NO_PAYMENT_ATTEMPT,
    approvedAmount: 0,
    depositedAmount: 0,
    refundedAmount: 0,
    refunds: [],
    reversalAttempted: false,
    attempts: 0,
    updatedAt: now,
    lastOperationAt: now,
    history: [{ at: now, kind: 'registered', by: core.actor ?? 'gateway' }],
  };
  core.state.insertOrder(order);
  core.events.emit('order', orderSummary(order));
  return order;
}

function notify(core: Core, order: Order, operation: CallbackOperation, success: boolean): void {
  if (!order.dynamicCallbackUrl) return;
  const secret = core.state.merchant(order.merchant)?.callbackSecret;
  core.callbacks.send(order.dynamicCallbackUrl, order, operation, success, secret);
}

/**
 * The one place an order is written after registration: adds the step to its history (when it is one),
 * dates the change of its payment state `at` (now, or when a clock event was due; the date never goes
 * back, so an event applied late cannot file the order before an earlier change), stores it and tells
 * the console.
 */
function save(core: Core, order: Order, step?: { readonly kind: OrderEventKind; readonly amount?: number }, at = core.clock.now()): void {
  order.updatedAt = core.clock.now();
  order.lastOperationAt = Math.max(order.lastOperationAt, at);
  if (step) {
    (order.history ??= []).push({
      at: order.updatedAt,
      kind: step.kind,
      ...(step.amount !== undefined ? { amount: step.amount } : {}),
      by: core.actor ?? 'gateway',
    });
  }
  core.state.saveOrder(order);
  core.events.emit('order', orderSummary(order));
}

/** Paid means held (1) or charged (2), as the interface says. */
export function isPaidOrder(order: Order): boolean {
  return order.status === OrderStatus.HELD || order.status === OrderStatus.DEPOSITED;
}

/**
 * The events the sandbox clock brings about, applied on each access to an order and to all orders when
 * the clock moves: an unpaid order past its lifetime is declined with -2007 (session expired); a held
 * order past its autocompletionDate is deposited in full, past its autoReverseDate reversed (the earlier
 * of the two when both have passed).
 */
export function expireIfDue(core: Core, order: Order): Order {
  const now = core.clock.now();
  const clock = actingAs(core, 'clock');
  if (isWaitingForPayment(order) && now >= order.expiresAt) expireSession(clock, order, order.expiresAt);
  if (order.status === OrderStatus.HELD) {
    const complete = order.autocompleteAt !== undefined && now >= order.autocompleteAt ? order.autocompleteAt : undefined;
    const release = order.autoReverseAt !== undefined && now >= order.autoReverseAt ? order.autoReverseAt : undefined;
    if (complete !== undefined && (release === undefined || complete <= release)) deposit(clock, order, 0, order.language, complete);
    else if (release !== undefined) autoReverse(clock, order, release);
  }
  return order;
}

/** Registered (0) or at the ACS (5): not paid, not declined, still able to time out. */
export function isWaitingForPayment(order: Order): boolean {
  return order.status === OrderStatus.REGISTERED || order.status === OrderStatus.ACS_STARTED;
}

/** The payment session timed out (dated `at`: when it was due): declined with -2007 and the declinedByTimeout callback. */
export function expireSession(core: Core, order: Order, at = core.clock.now()): void {
  order.status = OrderStatus.DECLINED;
  order.actionCode = ActionCode.SESSION_EXPIRED;
  order.pending = undefined;
  save(core, order, { kind: 'expired' }, at);
  notify(core, order, 'declinedByTimeout', false);
}

/** autoReverseDate: the whole remaining hold is released, even after a partial reversal (sandbox choice). */
function autoReverse(core: Core, order: Order, at: number): void {
  order.reversalAttempted = true;
  reverseWhole(core, order, 'autoReversed', at);
}

/** A whole reversal: nothing held or charged any more, and the merchant told so. */
function reverseWhole(core: Core, order: Order, kind: 'reversed' | 'autoReversed' = 'reversed', at?: number): void {
  const released = order.status === OrderStatus.HELD ? order.approvedAmount : order.depositedAmount;
  order.status = OrderStatus.REVERSED;
  order.approvedAmount = 0;
  order.depositedAmount = 0;
  save(core, order, { kind, amount: released }, at);
  notify(core, order, 'reversed', true);
}

/** Applies the clock's events to every order, so that time moved by the control API sends its callbacks at once. */
export function expireAllDue(core: Core): void {
  for (const order of core.state.ordersDueBy(core.clock.now())) expireIfDue(core, order);
}

export function newAuthorization(core: Core): Authorization {
  return {
    approvalCode: core.ids.code(6),
    authDateTime: core.clock.now(),
    rrn: core.ids.digits(12),
    authRefNum: core.ids.digits(12),
    terminalId: 'SBX00001',
    paymentNetRefNum: core.ids.referenceDigits(15),
  };
}

/** An approved payment: held (two-phase) or charged (one-phase); stores the credential when asked to. */
export function settleApproved(core: Core, order: Order, attempt: PaymentAttempt, credential?: CredentialIntent): void {
  const authorization = newAuthorization(core);
  order.payment = { ...attempt, authorization };
  order.status = order.twoPhase ? OrderStatus.HELD : OrderStatus.DEPOSITED;
  order.actionCode = ActionCode.APPROVED;
  order.approvedAmount = order.amount;
  order.depositedAmount = order.twoPhase ? 0 : order.amount;
  order.attempts++;
  order.pending = undefined;
  if (credential && order.clientId) {
    order.createdBindingId = storeCredential(core, order, order.payment, credential);
  }
  save(core, order, { kind: order.twoPhase ? 'held' : 'deposited', amount: order.amount });
  notify(core, order, order.twoPhase ? 'approved' : 'deposited', true);
}

export function settleDeclined(core: Core, order: Order, attempt: PaymentAttempt, actionCode: number): void {
  order.payment = attempt;
  order.status = OrderStatus.DECLINED;
  order.actionCode = actionCode;
  order.attempts++;
  order.pending = undefined;
  save(core, order, { kind: 'declined' });
  notify(core, order, 'declined', false);
}

/** Marks the order as waiting at the ACS once the cardholder reaches it (status 5). */
export function markAcsStarted(core: Core, order: Order): void {
  if (order.status === OrderStatus.REGISTERED) {
    order.status = OrderStatus.ACS_STARTED;
    save(core, order, { kind: 'acsStarted' });
  }
}

/** A 3-D Secure step on the way: saved, but no change of the payment state (lastOperationAt stays). */
export function savePending(core: Core, order: Order): void {
  order.updatedAt = core.clock.now();
  core.state.saveOrder(order);
}

/** Why a payment is refused on an order in another status than registered. */
export const NOT_WAITING_FOR_PAYMENT = words('order.notWaitingForPayment');

/** Requires an order to be waiting for payment. */
export function requirePayable(core: Core, order: Order, language: string): void {
  expireIfDue(core, order);
  if (order.status !== OrderStatus.REGISTERED) {
    refuse(7, 'wrongState', language, { status: order.status, reason: NOT_WAITING_FOR_PAYMENT });
  }
}

/** An e-mail address: a local part, @, and a domain of at least two labels (sandbox choice). */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * email is "not validated at registration, validated at payment": every payment checks the address
 * it is given (or the order was registered with) for its String [1..40] length and its form.
 */
export function requirePaymentEmail(email: string | undefined, language: string): void {
  if (email === undefined) return;
  if (email.length < 1 || email.length > 40 || !EMAIL.test(email)) {
    refuse(5, 'wrong', language, { name: 'email', rule: words('order.email') });
  }
}

// Operations after payment (deposit.do, reverse.do, refund.do)

/** `at`: when autocompletionDate was due, for a deposit the clock brought about. */
export function deposit(core: Core, order: Order, amount: number, language: string, at?: number): void {
  if (order.status !== OrderStatus.HELD) {
    refuse(7, 'wrongState', language, { status: order.status, reason: words('order.depositNeedsHold') });
  }
  const value = amount === 0 ? order.approvedAmount : amount;
  if (value > order.approvedAmount) {
    refuse(5, 'wrongAmount', language, { reason: words('order.moreThanHeld', { held: order.approvedAmount }) });
  }
  order.depositedAmount = value;
  order.status = OrderStatus.DEPOSITED;
  save(core, order, { kind: core.actor === 'clock' ? 'autoDeposited' : 'deposited', amount: value }, at);
  notify(core, order, 'deposited', true);
}

/**
 * Cancels a hold (status 1), or a charge on the day it was made (status 2; sandbox choice, by the
 * sandbox clock in UTC). Only one reversal may be attempted per order; an attempt on an order in
 * another status is refused without using it up.
 */
export function reverse(core: Core, order: Order, amount: number | undefined, language: string): void {
  const sameDay =
    order.status === OrderStatus.DEPOSITED &&
    order.payment?.authorization !== undefined &&
    yearMonthDay(order.payment.authorization.authDateTime) === yearMonthDay(core.clock.now());
  if (order.status !== OrderStatus.HELD && !sameDay) {
    refuse(7, 'wrongState', language, { status: order.status, reason: words('order.reversalNeedsHold') });
  }
  // A reversal returns the whole charge; after a refund that would return more than was charged.
  if (order.refundedAmount > 0) {
    refuse(7, 'wrongState', language, { status: order.status, reason: words('order.partlyRefunded') });
  }
  if (order.reversalAttempted) {
    refuse(7, 'wrongState', language, { status: order.status, reason: words('order.reversalAttempted') });
  }
  const held = order.status === OrderStatus.HELD ? order.approvedAmount : order.depositedAmount;
  const partial = amount !== undefined && amount !== 0 && amount !== held;
  if (partial && (order.status !== OrderStatus.HELD || amount > held)) {
    refuse(5, 'wrongAmount', language, { reason: words('order.partialReversal', { amount, held }) });
  }
  order.reversalAttempted = true;
  if (!partial) return reverseWhole(core, order);
  // A partial reversal releases part of the hold; the rest can still be deposited.
  order.approvedAmount -= amount;
  save(core, order, { kind: 'reversed', amount });
  notify(core, order, 'reversed', true);
}

export interface RefundRequest {
  amount: number;
  externalRefundId?: string;
  expectedDepositedAmount?: number;
}

/**
 * Refunds part or all of what is left of a charge. A repeated externalRefundId returns the first
 * refund instead of refunding again.
 */
export function refund(core: Core, order: Order, r: RefundRequest, language: string): RefundRecord {
  if (r.externalRefundId !== undefined) {
    const first = order.refunds.find((x) => x.externalRefundId === r.externalRefundId);
    if (first) return first;
  }
  if (order.status !== OrderStatus.DEPOSITED) {
    refuse(7, 'wrongState', language, { status: order.status, reason: words('order.refundNeedsCharge') });
  }
  if (r.expectedDepositedAmount !== undefined && r.expectedDepositedAmount !== order.depositedAmount) {
    const reason = words('order.notDeposited', { expected: r.expectedDepositedAmount, deposited: order.depositedAmount });
    refuse(5, 'wrongAmount', language, { reason });
  }
  const left = order.depositedAmount - order.refundedAmount;
  const value = r.amount === 0 ? left : r.amount;
  if (value > left) {
    refuse(5, 'wrongAmount', language, { reason: words('order.moreThanLeft', { left }) });
  }
  const record: RefundRecord = {
    date: core.clock.now(),
    amount: value,
    actionCode: ActionCode.APPROVED,
    referenceNumber: core.ids.digits(12),
    ...(r.externalRefundId !== undefined ? { externalRefundId: r.externalRefundId } : {}),
  };
  order.refunds.push(record);
  order.refundedAmount += value;
  if (order.refundedAmount === order.depositedAmount) order.status = OrderStatus.REFUNDED;
  save(core, order, { kind: 'refunded', amount: value });
  notify(core, order, 'refunded', true);
  return record;
}
