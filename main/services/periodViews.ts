/**
 * The types of the orders of a period and of the reconciliation that cross to the renderer: plain data,
 * type imports only, so that the renderer type-checks against them without the store or the services behind.
 */
import type { OrderMoney } from '../domain/orderMoney.js';
import type { OrderStatus } from '../domain/orderStatus.js';
import type { PeriodWindow } from '../domain/period.js';
import type { Said } from '../phrases/phrase.js';

/** What moved on an order (domain/orderMoney.ts), as the list keeps it; what was released is not kept. */
export type ListedMoney = Pick<OrderMoney, 'held' | 'captured' | 'refunded'>;

/**
 * An order as the list shows it. Amounts in minor units; currency is the ISO 4217 numeric code. `amount`
 * is what the order was registered for; held, captured and refunded are what moved, as orderMoney()
 * counted it when the row was written.
 */
export interface PeriodOrder extends ListedMoney {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly status: OrderStatus;
  readonly amount: number;
  readonly currency: string;
  readonly registeredAt: number;
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

export type { PeriodWindow };

/** A journalled charge's state (store/journal.ts's ChargeState; reconciliation.ts checks they agree). */
export type JournalState = 'PENDING' | 'UNKNOWN' | 'PAID' | 'DECLINED' | 'FAILED';

export const RECONCILIATION_CLASSES = ['matched', 'disagrees', 'notInJournal', 'open'] as const;
export type ReconciliationClass = (typeof RECONCILIATION_CLASSES)[number];

/** What the charge journal says of an order the app charged: the charge and what the app did to it since. */
export interface ChargeSide {
  readonly source: 'charge';
  readonly chargeId: number;
  readonly state: JournalState;
  readonly amount: number;
  readonly currency: string;
  readonly at: number;
  readonly operator: string;
  /** Minor units refunded by operations that ended DONE. */
  readonly refunded: number;
  readonly reversed: boolean;
  /** Operations sent for it whose outcome is not known yet. */
  readonly openOperations: number;
}

/**
 * What the operations journal says the app did to an order it did not charge (a storefront's order the app
 * captured, refunded or reversed): only operations that ended DONE moved money; the currency is the order's.
 */
export interface OperationsSide {
  readonly source: 'operations';
  /** Captured by the app's deposits: minor units, or 'all' where a deposit took the whole hold; undefined: none. */
  readonly captured?: number | 'all';
  /** Minor units refunded by the app, or 'all' where a refund took what was left. */
  readonly refunded: number | 'all';
  readonly reversed: boolean;
  /** The app's operations on the order by how they ended: done, refused, open (pending or unknown). */
  readonly done: number;
  readonly refused: number;
  readonly openOperations: number;
  /** The first of them and who sent the last. */
  readonly at: number;
  readonly operator: string;
}

/** What the app's journals say of an order. */
export type JournalSide = ChargeSide | OperationsSide;

/** The gateway's order as the sync kept it: its status and amount, and what moved on it (orderMoney, counted when kept). */
export interface GatewaySide {
  readonly status: OrderStatus;
  readonly amount: number;
  readonly held: number;
  readonly captured: number;
  readonly refunded: number;
  readonly currency: string;
  readonly registeredAt: number;
}

export type Difference =
  | { readonly kind: 'notAtGateway' }
  | { readonly kind: 'status'; readonly expected: readonly OrderStatus[]; readonly actual: OrderStatus }
  | { readonly kind: 'amount'; readonly expected: number; readonly actual: number }
  | { readonly kind: 'captured'; readonly expected: number; readonly actual: number }
  | { readonly kind: 'currency'; readonly expected: string; readonly actual: string }
  | { readonly kind: 'refunded'; readonly expected: number; readonly actual: number };

export interface ReconciliationRow {
  readonly class: ReconciliationClass;
  /** Missing only where the app operated on an order the sync has not read: its orderId is there then. */
  readonly orderNumber?: string;
  /** To open the order; missing where neither side knows it. */
  readonly orderId?: string;
  readonly journal?: JournalSide;
  readonly gateway?: GatewaySide;
  readonly differences: readonly Difference[];
}

/** Money that moved, in minor units of one numeric currency (main/domain/orderMoney.ts's rule). */
export interface MovedMoney {
  readonly currency: string;
  readonly held: number;
  readonly captured: number;
  readonly refunded: number;
}

export interface ClassTotal {
  readonly count: number;
  /**
   * Per numeric currency, what moved on the class's orders: as the gateway reports it (orderMoney), or as
   * the journal says where the gateway has no such order.
   */
  readonly amounts: readonly MovedMoney[];
}

export interface Reconciliation {
  readonly period: PeriodWindow;
  readonly rows: readonly ReconciliationRow[];
  readonly totals: Readonly<Record<ReconciliationClass, ClassTotal>>;
}

/** What the list shows for a query: one page, how many match, the totals and the chart of all of them. */
export interface OrderListView {
  readonly orders: readonly PeriodOrder[];
  readonly total: number;
  readonly totals: readonly PeriodTotal[];
  readonly perDay: readonly PeriodDay[];
  /** When the offline copy was last brought up to date; undefined: never. */
  readonly syncedAt?: number;
  /**
   * Whether the copy holds every order registered in the period up to syncedAt: false where part of the
   * period was never read whole (then the list has only what other syncs brought), or where the period
   * is of operation dates (an order registered in a period never read may have been operated in it).
   */
  readonly complete: boolean;
  /** A sync is running now: what is shown may still change. */
  readonly syncing: boolean;
}

export interface ReconciliationRun {
  readonly reconciliation: Reconciliation;
  /** How the sync before it ended: anything but 'done' means the gateway side is as of syncedAt. */
  readonly sync: 'done' | 'cancelled' | 'failed';
  readonly syncedAt?: number;
  /** Whether the gateway side holds every order of the period up to syncedAt (see OrderListView.complete). */
  readonly complete: boolean;
  /** Why the sync before it failed, in words, and the technical account. */
  readonly syncReason?: Said;
  readonly syncDetail?: string;
}
