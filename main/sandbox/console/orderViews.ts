/**
 * How the control API and the developer console show a sandbox order: the summary of GET /sandbox/orders
 * and of `order` events, and the detail of GET /sandbox/orders/:orderId (with its history).
 */
import type { Order } from '../state/model.js';

export function orderSummary(o: Order) {
  return {
    orderId: o.id,
    merchant: o.merchant,
    orderNumber: o.orderNumber,
    status: o.status,
    actionCode: o.actionCode,
    amount: o.amount,
    currency: o.currency,
    approvedAmount: o.approvedAmount,
    depositedAmount: o.depositedAmount,
    refundedAmount: o.refundedAmount,
    clientId: o.clientId,
    bindingId: o.payment?.bindingId ?? o.createdBindingId,
    maskedPan: o.payment?.card.maskedPan,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
export type OrderSummary = ReturnType<typeof orderSummary>;

export function orderDetail(o: Order) {
  return {
    ...orderSummary(o),
    // Orders saved before the history was kept have none.
    history: o.history ?? [],
    refunds: o.refunds,
    twoPhase: o.twoPhase,
    expiresAt: o.expiresAt,
    description: o.description ?? null,
    jsonParams: o.jsonParams,
  };
}
