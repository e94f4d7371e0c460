/** How charges are named and coloured on every Charges screen. */
import type { ChargeCategory, ChargeState, ChargeView } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';

export const CATEGORY_WORDS: Record<ChargeCategory, string> = { COMMON: 'Common', RECURRENT: 'Recurrent', INSTALLMENT: 'Installment' };

export const STATE_TONES: Record<ChargeState, string> = {
  PAID: 'tone-success',
  DECLINED: 'tone-danger',
  FAILED: 'tone-neutral',
  UNKNOWN: 'tone-warning',
  PENDING: 'tone-warning',
};

export const chargeAmount = (c: Pick<ChargeView, 'amount' | 'exponent' | 'currency' | 'currencyAlpha'>) =>
  formatAmount(c.amount, c.exponent, c.currencyAlpha ?? c.currency);

/** The card as one phrase: "411111******1111", or the binding when the card was never seen. */
export const cardWords = (c: { readonly maskedPan?: string | undefined; readonly bindingId: string }) =>
  c.maskedPan ?? `binding ${c.bindingId}`;
