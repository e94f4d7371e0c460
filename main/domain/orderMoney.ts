/**
 * What moved on one order, as finance counts it: the one rule behind every money figure the app shows or
 * exports (the Orders list's totals, line and chart, the client view, the Customers view, the CSV export,
 * the reconciliation). Counted from the gateway's paymentAmountInfo, never from the order's state alone:
 * a partly captured hold is the part captured, a partly refunded charge keeps its charge and counts its
 * refunds. Shared with the renderer (tsconfig.web.json); in the domain layer, which imports nothing above it.
 *
 * Only a held, deposited or refunded order moved money (domain/orderStatus.ts); a reversed one moved none.
 */
import { OrderStatus, wasCaptured } from './orderStatus.js';

/**
 * The amounts the gateway reports for an order, in minor units. paymentAmountInfo is optional in the
 * interface: an amount it leaves out is undefined, and read as the order's state implies (a held order
 * holds its amount, a deposited one captured it, a refunded one returned all of it).
 */
export interface GatewayAmounts {
  readonly status: number;
  /** The amount the order was registered for. */
  readonly amount: number;
  /** paymentAmountInfo.approvedAmount: what the authorisation holds (less any part reversed). */
  readonly approvedAmount?: number | undefined;
  /** paymentAmountInfo.depositedAmount: what was captured. */
  readonly depositedAmount?: number | undefined;
  /** paymentAmountInfo.refundedAmount: every refund, partial ones included. */
  readonly refundedAmount?: number | undefined;
}

/** What moved on an order, in minor units of its currency. */
export interface OrderMoney {
  /** Authorised and not yet captured: still the customer's, held for the merchant. */
  readonly held: number;
  /** Captured (deposited), a partial capture at what was captured. */
  readonly captured: number;
  /** Returned to the customer by refunds. */
  readonly refunded: number;
  /** Of a hold, what a partial capture or a partial reversal gave back without it ever being captured. */
  readonly released: number;
}

const NOTHING: OrderMoney = { held: 0, captured: 0, refunded: 0, released: 0 };

/** What moved on an order. A reversed order moved nothing, whatever amounts a gateway leaves on it. */
export function orderMoney(order: GatewayAmounts): OrderMoney {
  if (order.status === OrderStatus.HELD) {
    const held = order.approvedAmount ?? order.amount;
    return { held, captured: 0, refunded: 0, released: Math.max(order.amount - held, 0) };
  }
  if (wasCaptured(order.status)) {
    const captured = order.depositedAmount ?? order.amount;
    const refunded = order.refundedAmount ?? (order.status === OrderStatus.REFUNDED ? captured : 0);
    const approved = order.approvedAmount ?? captured;
    return {
      held: 0,
      captured,
      // A gateway that reports more refunded than captured is not believed past what was captured.
      refunded: Math.min(refunded, captured),
      released: Math.max(approved - captured, 0),
    };
  }
  return NOTHING;
}

/** Captured less refunded: what the merchant keeps. */
export function netOf(money: Pick<OrderMoney, 'captured' | 'refunded'>): number {
  return money.captured - money.refunded;
}
