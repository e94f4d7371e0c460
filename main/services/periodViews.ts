/**
 * The types of the orders of a period and of the reconciliation that cross to the renderer: plain data,
 * type imports only, so that the renderer type-checks against them without the store or the services behind.
 */
import type { OrderStatus } from '../domain/orderStatus.js';
import type { OrderStanding, PeriodDay, PeriodOrder, PeriodTotal, Preparing } from '../domain/periodOrder.js';
import type { PeriodWindow } from '../domain/period.js';
import type { Said } from '../phrases/phrase.js';

export type { ListedMoney, PeriodDay, PeriodOrder, PeriodPage, PeriodQuery, PeriodSort, PeriodTotal } from '../domain/periodOrder.js';
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
export type GatewaySide = OrderStanding;

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
export type OrderListView = ListedView | PreparingView;

/** The copy's orders of a period are not countable yet (its index is being read): the screen says so and asks again. */
export interface PreparingView {
  readonly preparing: Preparing;
  readonly syncedAt?: number;
  readonly syncing: boolean;
}

export interface ListedView {
  readonly preparing?: undefined;
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
