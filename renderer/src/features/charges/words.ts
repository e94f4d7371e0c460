/** How charges are named and coloured on every Charges screen. */
import type { ChargeBatchRow, ChargeCategory, ChargeState, ChargeView } from '../../../../main/ipc/contract';
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

/**
 * The tone of a charge's latest state: a charge reversed or refunded in full took nothing in the end; one
 * being sent is on its way, not in doubt.
 */
export function chargeTone(c: Pick<ChargeView, 'state' | 'sending' | 'standing'>): string {
  if (c.sending) return 'tone-info';
  const s = c.standing;
  if (s && c.state === 'PAID' && (s.orderStatus === 3 || (s.charged > 0 && s.net === 0))) return 'tone-neutral';
  if (s && c.state === 'PAID' && s.charged === 0 && s.held > 0) return 'tone-warning';
  return STATE_TONES[c.state];
}

/** A figure of a charge's standing in its currency ("RUB 20.00"). */
export const standingAmount = (c: Pick<ChargeView, 'exponent' | 'currency' | 'currencyAlpha'>, minor: number) =>
  formatAmount(minor, c.exponent, c.currencyAlpha ?? c.currency);

/** What became of a row of a batch file, in words and tone; only a lost answer is "unknown", one awaited is "being sent". */
export const BATCH_RESULT: Record<ChargeBatchRow['result'], readonly [words: string, tone: string]> = {
  paid: ['charged', 'tone-success'],
  declined: ['declined, not charged', 'tone-danger'],
  failed: ['failed, not charged', 'tone-neutral'],
  unknown: ['outcome unknown: answer lost, being reconciled', 'tone-warning'],
  refused: ['refused, not charged', 'tone-neutral'],
  needsConfirmation: ['not charged: same card and amount lately', 'tone-neutral'],
  cancelled: ['cancelled, not charged', 'tone-neutral'],
  error: ['app error: the journal says whether it was charged', 'tone-danger'],
  invalid: ['invalid, not charged', 'tone-neutral'],
  waiting: ['waiting', 'tone-neutral'],
  sending: ['being sent', 'tone-info'],
};
