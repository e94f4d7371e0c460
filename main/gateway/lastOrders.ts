/**
 * Paging through getLastOrdersForMerchants.do: an async generator that asks for page 0, 1, 2, ... of a
 * period's orders and stops once it has seen totalCount orders, at an empty page, or after ceil(first
 * totalCount / size) + 1 pages, so that a gateway whose count is off, or grows on every page, cannot keep it
 * asking forever. Each page is an ordinary request of the client, so
 * it passes the client's limiter, retries and validation like any other; the next page is asked for only
 * when the caller wants it, so a consumer that stops early (break) costs no more requests.
 *
 * Pages are newest first. Orders that change while the pages are read can move between pages (an order
 * refunded meanwhile leaves a window by its last operation), so a caller that must see every order
 * reads a window that has closed (`to` in the past) and overlaps the next one.
 */
import type { z } from 'zod';
import type { SPECS } from '../protocol/endpoints.js';
import type { CallOptions, GatewayClient } from './client.js';
import type { OrderStatusView } from './responses.js';

/** The request without `page`, which the iterator sets. */
export type LastOrdersQuery = Omit<z.input<typeof SPECS.getLastOrdersForMerchants.request>, 'page'>;

export interface LastOrdersPage {
  /** The page number, from 0. */
  readonly page: number;
  /** Orders in the whole window, as the gateway counted them for this page. */
  readonly totalCount: number;
  readonly orders: readonly OrderStatusView[];
}

/** The gateway's default page size, when the query names none. */
const DEFAULT_SIZE = 100;

export async function* lastOrderPages(
  client: Pick<GatewayClient, 'getLastOrdersForMerchants'>,
  query: LastOrdersQuery,
  options?: CallOptions,
): AsyncGenerator<LastOrdersPage, void, undefined> {
  const asked = query.size === undefined ? DEFAULT_SIZE : Number(query.size);
  /** The last page the first count allows (one more for orders that entered the window meanwhile). */
  let lastAllowed = Infinity;
  for (let page = 0; ; page++) {
    const answer = await client.getLastOrdersForMerchants({ ...query, page }, options);
    const orders = answer.orderStatuses;
    yield { page, totalCount: answer.totalCount, orders };
    // Counted by the pages' size rather than by orders received: a short page ends the window either way.
    const size = answer.pageSize ?? asked;
    if (page === 0) lastAllowed = Math.ceil(answer.totalCount / size);
    const seen = page * size + orders.length;
    if (orders.length === 0 || seen >= answer.totalCount || page >= lastAllowed) return;
  }
}
