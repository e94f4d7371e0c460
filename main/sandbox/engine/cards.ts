/**
 * The test cards of docs/gateway-facts.md ("Test cards") and what the sandbox makes of any card it is given.
 */
import { createHmac } from 'node:crypto';
import type { CardProfile, CardRecord, PaymentSystem } from '../state/model.js';

export interface TestCard {
  readonly pan: string;
  readonly profile: CardProfile;
  /** Earliest accepted expiry (YYYYMM), where the vendor's table names one. */
  readonly minExpiry?: string;
}

/** Exactly the vendor's test table. CVC 123 in every row; CVC 000 or an expired date declines. */
export const TEST_CARDS: readonly TestCard[] = [
  { pan: '4444555511113333', profile: 'noThreeDS', minExpiry: '202612' },
  { pan: '4111111111111111', profile: 'frictionless' },
  { pan: '5555555555555599', profile: 'challenge' },
  { pan: '4012001038166662', profile: 'threeDS1' },
  { pan: '5168494895055780', profile: 'declined' },
];

/** One-time code the 3DS2 challenge accepts, and the 3DS1 password. */
export const CHALLENGE_CODE = '123456';
export const THREEDS1_PASSWORD = '12345678';

/** First six and last four digits, as the gateway masks card numbers. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}${'*'.repeat(Math.max(pan.length - 10, 0))}${pan.slice(-4)}`;
}

/** Finds a card again without keeping its number: an HMAC of the PAN under a key kept outside the state. */
export type CardFingerprint = (pan: string) => string;

export function cardFingerprint(key: Buffer): CardFingerprint {
  return (pan) => createHmac('sha256', key).update(pan).digest('hex');
}

function paymentSystemOf(pan: string): PaymentSystem {
  if (pan.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(pan)) return 'MASTERCARD';
  if (/^220[0-4]/.test(pan)) return 'MIR';
  if (/^3[47]/.test(pan)) return 'AMEX';
  return 'UNKNOWN';
}

export function cardRecord(pan: string, expiry: string, cardholderName: string, fingerprint: CardFingerprint): CardRecord {
  const test = TEST_CARDS.find((c) => c.pan === pan);
  return {
    maskedPan: maskPan(pan),
    panFingerprint: fingerprint(pan),
    expiry,
    cardholderName,
    paymentSystem: paymentSystemOf(pan),
    profile: test?.profile ?? 'unknown',
  };
}

/** Processing results (actionCode) the sandbox produces; their words, by name, live in words/en/actionCode.ts. */
export const ActionCode = {
  APPROVED: 0,
  DO_NOT_HONOUR: 5,
  CARD_EXPIRED: 101,
  WRONG_CARD_DATA: 71015,
  NO_PAYMENT_ATTEMPT: -100,
  SESSION_EXPIRED: -2007,
  AUTHENTICATION_FAILED: -2017,
  AUTHENTICATION_REJECTED: -2025,
  OVER_ISSUER_LIMIT: -20010,
} as const;
export type ActionCode = (typeof ActionCode)[keyof typeof ActionCode];

/**
 * The issuer's limit for one authorisation, in minor units (sandbox choice): larger amounts decline with
 * -20010, which lets a stored card, whose card data cannot be chosen at charge time, be declined on purpose.
 */
export const ISSUER_LIMIT = 10_000_000;

/**
 * Checks of the card data themselves, made before any 3-D Secure step: an expired card, CVC 000, or
 * a test card used with an expiry its row does not allow. CVC is checked only where the payment
 * carried one (customer-initiated); its value is never kept.
 */
export function cardDataCheck(card: CardRecord, currentYearMonth: string, cvc?: string): ActionCode {
  if (card.expiry < currentYearMonth) return ActionCode.CARD_EXPIRED;
  if (cvc === '000') return ActionCode.WRONG_CARD_DATA;
  const test = TEST_CARDS.find((c) => c.profile === card.profile);
  if (test?.minExpiry && card.expiry < test.minExpiry) return ActionCode.WRONG_CARD_DATA;
  return ActionCode.APPROVED;
}

/** The issuer's answer to the authorisation itself, once the cardholder is authenticated (or need not be). */
export function authorizationDecision(card: CardRecord, amount: number): ActionCode {
  if (card.profile === 'unknown' || card.profile === 'declined') return ActionCode.DO_NOT_HONOUR;
  if (amount > ISSUER_LIMIT) return ActionCode.OVER_ISSUER_LIMIT;
  return ActionCode.APPROVED;
}
