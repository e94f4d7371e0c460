/**
 * The Orders list's row of an order as getLastOrdersForMerchants.do lists it (gateway/responses.ts
 * listedOrder), read straight from the checked answer. It says what the order view (orders.ts) would say
 * of the same fields: the same status, amounts, currency code, card digits and dates. Why not through the
 * order view: a sync maps thousands of orders a second, and the view's words, headline and timeline,
 * which the list does not keep, were most of that cost.
 */
import { cardholderName } from '../domain/cardholderName.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { orderMoney, type OrderMoney } from '../domain/orderMoney.js';
import { orderIdOf, type ListedOrder } from '../gateway/responses.js';
import { numericCode } from './money.js';
import type { ListedMoney, PeriodOrder } from './periodViews.js';
import { isOrderStatus } from '../domain/orderStatus.js';

/** The first six and last four digits of a masked card number ("411111******1111"). */
const MASKED_CARD = /^(\d{6})[\dX*]*?(\d{4})$/;

/** What the list keeps of what moved: counted once here, when the row is made, and stored with it. */
const listedMoney = ({ held, captured, refunded }: OrderMoney): ListedMoney => ({ held, captured, refunded });

/**
 * The list's row; undefined for an order that lacks what the list cannot do without (its orderId, a known
 * status, the registration date).
 */
export function periodOrderOf(listed: ListedOrder): PeriodOrder | undefined {
  const orderId = orderIdOf(listed);
  if (orderId === undefined || !isOrderStatus(listed.orderStatus) || listed.date === undefined) return undefined;
  const card = listed.cardAuthInfo;
  const digits = MASKED_CARD.exec(card?.maskedPan ?? card?.pan ?? '');
  let operatedAt = listed.authDateTime;
  for (const refund of listed.refunds ?? []) {
    if (refund.date !== undefined && (operatedAt === undefined || refund.date > operatedAt)) operatedAt = refund.date;
  }
  const clientId = listed.bindingInfo?.clientId;
  const cardholder = cardholderName(card?.cardholderName);
  return {
    orderId,
    // As the order view masks them: a card number in the gateway's texts is never kept (store/periodOrders.ts masks again).
    orderNumber: maskCardNumbers(listed.orderNumber ?? ''),
    status: listed.orderStatus,
    amount: listed.amount ?? 0,
    ...listedMoney(orderMoney({ status: listed.orderStatus, amount: listed.amount ?? 0, ...listed.paymentAmountInfo })),
    // As the order view writes it (through money.ts currencyInfo), without its look-up of the letter code.
    currency: numericCode(listed.currency),
    registeredAt: listed.date,
    ...(operatedAt !== undefined ? { operatedAt } : {}),
    ...(digits ? { first6: digits[1], last4: digits[2] } : {}),
    ...(card?.paymentSystem ? { paymentSystem: maskCardNumbers(card.paymentSystem) } : {}),
    ...(cardholder ? { cardholder } : {}),
    ...(clientId ? { clientId: maskCardNumbers(clientId) } : {}),
    ...(listed.orderDescription ? { description: maskCardNumbers(listed.orderDescription) } : {}),
    ...(listed.actionCode !== undefined ? { actionCode: listed.actionCode } : {}),
  };
}
