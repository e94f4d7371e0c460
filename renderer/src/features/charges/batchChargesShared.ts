/** What the parts of a batch of charges share: how many rows are drawn, the totals in words. */
import type { ChargeBatchPlan } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';

/** Rows of the dry run drawn on screen; the result file has them all. */
export const SHOWN_ROWS = 500;

export const totalsWords = (plan: ChargeBatchPlan) =>
  plan.totals.map((t) => `${formatAmount(t.amount, t.exponent, t.currencyAlpha ?? t.currency)} (${t.count})`).join(', ');
