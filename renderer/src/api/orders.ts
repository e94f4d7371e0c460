/**
 * Orders as main's copy of looked-up orders answers them: the history of look-ups and the search of cached
 * orders, both read under orderKeys.cached. A look-up, an operation on an order and a batch look-up all
 * change that copy, and each marks every view of it stale (a search typed again after a refund no longer
 * shows the order as it was before). The charge journal reads what a charge stands at from the same copy,
 * so its views are marked stale too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OrderLookup } from '../../../main/ipc/contract';
import { chargeKeys } from './charges';
import { call, subscribe } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const orderKeys = {
  /** Every view of main's copy of looked-up orders starts with this. */
  cached: ['orders', 'cached'] as const,
  history: ['orders', 'cached', 'history'] as const,
  search: (text: string) => ['orders', 'cached', 'search', text] as const,
};

/** Marks every view of the looked-up orders stale, and the charges' standing read from them. */
export function useOrdersStale(): () => void {
  const queries = useQueryClient();
  return () => {
    void queries.invalidateQueries({ queryKey: orderKeys.cached });
    void queries.invalidateQueries({ queryKey: chargeKeys.all });
  };
}

/** The latest look-ups, newest first. */
export const useLookupHistory = () => useQuery({ queryKey: orderKeys.history, queryFn: () => call('orders.history', { limit: 50 }) });

/** Cached orders matching a text; nothing is asked for an empty one. */
export const useCachedOrders = (text: string) =>
  useQuery({ queryKey: orderKeys.search(text), queryFn: () => call('orders.search', { text }), enabled: text !== '' });

/** Looks an order up by orderId or orderNumber: the search box and the history list. */
export function useOrderLookup(screen?: ScreenHandlers<OrderLookup, string>) {
  const stale = useOrdersStale();
  return useEntityMutation((query: string) => call('orders.lookup', { query }), { onSuccess: stale }, screen);
}

/**
 * The order on screen as the gateway has it now, read again whenever a desk of the team charged or operated
 * on it (main's orders.changed; after the team database came back, on any order): one read at a time, and one
 * more if another change came during it. Only an order found (live or cached) replaces the one shown: a read
 * that failed leaves the view as it was. Not a look-up of the person's, so not in the look-up history.
 */
export function useOrderKeptCurrent(orderId: string | undefined, show: (orderId: string, lookup: OrderLookup) => void): void {
  const shown = useRef(show);
  shown.current = show;
  useEffect(() => {
    if (orderId === undefined) return;
    let reading = false;
    let again = false;
    const read = async () => {
      reading = true;
      do {
        again = false;
        const lookup = await call('orders.lookup', { query: orderId, again: true }).catch(() => undefined);
        if (lookup && (lookup.kind === 'found' || lookup.kind === 'cached')) shown.current(orderId, lookup);
      } while (again);
      reading = false;
    };
    return subscribe((event) => {
      if (event.type !== 'orders.changed' || (event.orders && !event.orders.some((o) => o.orderId === orderId))) return;
      if (reading) again = true;
      else void read();
    });
  }, [orderId]);
}
