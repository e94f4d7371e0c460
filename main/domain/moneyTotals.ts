/**
 * The money of a set of orders per currency, summed from what moved on each (orderMoney.ts): held,
 * captured, refunded and net = captured - refunded, never added across currencies. The one sum behind the
 * Orders list's money line, its totals table, its chart and the client view, and the CSV's figures read
 * against them. Shared with the renderer (tsconfig.web.json); it imports nothing above the domain.
 */
import type { OrderMoney } from './orderMoney.js';

/** What moved on some orders of one currency, and how many orders they are. */
export interface MoneyCell extends Pick<OrderMoney, 'held' | 'captured' | 'refunded'> {
  readonly currency: string;
  readonly count: number;
}

/** One currency's money, in its minor units. */
export interface CurrencyMoney extends MoneyCell {
  /** captured - refunded: what the merchant keeps. */
  readonly net: number;
}

/**
 * The cells summed per currency, the currency with the most orders first (ties by code), so that every
 * place that shows a few currencies shows the same, most used ones.
 */
export function moneyByCurrency(cells: readonly MoneyCell[]): CurrencyMoney[] {
  const sums = new Map<string, { count: number; held: number; captured: number; refunded: number }>();
  for (const c of cells) {
    const s = sums.get(c.currency) ?? { count: 0, held: 0, captured: 0, refunded: 0 };
    s.count += c.count;
    s.held += c.held;
    s.captured += c.captured;
    s.refunded += c.refunded;
    sums.set(c.currency, s);
  }
  return [...sums]
    .map(([currency, s]) => ({ currency, ...s, net: s.captured - s.refunded }))
    .sort((a, b) => b.count - a.count || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
