/**
 * What became of an operation sent on an order, in one sentence and its tone: done, refused (main's or the
 * gateway's reason), not sent, or no answer yet. Said by the order's dialog as a toast, and by Approvals for a
 * refund a second person approved.
 */
import type { OperationResult } from '../../../../main/ipc/contract';
import { i18n } from '../../i18n';
import { say } from '../../i18n/say';

/** What was sent, as the sentences name it: a refund that went back as a reversal is told as a reversal. */
export type SentAs = 'deposit' | 'release' | 'reverse' | 'refund';

export interface OutcomeWords {
  readonly tone: 'success' | 'error' | 'info';
  readonly text: string;
}

/** `money` is the amount the answer names, formatted in the order's currency (none where it named none). */
export function operationOutcomeWords(r: OperationResult, sent: SentAs, money: string | undefined, order: string): OutcomeWords {
  const t = i18n.getFixedT(null, 'orders');
  if (r.outcome === 'notSent')
    return { tone: 'error', text: t('actions.notSent', { reason: r.reason ? say(i18n, r.reason) : t('actions.notSentReason') }) };
  if (r.outcome === 'done')
    return {
      tone: 'success',
      text: money ? t(`actions.doneAmount.${sent}`, { amount: money, order }) : t(`actions.done.${sent}`, { order }),
    };
  if (r.outcome === 'refused') {
    const reason = r.reason ? say(i18n, r.reason) : t('actions.noReason');
    return {
      tone: 'error',
      text: money ? t(`actions.refusedAmount.${sent}`, { amount: money, reason }) : t(`actions.refused.${sent}`, { reason }),
    };
  }
  return { tone: 'info', text: money ? t(`actions.unknownAmount.${sent}`, { amount: money }) : t(`actions.unknown.${sent}`) };
}
