/**
 * getLastOrdersForMerchants.do: the orders of a period, newest first, a page at a time
 * (docs/gateway-facts.md, "Orders of a period"). Sandbox choices:
 * - `from` and `to` are read as UTC, like every other date the sandbox takes; `from` counts from its first
 *   millisecond and `to` to its last, so windows that meet at a second neither miss nor repeat an order.
 * - The window applies to the registration date with searchByCreatedDate=true, else to the last payment
 *   operation's date (lastOperationAt: payment, ACS reached, deposit, reversal, refund, expiry; an order
 *   never paid counts from its registration).
 * - Newest first by that date, ties broken by orderId, so pages are stable while nothing changes.
 * - `merchants` may name only the caller's own login: no sandbox merchant has children it may see, so
 *   any other login, known or not, is access denied (errorCode 5).
 * - Nothing found is errorCode 2 with totalCount 0 and an empty list; a page past the end of a window
 *   that has orders is errorCode 0 with an empty list.
 * - An order waiting at the ACS (status 5) is CREATED, as its paymentState says.
 */
import { SPECS } from '../../protocol/endpoints.js';
import type { PaymentState } from '../../protocol/requests/reports.js';
import { refuse } from '../errors.js';
import { expireAllDue } from '../engine/lifecycle.js';
import { message } from '../messages.js';
import type { OrderStatus } from '../state/model.js';
import { orderView, PAYMENT_STATE } from '../views.js';
import { endpoint } from './endpoint.js';

const DEFAULT_PAGE_SIZE = 100;

/** The statuses whose paymentState is among the states asked for. */
function statusesOf(states: readonly PaymentState[]): ReadonlySet<OrderStatus> {
  const wanted = new Set<string>(states);
  return new Set(
    (Object.entries(PAYMENT_STATE) as [string, PaymentState][]).filter(([, s]) => wanted.has(s)).map(([k]) => Number(k) as OrderStatus),
  );
}

export const lastOrdersEndpoint = endpoint(SPECS.getLastOrdersForMerchants, {
  handle: (ctx, p) => {
    const own = ctx.merchant.login;
    const foreign = p.merchants?.find((m) => m !== own);
    if (foreign !== undefined) refuse(5, 'merchantNotVisible', ctx.language, { merchant: foreign });
    // The list must show each order as it is now: expiry and the automatic dates are applied first.
    expireAllDue(ctx.core);

    const page = p.page ?? 0;
    const size = p.size ?? DEFAULT_PAGE_SIZE;
    const { totalCount, orders } = ctx.core.state.periodPage({
      merchant: own,
      date: p.searchByCreatedDate === true ? 'created' : 'lastOperation',
      from: p.from,
      to: p.to + 999,
      statuses: statusesOf(p.transactionStates),
      page,
      size,
    });
    const found = totalCount > 0;
    return {
      errorCode: found ? '0' : '2',
      errorMessage: message(found ? 'success' : 'noOrders', ctx.language),
      totalCount,
      page,
      pageSize: size,
      orderStatuses: orders.map((o) => orderView(o, ctx.language)),
    };
  },
});
