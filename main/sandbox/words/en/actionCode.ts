/**
 * What a processing result (actionCode, engine/cards.ts) means, as actionCodeDescription answers it; a
 * code the sandbox produces without words here does not compile.
 */
import type { ActionCode } from '../../engine/cards.js';

export const actionCode = {
  APPROVED: 'Request processed successfully',
  DO_NOT_HONOUR: 'Declined by the issuer (do not honour)',
  CARD_EXPIRED: 'Card expired',
  WRONG_CARD_DATA: 'Wrong card data',
  NO_PAYMENT_ATTEMPT: 'No payment attempts',
  SESSION_EXPIRED: 'Session expired',
  AUTHENTICATION_FAILED: '3-D Secure authentication not passed',
  AUTHENTICATION_REJECTED: '3-D Secure authentication rejected by the issuer',
  OVER_ISSUER_LIMIT: "Amount over the issuer's limit",
} as const satisfies Record<keyof typeof ActionCode, string>;
