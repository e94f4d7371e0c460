/**
 * Stored credentials (bindings): which payment stores one and of which category, and the rules a
 * stored-credential payment must pass (flows 1 to 6 of the interface and the tii table).
 */
import { z } from 'zod';
import { credentialAttributes, type Tii } from '../../protocol/common.js';
import { optional } from '../../protocol/fields.js';
import { toViolation } from '../../protocol/violations.js';
import { yearMonth, yearMonthDay } from '../clock.js';
import { refuse, violationError } from '../errors.js';
import { words, type Words } from '../messages.js';
import type { Binding, BindingCategory, CredentialIntent, Order, PaymentAttempt } from '../state/model.js';
import type { Core } from './core.js';

const attributeSchema = z.object({
  installments: optional(credentialAttributes.installments),
  totalInstallmentAmount: optional(credentialAttributes.totalInstallmentAmount),
  recurringFrequency: optional(credentialAttributes.recurringFrequency),
  recurringExpiry: optional(credentialAttributes.recurringExpiry),
});

const INSTALLMENT_REQUIRED = ['installments', 'totalInstallmentAmount', 'recurringFrequency', 'recurringExpiry'] as const;

const CATEGORY_BY_TII: Partial<Record<Tii, BindingCategory>> = { CI: 'COMMON', RI: 'RECURRENT', II: 'INSTALLMENT' };

/**
 * What a payment will store, if anything. A credential is stored when the order has a clientId and
 * either FORCE_CREATE_BINDING was set at registration or the payment is an initiating one (CI, RI,
 * II). The category comes from tii, else from the attributes (flows 3 and 5), else COMMON.
 *
 * @param prefix where the attributes came from, for error paths (jsonParams or additionalParameters)
 * @param language the paying request's, for its refusals (the order's where no request pays)
 */
export function credentialIntent(
  order: Order,
  tii: Tii | undefined,
  attributes: Record<string, unknown>,
  bindingNotNeeded: boolean,
  prefix: string,
  language: string = order.language,
): CredentialIntent | undefined {
  const initiating = tii !== undefined ? CATEGORY_BY_TII[tii] : undefined;
  if (initiating && !order.clientId) {
    refuse(5, 'credentialRule', language, { reason: words('credential.tiiNeedsClient', { tii: tii! }) });
  }
  const wanted = initiating !== undefined || order.features.includes('FORCE_CREATE_BINDING');
  if (!wanted || bindingNotNeeded || !order.clientId) return undefined;

  const parsed = attributeSchema.safeParse(attributes);
  if (!parsed.success) {
    const v = toViolation(parsed.error.issues[0]!);
    throw violationError({ ...v, path: `${prefix}.${v.path}` }, language);
  }
  const a = parsed.data;
  const category: BindingCategory =
    initiating ??
    (a.installments !== undefined
      ? 'INSTALLMENT'
      : a.recurringFrequency !== undefined || a.recurringExpiry !== undefined
        ? 'RECURRENT'
        : 'COMMON');

  if (category === 'INSTALLMENT') {
    const missing = INSTALLMENT_REQUIRED.find((k) => a[k] === undefined);
    if (missing) throw violationError({ path: `${prefix}.${missing}`, kind: 'missing', rule: 'missing' }, language);
    return {
      category,
      recurring: { frequency: a.recurringFrequency!, expiry: a.recurringExpiry! },
      installment: { count: a.installments!, totalAmount: a.totalInstallmentAmount! },
    };
  }
  if (category === 'RECURRENT' && a.recurringFrequency !== undefined && a.recurringExpiry !== undefined) {
    return { category, recurring: { frequency: a.recurringFrequency, expiry: a.recurringExpiry } };
  }
  return { category };
}

