/** What the parts of Charges share: a card the form can charge, how many rows of a batch are drawn, a batch's totals in words. */
import type { ChargeBatchPlan, StoredCardView } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';
import { type ChargeDraft } from '../../app/uiStore';

/** Rows of the dry run drawn on screen; the result file has them all. */
export const SHOWN_ROWS = 500;

export const totalsWords = (plan: ChargeBatchPlan) =>
  plan.totals.map((t) => `${formatAmount(t.amount, t.exponent, t.currencyAlpha ?? t.currency)} (${t.count})`).join(', ');

/** A card the form can charge: what the confirmation restates, and what main checks again. */
export type CardChoice = Omit<ChargeDraft, 'environment'>;

export const chargeable = (c: StoredCardView) => c.enabled && !c.expired && c.category !== 'UNKNOWN';
