/**
 * The catalogue of the gateway's endpoints: path, body encoding, authentication, response envelope,
 * request schema, and what a request can do to money. The sandbox serves exactly these; the client
 * sends exactly these.
 */
import type { z } from 'zod';
import * as orders from './requests/orders.js';
import * as credentials from './requests/credentials.js';
import * as wallet from './requests/wallet.js';
import * as reports from './requests/reports.js';

export type AuthMode =
  /** userName+password or token. */
  | 'credentials'
  /** userName and password only (paymentorder.do, paymentDirect.do). */
  | 'userPassword'
  /** The `merchant` field (wallet payment.do); credentials, if sent, must be that merchant's. */
  | 'walletMerchant';

export type Envelope =
  /** rest group: errorCode (string, sometimes the number 0) + errorMessage. */
  | 'rest'
  /** paymentorder.do: the samples send errorCode as a number. */
  | 'restNumeric'
  /** instantPayment.do: errorCode + error (text), orderStatus with capitalised keys. */
  | 'instant'
  /** wallet payment.do, paymentDirect.do, recurrentPayment.do: success + data / error object. */
  | 'success'
  /** installmentPayment.do: errorCode, errorMessage, orderId, orderStatus, error (boolean). */
  | 'installment';

/**
 * What a request can do to money, which decides what may be retried:
 * - lookup: reads only; always safe to repeat.
 * - register: creates an order but moves no money; a repeat is refused as a duplicate orderNumber.
 * - change: changes a stored credential; moves no money, but a repeat answers differently.
 * - payment: may move money; never repeated blindly, an unknown outcome is reconciled.
 */
export type EndpointKind = 'lookup' | 'register' | 'change' | 'payment';

export interface EndpointSpec<S extends z.ZodType = z.ZodType> {
  /** The name on the wire as the command line takes it: register.do, applepay/payment.do, ... */
  readonly name: string;
  readonly path: string;
  readonly body: 'form' | 'json';
  readonly auth: AuthMode;
  readonly envelope: Envelope;
  readonly kind: EndpointKind;
  readonly request: S;
  /** Parameters a form body may repeat (features). */
  readonly repeatable?: readonly string[];
}

const spec = <S extends z.ZodType>(s: EndpointSpec<S>) => s;
const rest = (name: string) => `/payment/rest/${name}`;

const WALLETS = ['applepay', 'google', 'samsung'] as const;
export type Wallet = (typeof WALLETS)[number];

const walletSpecs = (w: Wallet) => ({
  payment: spec({
    name: `${w}/payment.do`,
    path: `/payment/${w}/payment.do`,
    body: 'json',
    auth: 'walletMerchant',
    envelope: 'success',
    kind: 'payment',
    request: wallet.walletPaymentRequest,
  }),
  paymentDirect: spec({
    name: `${w}/paymentDirect.do`,
    path: `/payment/${w}/paymentDirect.do`,
    body: 'json',
    auth: 'userPassword',
    envelope: 'success',
    kind: 'payment',
    request: wallet.walletPaymentDirectRequest,
  }),
});

export const SPECS = {
  register: spec({
    name: 'register.do',
    path: rest('register.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'register',
    request: orders.registerRequest,
    repeatable: ['features'],
  }),
  registerPreAuth: spec({
    name: 'registerPreAuth.do',
    path: rest('registerPreAuth.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'register',
    request: orders.registerPreAuthRequest,
    repeatable: ['features'],
  }),
  paymentOrder: spec({
    name: 'paymentorder.do',
    path: rest('paymentorder.do'),
    body: 'form',
    auth: 'userPassword',
    envelope: 'restNumeric',
    kind: 'payment',
    request: orders.paymentOrderRequest,
  }),
  instantPayment: spec({
    name: 'instantPayment.do',
    path: rest('instantPayment.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'instant',
    kind: 'payment',
    request: orders.instantPaymentRequest,
    repeatable: ['features'],
  }),
  getOrderStatusExtended: spec({
    name: 'getOrderStatusExtended.do',
    path: rest('getOrderStatusExtended.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'lookup',
    request: orders.orderStatusRequest,
  }),
  deposit: spec({
    name: 'deposit.do',
    path: rest('deposit.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'payment',
    request: orders.depositRequest,
  }),
  reverse: spec({
    name: 'reverse.do',
    path: rest('reverse.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'payment',
    request: orders.reverseRequest,
  }),
  refund: spec({
    name: 'refund.do',
    path: rest('refund.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'payment',
    request: orders.refundRequest,
  }),
  getBindings: spec({
    name: 'getBindings.do',
    path: rest('getBindings.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'lookup',
    request: credentials.getBindingsRequest,
  }),
  getBindingsByCardOrId: spec({
    name: 'getBindingsByCardOrId.do',
    path: rest('getBindingsByCardOrId.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'lookup',
    request: credentials.getBindingsByCardOrIdRequest,
  }),
  unBindCard: spec({
    name: 'unBindCard.do',
    path: rest('unBindCard.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'change',
    request: credentials.bindingRequest,
  }),
  bindCard: spec({
    name: 'bindCard.do',
    path: rest('bindCard.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'change',
    request: credentials.bindingRequest,
  }),
  extendBinding: spec({
    name: 'extendBinding.do',
    path: rest('extendBinding.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'change',
    request: credentials.extendBindingRequest,
  }),
  getLastOrdersForMerchants: spec({
    name: 'getLastOrdersForMerchants.do',
    path: rest('getLastOrdersForMerchants.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'lookup',
    request: reports.lastOrdersRequest,
  }),
  paymentOrderBinding: spec({
    name: 'paymentOrderBinding.do',
    path: rest('paymentOrderBinding.do'),
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    kind: 'payment',
    request: credentials.paymentOrderBindingRequest,
  }),
  recurrentPayment: spec({
    name: 'recurrentPayment.do',
    path: '/payment/recurrentPayment.do',
    body: 'json',
    auth: 'credentials',
    envelope: 'success',
    kind: 'payment',
    request: credentials.storedCredentialPaymentRequest,
  }),
  installmentPayment: spec({
    name: 'installmentPayment.do',
    path: '/payment/installmentPayment.do',
    body: 'json',
    auth: 'credentials',
    envelope: 'installment',
    kind: 'payment',
    request: credentials.storedCredentialPaymentRequest,
  }),
  applepay: walletSpecs('applepay'),
  google: walletSpecs('google'),
  samsung: walletSpecs('samsung'),
} as const;

export { WALLETS };

/** Every endpoint, for the command line's `call <name>` and for serving. */
export const ALL_SPECS: readonly EndpointSpec[] = Object.values(SPECS).flatMap((s) =>
  'path' in s ? [s as EndpointSpec] : Object.values(s as Record<string, EndpointSpec>),
);

export const SPEC_BY_NAME: ReadonlyMap<string, EndpointSpec> = new Map(ALL_SPECS.map((s) => [s.name, s]));