/** Stores the credential of an approved payment; saving the same card again for the client reuses it. */
export function storeCredential(core: Core, order: Order, payment: PaymentAttempt, intent: CredentialIntent): string {
  const clientId = order.clientId!;
  const existing = core.state.sameCredential(order.merchant, clientId, payment.card.panFingerprint, intent.category);
  if (existing) {
    existing.card = payment.card;
    existing.active = true;
    core.state.saveBinding(existing);
    return existing.id;
  }
  const binding: Binding = {
    id: core.ids.uuid(),
    merchant: order.merchant,
    clientId,
    category: intent.category,
    card: payment.card,
    paymentWay: payment.paymentWay,
    active: true,
    createdAt: core.clock.now(),
    originOrderId: order.id,
    paymentNetRefNum: payment.authorization?.paymentNetRefNum ?? '',
    ...(intent.recurring ? { recurring: intent.recurring } : {}),
    ...(intent.installment ? { installment: intent.installment } : {}),
    installmentsPaid: 0,
    installmentAmountPaid: 0,
  };
  core.state.insertBinding(binding);
  return binding.id;
}

/** An active binding of this merchant; an inactive or unknown one cannot be paid with (errorCode 2). */
export function activeBinding(core: Core, merchant: string, bindingId: string, language: string): Binding {
  const binding = core.state.binding(merchant, bindingId);
  if (!binding || !binding.active) refuse(2, 'bindingNotFound', language);
  return binding;
}

export function isExpired(binding: Binding, now: number): boolean {
  return binding.card.expiry < yearMonth(now);
}

/** The paying client must own the credential; a stored-credential payment without clientId fails. */
export function requireClient(clientId: string | undefined, binding: Binding, language: string): void {
  if (!clientId) refuse(5, 'credentialRule', language, { reason: words('credential.clientNeeded') });
  if (clientId !== binding.clientId) refuse(5, 'credentialRule', language, { reason: words('credential.otherClient') });
}

/** `tii`: the tii the endpoint was called with, where the category follows from it. */
export function requireCategory(binding: Binding, category: BindingCategory, endpoint: string, language: string, tii?: string): void {
  if (binding.category !== category) {
    const reason =
      tii === undefined
        ? words('credential.category', { category: binding.category, endpoint })
        : words('credential.categoryWithTii', { category: binding.category, endpoint, tii });
    refuse(5, 'credentialRule', language, { reason });
  }
}

/**
 * What the binding's agreement allows a payment of `amount`: recurring and installment agreements end on
 * their recurringExpiry (YYYYMMDD, inclusive), and an installment plan allows `count` payments adding up
 * to at most `totalAmount`. A common binding has neither.
 */
export function requireAgreement(binding: Binding, now: number, amount: number, language: string): void {
  if (binding.recurring && yearMonthDay(now) > binding.recurring.expiry) {
    refuse(5, 'credentialRule', language, { reason: words('credential.agreementExpired', { expiry: binding.recurring.expiry }) });
  }
  const plan = binding.installment;
  if (!plan) return;
  if (binding.installmentsPaid >= plan.count) {
    refuse(5, 'credentialRule', language, { reason: words('credential.installmentsPaid', { installments: plan.count }) });
  }
  if (binding.installmentAmountPaid + amount > plan.totalAmount) {
    refuse(5, 'credentialRule', language, { reason: words('credential.installmentTotal', { total: plan.totalAmount }) });
  }
}

/** A merchant-initiated payment (tii U, R, I and the like) is one-phase only. */
export function onePhaseOnly(tii: string): Words {
  return words('credential.onePhaseOnly', { tii });
}

/** The rule for a CVC sent with a merchant-initiated payment: there must be none. */
export function noCvc(tii: string): Words {
  return words('credential.noCvc', { tii });
}

/** A customer-initiated stored-credential payment (tii F) carries the CVC; a merchant-initiated one carries none. */
export function requireCvcAsInitiated(tii: string, cvc: string | undefined, language: string): void {
  if (tii === 'F' && cvc === undefined) refuse(4, 'missing', language, { name: 'cvc' });
  if (tii !== 'F' && cvc !== undefined) refuse(5, 'wrong', language, { name: 'cvc', rule: noCvc(tii) });
}

export function recordInstallment(core: Core, binding: Binding, amount: number): void {
  binding.installmentsPaid++;
  binding.installmentAmountPaid += amount;
  core.state.saveBinding(binding);
}
