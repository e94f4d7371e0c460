/**
 * The types of the Customers view that cross to the renderer: plain data, type imports only (as
 * periodViews.ts), so that the renderer type-checks against them without the store or the services behind.
 */
import type { MovedMoney } from './periodViews.js';
import type { OrderBasics } from '../domain/periodOrder.js';

/** How the text was read: which of what the app keeps it was looked for in. */
export type CustomerSearchedBy = 'clientId' | 'first6' | 'last4' | 'cardholder';

/** A customer's newest order. */
export type LastOrder = OrderBasics;

/** A customer as the search lists them: from what the app keeps, no gateway call. */
export interface CustomerSummary {
  readonly clientId: string;
  readonly orderCount: number;
  /** Per numeric currency, what moved on their orders (orderMoney); a currency where nothing moved is left out. */
  readonly money: readonly MovedMoney[];
  /** Where they have more orders than the store reads at once: the money is of this many, their newest. */
  readonly moneyOfNewest?: number;
  readonly lastOrder?: LastOrder;
  /** Cards their orders were paid with, masked (first six and last four). */
  readonly orderCards: readonly string[];
  /** The names on those cards (capitals, as the gateway writes them), newest first. */
  readonly names: readonly string[];
  /** Stored cards of theirs the app has seen (the gateway lists them on opening the customer). */
  readonly knownCards: number;
}

export interface CustomerSearch {
  readonly query: string;
  readonly searchedBy: readonly CustomerSearchedBy[];
  readonly customers: readonly CustomerSummary[];
  /** More customers match than are listed: a longer text narrows it. */
  readonly more: boolean;
}
