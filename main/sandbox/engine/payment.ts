/**
 * Paying an order: card data with internal 3-D Secure (3DS2 two-step exchange, 3DS1 PaReq), with
 * external 3-D Secure results, or a direct authorisation (stored credential, wallet token).
 */
import type { Tii } from '../../protocol/common.js';
import { yearMonth } from '../clock.js';
import { refuse } from '../errors.js';
import { words } from '../messages.js';
import type { Binding, CardRecord, CredentialIntent, Order, PaymentAttempt, PaymentWay } from '../state/model.js';
import { ActionCode, authorizationDecision, cardDataCheck } from './cards.js';
import type { Core } from './core.js';
import { recordInstallment } from './credentials.js';
import { isPaidOrder, savePending, settleApproved, settleDeclined } from './lifecycle.js';

export interface CardPaymentRequest {
  readonly order: Order;
  readonly card: CardRecord;
  readonly cvc?: string;
  readonly paymentWay: PaymentWay;
  readonly credential?: CredentialIntent;
  readonly tii?: Tii;
  /** The repeated 3DS2 request carries the identifier the first one returned. */
  readonly threeDSServerTransId?: string;
  /** Authentication done by the merchant's own 3DS server (external mode). */
  readonly external?: { readonly eci: string; readonly version?: string };
  /** The paying request's language, for its refusals; the order's where no request pays (the payment page). */
  readonly language?: string;
}

export type CardOutcome =
  /** Approved or declined: the order's status says which. */
  | { readonly kind: 'settled' }
  /** 3DS2 first step: the caller gathers browser data and repeats the request with transId. */
  | { readonly kind: 'threeDS2Method'; readonly transId: string }
  /** 3DS2 challenge: the cardholder must go to the ACS with the packed CReq. */
  | { readonly kind: 'threeDS2Challenge'; readonly transId: string }
  /** 3DS1: the cardholder must go to the ACS with the PaReq. */
  | { readonly kind: 'threeDS1'; readonly transId: string };

const SETTLED: CardOutcome = { kind: 'settled' };

/** ECI of a fully authenticated payment for the card's network. */
function authenticatedEci(card: CardRecord): string {
  return card.paymentSystem === 'MASTERCARD' ? '02' : '05';
}

export function authorize(core: Core, order: Order, attempt: PaymentAttempt, credential?: CredentialIntent): void {
  const code = authorizationDecision(attempt.card, order.amount);
  if (code === ActionCode.APPROVED) settleApproved(core, order, attempt, credential);
  else settleDeclined(core, order, attempt, code);
}

export function payWithCard(core: Core, r: CardPaymentRequest): CardOutcome {
  const { order } = r;
  if (r.threeDSServerTransId !== undefined) return continueThreeDS2(core, r);

  const attempt: PaymentAttempt = { card: r.card, paymentWay: r.paymentWay };
  const dataCheck = cardDataCheck(r.card, yearMonth(core.clock.now()), r.cvc);
  if (dataCheck !== ActionCode.APPROVED) {
    settleDeclined(core, order, attempt, dataCheck);
    return SETTLED;
  }
  if (r.external) {
    authorize(core, order, { ...attempt, eci: r.external.eci, threeDSVersion: r.external.version ?? '2.1.0' }, r.credential);
    return SETTLED;
  }
  const transId = core.ids.uuid();
  switch (r.card.profile) {
    case 'noThreeDS':
    case 'unknown':
      authorize(core, order, attempt, r.credential);
      return SETTLED;
    case 'threeDS1':
      order.pending = { version: '1', transId, stage: 'acs', attempt, credential: r.credential, tii: r.tii };
      savePending(core, order);
      return { kind: 'threeDS1', transId };
    case 'frictionless':
    case 'challenge':
    case 'declined':
      order.pending = { version: '2', transId, stage: 'method', attempt, credential: r.credential, tii: r.tii };
      savePending(core, order);
      return { kind: 'threeDS2Method', transId };
  }
}

function continueThreeDS2(core: Core, r: CardPaymentRequest): CardOutcome {
  const { order } = r;
  const pending = order.pending;
  if (!pending || pending.stage !== 'method' || pending.transId !== r.threeDSServerTransId) {
    refuse(5, 'wrong', r.language ?? order.language, { name: 'threeDSServerTransId', rule: words('order.firstTransId') });
  }
  if (pending.attempt.card.panFingerprint !== r.card.panFingerprint) {
    refuse(5, 'wrong', r.language ?? order.language, { name: '$PAN', rule: words('order.firstCard') });
  }
  const attempt: PaymentAttempt = { ...pending.attempt, threeDSVersion: '2.2.0' };
  switch (attempt.card.profile) {
    case 'challenge':
      order.pending = { ...pending, stage: 'acs' };
      savePending(core, order);
      return { kind: 'threeDS2Challenge', transId: pending.transId };
    case 'declined':
      settleDeclined(core, order, attempt, ActionCode.AUTHENTICATION_REJECTED);
      return SETTLED;
    default:
      authorize(core, order, { ...attempt, eci: authenticatedEci(attempt.card) }, pending.credential);
      return SETTLED;
  }
}

/** The cardholder's answer at the ACS page: authenticated, or not. */
export function completeAuthentication(core: Core, order: Order, passed: boolean): void {
  const pending = order.pending;
  if (!pending || pending.stage !== 'acs') return;
  const attempt: PaymentAttempt = {
    ...pending.attempt,
    eci: passed ? authenticatedEci(pending.attempt.card) : '07',
    threeDSVersion: pending.version === '1' ? '1.0.2' : '2.2.0',
  };
  if (passed) authorize(core, order, attempt, pending.credential);
  else settleDeclined(core, order, attempt, ActionCode.AUTHENTICATION_FAILED);
}

/**
 * A payment with no cardholder authentication step: a stored credential (merchant- or customer-
 * initiated) or a wallet token whose cryptogram is the authentication.
 */
export function payDirect(
  core: Core,
  order: Order,
  attempt: PaymentAttempt,
  options: { cvc?: string; credential?: CredentialIntent } = {},
): void {
  const dataCheck = cardDataCheck(attempt.card, yearMonth(core.clock.now()), options.cvc);
  if (dataCheck !== ActionCode.APPROVED) settleDeclined(core, order, attempt, dataCheck);
  else authorize(core, order, attempt, options.credential);
}

/** A payment with a stored credential; a paid one counts towards the binding's installment plan, if it has one. */
export function payWithBinding(core: Core, order: Order, binding: Binding, cvc?: string): void {
  payDirect(core, order, { card: binding.card, paymentWay: 'CARD_BINDING', bindingId: binding.id }, { cvc });
  if (isPaidOrder(order) && binding.category === 'INSTALLMENT') recordInstallment(core, binding, order.amount);
}
