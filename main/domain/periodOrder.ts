/**
 * The Orders list's row and query: an order of a period as the list keeps and shows it, what the list asks
 * for, and its totals per state and currency. Plain types, shared by the store, the services, the IPC
 * contract and the screens.
 */
import type { OrderMoney } from './orderMoney.js';
import type { OrderStatus } from './orderStatus.js';

/** What moved on an order (domain/orderMoney.ts), as the list keeps it; what was released is not kept. */
export type ListedMoney = Pick<OrderMoney, 'held' | 'captured' | 'refunded'>;

/** What names an order and what it was registered for (minor units; the ISO 4217 numeric currency): every list of orders starts with these. */
export interface OrderBasics {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly status: OrderStatus;
  readonly amount: number;
  readonly currency: string;
  readonly registeredAt: number;
}

/**
 * An order as the list shows it: `amount` is what the order was registered for; held, captured and refunded
 * are what moved, as orderMoney() counted it when the row was written.
 */
export interface PeriodOrder extends OrderBasics, ListedMoney {
  /** The last payment operation's time, where the gateway gave one. */
  readonly operatedAt?: number;
  readonly first6?: string;
  readonly last4?: string;
  readonly paymentSystem?: string;
  /** The name on the card, as domain/cardholderName.ts keeps it. */
  readonly cardholder?: string;
  readonly clientId?: string;
  readonly description?: string;
  readonly actionCode?: number;
}

/** What the gateway says an order is and what moved on it: the side of an order a journal is compared with. */
export type OrderStanding = Pick<PeriodOrder, 'status' | 'amount' | 'currency' | 'registeredAt'> & ListedMoney;

export const orderStandingOf = (o: PeriodOrder): OrderStanding => ({
  status: o.status,
  amount: o.amount,
  held: o.held,
  captured: o.captured,
  refunded: o.refunded,
  currency: o.currency,
  registeredAt: o.registeredAt,
});

export type PeriodSort = 'newest' | 'oldest' | 'amountDesc' | 'amountAsc';

/**
 * What the list asks for. The period is required ([from, to), epoch ms) and applies to the registration
 * date, or to the last operation's. Text is looked for in orderNumber, description and clientId.
 */
export interface PeriodQuery {
  readonly from: number;
  readonly to: number;
  readonly dateOf?: 'registration' | 'operation';
  readonly statuses?: readonly OrderStatus[];
  readonly paid?: boolean;
  readonly currency?: string;
  readonly minAmount?: number;
  readonly maxAmount?: number;
  readonly first6?: string;
  readonly last4?: string;
  readonly clientId?: string;
  readonly text?: string;
}

export interface PeriodPage {
  readonly sort?: PeriodSort;
  readonly offset?: number;
  readonly limit?: number;
}

/**
 * The shown orders of one state in one currency: how many, and what moved on them (held, captured,
 * refunded). Declined and unpaid orders are counted here and move nothing. Every money figure of the list
 * is a sum of these per currency (domain/moneyTotals.ts), never across currencies.
 */
/** How far the list's index of a large copy has been read, just after start: nothing is counted until it is. */
export interface Preparing {
  readonly read: number;
  readonly of: number;
}

export interface PeriodTotal extends ListedMoney {
  readonly status: OrderStatus;
  readonly currency: string;
  readonly count: number;
}

/**
 * Orders and money per day (days begin at the given offset from UTC) by state and currency, for the chart:
 * an order's money is on its day on the list's axis, so the days add up to the totals.
 */
export interface PeriodDay extends PeriodTotal {
  /** YYYY-MM-DD in the offset's local time. */
  readonly day: string;
}
