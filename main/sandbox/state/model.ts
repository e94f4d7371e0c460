/**
 * The sandbox's domain model: merchants, orders and stored credentials as the gateway keeps them.
 * Plain JSON-serialisable data, so that the optional SQLite file stores each entity as one document.
 */
import { OrderStatus } from '../../domain/orderStatus.js';
import type { Feature, Tii } from '../../protocol/common.js';

/** The gateway's order statuses, named once for the app and the sandbox alike. */
export { OrderStatus };

export type PaymentSystem = 'VISA' | 'MASTERCARD' | 'MIR' | 'AMEX' | 'UNKNOWN';
export type PaymentWay = 'CARD' | 'CARD_BINDING' | 'APPLE_PAY' | 'GOOGLE_PAY' | 'SAMSUNG_PAY';
export type BindingCategory = 'COMMON' | 'RECURRENT' | 'INSTALLMENT';

/** How a test card behaves; see cards.ts. */
export type CardProfile = 'noThreeDS' | 'frictionless' | 'challenge' | 'threeDS1' | 'declined' | 'unknown';

/**
 * What the sandbox keeps of a card. Never the full number or the CVC: a keyed HMAC of the PAN finds
 * bindings by card (a plain hash next to the first six and last four digits would give the number away),
 * the masked form is what every response shows.
 */
export interface CardRecord {
  readonly maskedPan: string;
  readonly panFingerprint: string;
  readonly expiry: string;
  readonly cardholderName: string;
  readonly paymentSystem: PaymentSystem;
  readonly profile: CardProfile;
}

/** What the issuer gave an approved payment. A declined attempt has none. */
export interface Authorization {
  readonly approvalCode: string;
  readonly authDateTime: number;
  readonly rrn: string;
  readonly authRefNum: string;
  readonly terminalId: string;
  readonly paymentNetRefNum: string;
}

/** The card an order was paid (or attempted) with, and how. */
export interface PaymentAttempt {
  readonly card: CardRecord;
  readonly paymentWay: PaymentWay;
  readonly eci?: string;
  readonly threeDSVersion?: string;
  /** The stored credential used to pay, for stored-credential payments. */
  readonly bindingId?: string;
  readonly authorization?: Authorization;
}

export interface RefundRecord {
  readonly date: number;
  readonly amount: number;
  readonly actionCode: number;
  readonly referenceNumber: string;
  readonly externalRefundId?: string;
}

/** What a payment must do with the card once it is authorised. */
export interface CredentialIntent {
  readonly category: BindingCategory;
  readonly recurring?: { readonly frequency: number; readonly expiry: string };
  readonly installment?: { readonly count: number; readonly totalAmount: number };
}

/** A payment waiting on the cardholder at the ACS (3-D Secure challenge or 3DS1 password). */
export interface PendingAuthentication {
  readonly version: '1' | '2';
  readonly transId: string;
  /** 'method': 3DS2 first step answered, waiting for the repeated request with threeDSServerTransId. */
  readonly stage: 'method' | 'acs';
  readonly attempt: PaymentAttempt;
  readonly credential?: CredentialIntent;
  readonly tii?: Tii;
}

/** Who moved an order: a gateway request, the developer console, or the sandbox clock (expiry, auto dates). */
export type OrderActor = 'gateway' | 'console' | 'clock';

export type OrderEventKind =
  'registered' | 'acsStarted' | 'held' | 'deposited' | 'declined' | 'reversed' | 'refunded' | 'expired' | 'autoDeposited' | 'autoReversed';

/** One step of an order's life, for the developer console. */
export interface OrderEvent {
  /** Sandbox clock (ms). */
  readonly at: number;
  readonly kind: OrderEventKind;
  /** Minor units, for the steps that move an amount (held, deposited, reversed, refunded). */
  readonly amount?: number;
  readonly by: OrderActor;
}

export interface Order {
  readonly id: string;
  readonly merchant: string;
  readonly orderNumber: string;
  readonly amount: number;
  readonly currency: string;
  readonly description?: string;
  readonly language: string;
  readonly returnUrl: string;
  readonly failUrl?: string;
  readonly dynamicCallbackUrl?: string;
  readonly clientId?: string;
  readonly ip?: string;
  readonly twoPhase: boolean;
  readonly features: readonly Feature[];
  readonly jsonParams: Readonly<Record<string, string>>;
  /** As registered: the spec validates it at payment, not at registration. */
  readonly email?: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** autocompletionDate and autoReverseDate (epoch ms) of a two-phase order, applied while it is held. */
  readonly autocompleteAt?: number;
  readonly autoReverseAt?: number;
  status: OrderStatus;
  actionCode: number;
  payment?: PaymentAttempt;
  approvedAmount: number;
  depositedAmount: number;
  refundedAmount: number;
  refunds: RefundRecord[];
  reversalAttempted: boolean;
  attempts: number;
  pending?: PendingAuthentication;
  /** The credential this order's payment stored, if any. */
  createdBindingId?: string;
  updatedAt: number;
  /**
   * When the order's payment state last changed (payment approved or declined, ACS reached, deposit,
   * reversal, refund, expiry), or its registration until then: the date getLastOrdersForMerchants.do
   * filters on without searchByCreatedDate. The clock's own events (expiry, autocompletion,
   * autoReverseDate) are dated when they were due, not when the sandbox applied them.
   */
  lastOperationAt: number;
  /** Every step so far, oldest first; absent on orders saved before it was kept. */
  history?: OrderEvent[];
}

export interface Binding {
  readonly id: string;
  readonly merchant: string;
  readonly clientId: string;
  readonly category: BindingCategory;
  card: CardRecord;
  readonly paymentWay: PaymentWay;
  active: boolean;
  readonly createdAt: number;
  readonly originOrderId: string;
  readonly paymentNetRefNum: string;
  readonly recurring?: { readonly frequency: number; readonly expiry: string };
  readonly installment?: { readonly count: number; readonly totalAmount: number };
  /** Installment payments made so far: count and amount. */
  installmentsPaid: number;
  installmentAmountPaid: number;
}

export interface MerchantCertificate {
  readonly id: string;
  readonly pem: string;
  readonly fingerprint256: string;
  readonly subject: string;
  readonly validTo: string;
  readonly addedAt: number;
}

export interface MerchantLimits {
  /** Requests per second; 0 means unlimited. */
  rps: number;
  /** Simultaneous requests; 0 means unlimited. */
  concurrency: number;
}

export interface Merchant {
  readonly login: string;
  readonly apiUser: string;
  readonly password: string;
  readonly token?: string;
  signatureRequired: boolean;
  certificates: MerchantCertificate[];
  limits: MerchantLimits;
  /** Secret for the callback checksum; no checksum is sent without one. */
  callbackSecret?: string;
}
