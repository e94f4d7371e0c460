/** How charges are named and coloured on every Charges screen. */
import type { ChargeBatchRow, ChargeCategory, ChargeState, ChargeView, Result } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';
import type { i18n as I18n } from 'i18next';
import type { Said } from '../../../../main/ipc/contract';
import { i18n } from '../../i18n';
import { say, sayPhrase } from '../../i18n/say';
import { OrderStatus } from '../../../../main/domain/orderStatus';

/** A card's category in words ("Common"). */
export const categoryWords = (category: ChargeCategory): string => i18n.t(`charges:category.${category}`);

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
  c.maskedPan ?? i18n.t('charges:binding', { id: c.bindingId });

/**
 * The tone of a charge's latest state: a charge reversed or refunded in full took nothing in the end; one
 * being sent is on its way, not in doubt.
 */
export function chargeTone(c: Pick<ChargeView, 'state' | 'sending' | 'standing'>): string {
  if (c.sending) return 'tone-info';
  const s = c.standing;
  if (s && c.state === 'PAID' && (s.orderStatus === OrderStatus.REVERSED || (s.charged > 0 && s.net === 0))) return 'tone-neutral';
  if (s && c.state === 'PAID' && s.charged === 0 && s.held > 0) return 'tone-warning';
  return STATE_TONES[c.state];
}

/** A figure of a charge's standing in its currency ("RUB 20.00"). */
export const standingAmount = (c: Pick<ChargeView, 'exponent' | 'currency' | 'currencyAlpha'>, minor: number) =>
  formatAmount(minor, c.exponent, c.currencyAlpha ?? c.currency);

/** The tone of what became of a row of a batch file; only a lost answer is "unknown", one awaited is "being sent". */
export const BATCH_TONES: Record<ChargeBatchRow['result'], string> = {
  paid: 'tone-success',
  declined: 'tone-danger',
  failed: 'tone-neutral',
  unknown: 'tone-warning',
  refused: 'tone-neutral',
  needsConfirmation: 'tone-neutral',
  cancelled: 'tone-neutral',
  error: 'tone-danger',
  invalid: 'tone-neutral',
  waiting: 'tone-neutral',
  sending: 'tone-info',
};

/** A row's reasons, each of main's phrases in the language shown, one after another ("…; …"). */
export const reasonsText = (shown: I18n, said: Said): string => said.map((p) => sayPhrase(shown, p)).join('; ');

/** Whether a charge's state says it is held (not charged yet, or held and since reversed). */
export const isHeld = (c: Pick<ChargeView, 'stateWords'>): boolean =>
  c.stateWords.code === 'charge.state.held' ||
  c.stateWords.code === 'charge.state.heldReversed' ||
  c.stateWords.code === 'charge.standing.held';

/** What became of a row of a batch file, in words ("charged"). */
export const batchResultWords = (result: ChargeBatchRow['result']): string => i18n.t(`charges:batchResult.${result}`);

/** What reconciling one charge came to: whether its outcome is known now, and its state in words (none while still open). */
export function reconciledOne(r: Result<'charges.reconcile'>): { readonly settled: boolean; readonly state: string | undefined } {
  const after = r.results[0];
  const known = after && 'charge' in after ? after : undefined;
  return { settled: known !== undefined && known.outcome !== 'unknown', state: known ? say(i18n, known.charge.stateWords) : undefined };
}
