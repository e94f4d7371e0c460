/** What the parts of the Orders workspace share: an order's money in words, what an operation leaves on screen, the operations offered. */
import type { OrderView, OperationResult } from '../../../../main/ipc/contract';
import { formatAmount } from '../../format/money';

export const orderMoney = (order: OrderView, minor: number) => formatAmount(minor, order.exponent, order.currencyAlpha ?? order.currency);

/** release: a reversal of a hold, the one reversal offered by name; a charge's goes through refund. */
export type Action = 'deposit' | 'release' | 'refund';

/** What the order view shows after an operation: the order read again, or the cached one when it could not be. */
export type AfterOperation =
  { readonly kind: 'found'; readonly order: OrderView } | ({ readonly kind: 'cached' } & NonNullable<OperationResult['cached']>);
