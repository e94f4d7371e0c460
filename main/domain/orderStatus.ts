/**
 * The order status the gateway reports (orderStatus; docs/gateway-facts.md, "Order statuses"), named, and
 * the questions every layer asks of it. The one place its numbers are written: the gateway client, the
 * services, the store, the sandbox and the renderer all ask here.
 *
 * Newer gateway builds report 7 (payment pending) and 8 (partly completed): not documented enough to act
 * on, so an order in either is not paid and moved no money, and its number is shown as it came.
 */
export const OrderStatus = {
  /** Registered, not paid. */
  REGISTERED: 0,
  /** Authorised: the amount is held on the card (APPROVED). */
  HELD: 1,
  /** Captured (DEPOSITED): charged. */
  DEPOSITED: 2,
  /** The authorisation was cancelled. */
  REVERSED: 3,
  /** Captured, then refunded in full. */
  REFUNDED: 4,
  /** 3-D Secure authentication under way. */
  ACS_STARTED: 5,
  DECLINED: 6,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Every status above, in their order. */
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

const KNOWN: ReadonlySet<number> = new Set(ORDER_STATUSES);

/** One of the statuses above (not 7, 8 or anything a gateway invents). */
export const isOrderStatus = (status: number | undefined): status is OrderStatus => status !== undefined && KNOWN.has(status);

/** The paid statuses: held or charged (a reversal or a full refund ends being paid). */
export const PAID_STATUSES: readonly OrderStatus[] = [OrderStatus.HELD, OrderStatus.DEPOSITED];

export type PaidStatus = typeof OrderStatus.HELD | typeof OrderStatus.DEPOSITED;

/** Paid: the amount is held or charged; any other or unknown value is not. */
export const isPaid = (status: number | undefined): status is PaidStatus => status === OrderStatus.HELD || status === OrderStatus.DEPOSITED;

/** Captured at some point: charged, or charged and refunded in full. */
export const wasCaptured = (status: number | undefined): boolean => status === OrderStatus.DEPOSITED || status === OrderStatus.REFUNDED;

/** Authorised at some point: held, charged, reversed or refunded. */
export const wasAuthorised = (status: number | undefined): boolean =>
  status === OrderStatus.HELD || status === OrderStatus.REVERSED || wasCaptured(status);
