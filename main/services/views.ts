/**
 * The shapes of what the order and batch-charge services return: plain, serialisable data with masked
 * card numbers only.
 * Kept free of imports so that the IPC contract (and through it the renderer) can share them as types.
 */

export interface OrderView {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly status?: number;
  readonly statusWords: string;
  readonly paid: boolean;
  /** Minor units; `currency` is the ISO 4217 numeric code, `exponent` its minor-unit digits. */
  readonly amount: number;
  readonly approvedAmount: number;
  readonly depositedAmount: number;
  readonly refundedAmount: number;
  readonly currency: string;
  readonly currencyAlpha?: string;
  readonly exponent: number;
  readonly actionCode?: number;
  readonly actionCodeDescription?: string;
  readonly description?: string;
  readonly card?: {
    readonly maskedPan?: string;
    readonly expiry?: string;
    readonly cardholderName?: string;
    readonly paymentSystem?: string;
  };
  readonly threeDS?: { readonly eci?: number; readonly version?: string };
  readonly binding?: { readonly clientId?: string; readonly bindingId?: string };
  readonly registeredAt?: number;
  readonly authorisedAt?: number;
  readonly refunds: readonly { readonly at?: number; readonly amount: number; readonly referenceNumber?: string }[];
  readonly paymentWay?: string;
}

export type LookupResult =
  | { readonly query: string; readonly kind: 'found'; readonly order: OrderView }
  | { readonly query: string; readonly kind: 'notFound' }
  /** reason: in words (what happened, what it did, what to do); detail: the technical account, for Details. */
  | { readonly query: string; readonly kind: 'failed'; readonly reason: string; readonly detail?: string }
  | { readonly query: string; readonly kind: 'cancelled' };

export interface BatchProgress {
  readonly total: number;
  readonly done: number;
  readonly found: number;
  readonly notFound: number;
  readonly failed: number;
}

/** failed: the app itself stopped a batch of charges (its journal or disk failed); the job says why. */
export type ChargeBatchState = 'planned' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';

/** Counts of a batch of charges so far: rows handled, paid, and anything else. */
export interface ChargeBatchProgress {
  readonly total: number;
  readonly done: number;
  readonly paid: number;
  readonly other: number;
}
