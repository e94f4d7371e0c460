/** What the parts of the Orders list share: the period on screen now, money in a currency, what part of an order moved. */
import { useMemo } from 'react';
import type { PeriodOrder, SavedView } from '../../../../../main/ipc/contract';
import { useUi } from '../../../app/uiStore';
import { currencyInfo, type PeriodWindow, windowOf } from './period';
import { formatAmount } from '../../../format/money';
import { OrderStatus, wasCaptured } from '../../../../../main/domain/orderStatus';

/** The window of the list's period now: a relative period is worked out again each time the list is opened. */
export function useListWindow(): PeriodWindow {
  const period = useUi((s) => s.listView.period);
  const key = JSON.stringify(period);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's value, not its object, decides
  return useMemo(() => windowOf(period), [key]);
}

/** An amount in minor units, in words of its currency (the alpha code where ISO 4217 has one). */
export const amountIn = (currency: string, minor: number) => {
  const c = currencyInfo(currency);
  return formatAmount(minor, c.exponent, c.alpha ?? currency);
};

export const currencyName = (numeric: string) => currencyInfo(numeric).alpha ?? numeric;

/** Only part of the order's amount was held or captured: the hold was cut, or a partial capture released the rest. */
export const inPart = (o: PeriodOrder): 'held' | 'charged' | undefined =>
  o.status === OrderStatus.HELD && o.held < o.amount ? 'held' : wasCaptured(o.status) && o.captured < o.amount ? 'charged' : undefined;

/** The figures of the line, each a part of its own. */
export const FIGURES = ['captured', 'refunded', 'net'] as const;

export type Figure = (typeof FIGURES)[number] | 'held';

export type Editing = { readonly kind: 'save' } | { readonly kind: 'rename' | 'delete'; readonly view: SavedView };
