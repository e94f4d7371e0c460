/**
 * Order look-up for support: one box that takes an orderId or an orderNumber, a normalised view (status
 * in words and number, paid or not, amounts with their currency's exponent, masked card, 3-D Secure
 * result, dates, refunds, binding), a cache and history searchable offline, and batch look-up of thousands
 * of numbers through the client's limiter, with progress, cancel and CSV export.
 */
import type { GatewayClient } from '../gateway/client.js';
import { isPaid } from '../gateway/decisions.js';
import { GatewayError } from '../gateway/errors.js';
import { orderIdOf, type OrderStatusView } from '../gateway/responses.js';
import type { OrderCache } from '../store/orderCache.js';
import { maskCardNumbers } from './cardNumbers.js';
import { exportCsv } from './csvExport.js';
import { failureText } from './failureWords.js';
import { currencyInfo, decimalText } from './money.js';
import type { BatchProgress, LookupResult, OrderView } from './views.js';

export type { BatchProgress, LookupResult, OrderView } from './views.js';

const STATUS_WORDS: Readonly<Record<number, string>> = {
  0: 'Registered, not paid',
  1: 'Amount held',
  2: 'Charged',
  3: 'Reversed',
  4: 'Refunded',
  5: '3-D Secure authentication in progress',
  6: 'Declined',
  7: 'Payment pending',
  8: 'Partly completed',
};

/** Status in words; any value the table does not know is shown with its number and counts as not paid. */
export function statusWords(status: number | undefined): string {
  if (status === undefined) return 'Unknown';
  return STATUS_WORDS[status] ?? `Unknown status ${status}`;
}

export function orderView(v: OrderStatusView, orderId: string): OrderView {
  const info = currencyInfo(v.currency);
  const card = v.cardAuthInfo;
  return {
    orderId,
    orderNumber: v.orderNumber ?? '',
    ...(v.orderStatus !== undefined ? { status: v.orderStatus } : {}),
    statusWords: statusWords(v.orderStatus),
    paid: isPaid(v.orderStatus),
    amount: v.amount ?? 0,
    approvedAmount: v.paymentAmountInfo?.approvedAmount ?? 0,
    depositedAmount: v.paymentAmountInfo?.depositedAmount ?? 0,
    refundedAmount: v.paymentAmountInfo?.refundedAmount ?? 0,
    currency: info.numeric,
    ...(info.alpha ? { currencyAlpha: info.alpha } : {}),
    exponent: info.exponent,
    ...(v.actionCode !== undefined ? { actionCode: v.actionCode } : {}),
    ...(v.actionCodeDescription ? { actionCodeDescription: v.actionCodeDescription } : {}),
    ...(v.orderDescription ? { description: v.orderDescription } : {}),
    ...(card
      ? {
          card: {
            maskedPan: card.maskedPan ?? card.pan,
            expiry: card.expiration,
            cardholderName: card.cardholderName,
            paymentSystem: card.paymentSystem,
          },
        }
      : {}),
    ...(card?.secureAuthInfo ? { threeDS: { eci: card.secureAuthInfo.eci, version: card.secureAuthInfo.threeDSProtocolVersion } } : {}),
    ...(v.bindingInfo ? { binding: { clientId: v.bindingInfo.clientId, bindingId: v.bindingInfo.bindingId } } : {}),
    ...(v.date !== undefined ? { registeredAt: v.date } : {}),
    ...(v.authDateTime !== undefined ? { authorisedAt: v.authDateTime } : {}),
    refunds: (v.refunds ?? []).map((r) => ({ at: r.date, amount: r.amount, referenceNumber: r.referenceNumber })),
    ...(v.paymentWay ? { paymentWay: v.paymentWay } : {}),
  };
}

/** Gateway orderIds are UUIDs; anything else can only be the merchant's orderNumber. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderServiceOptions {
  readonly environment: string;
  readonly client: GatewayClient;
  readonly cache: OrderCache<OrderView>;
  readonly now?: () => number;
  /** Look-ups a batch keeps in flight; the client's limiter paces them further. */
  readonly batchConcurrency?: number;
}

export class OrderService {
  private readonly now: () => number;

  constructor(private readonly o: OrderServiceOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Looks an order up by orderId or orderNumber (an orderId-shaped text that is not one is tried as a number). */
  async lookup(query: string): Promise<LookupResult> {
    const text = query.trim();
    const result = await this.find(text);
    this.o.cache.record(this.o.environment, {
      // A card number pasted into the box by mistake is never kept whole.
      query: maskCardNumbers(text),
      outcome: result.kind === 'found' ? 'found' : result.kind === 'notFound' ? 'notFound' : 'failed',
      ...(result.kind === 'found' ? { orderId: result.order.orderId } : {}),
      at: this.now(),
    });
    return result;
  }

  private async find(text: string): Promise<LookupResult> {
    if (text === '' || text.length > 36) return { query: text, kind: 'failed', reason: 'An orderId or orderNumber has 1 to 36 characters' };
    const attempts: ({ orderId: string } | { orderNumber: string })[] = ORDER_ID.test(text)
      ? [{ orderId: text }, { orderNumber: text }]
      : [{ orderNumber: text }];
    for (const params of attempts) {
      try {
        const v = await this.o.client.getOrderStatusExtended(params);
        const orderId = orderIdOf(v) ?? ('orderId' in params ? params.orderId : '');
        const order = orderView(v, orderId);
        this.o.cache.put(
          this.o.environment,
          { orderId, orderNumber: order.orderNumber, maskedPan: order.card?.maskedPan, view: order },
          this.now(),
        );
        return { query: text, kind: 'found', order };
      } catch (err) {
        if (err instanceof GatewayError && err.errorCode === '6') continue;
        const words = failureText(err);
        return { query: text, kind: 'failed', reason: words.message, ...(words.detail ? { detail: words.detail } : {}) };
      }
    }
    return { query: text, kind: 'notFound' };
  }

  /**
   * The order as the gateway shows it now (after a refund, say), cached but not added to the look-up
   * history, which records what people searched for. Undefined when it cannot be read.
   */
  async current(orderId: string): Promise<OrderView | undefined> {
    const result = await this.find(orderId);
    return result.kind === 'found' ? result.order : undefined;
  }

  /** Cached orders matching a text, without asking the gateway. */
  searchOffline(text: string): OrderView[] {
    return this.o.cache.search(this.o.environment, text.trim()).map((c) => c.view);
  }

  history(limit?: number) {
    return this.o.cache.history(this.o.environment, limit);
  }

  /**
   * Looks up many references, keeping a bounded number in flight (the client's limiter sets the pace),
   * reporting progress, and stopping when the signal aborts: what was not looked up is 'cancelled'.
   */
  async lookupMany(
    queries: readonly string[],
    options: { onProgress?: (p: BatchProgress) => void; signal?: AbortSignal } = {},
  ): Promise<LookupResult[]> {
    const results: LookupResult[] = new Array(queries.length);
    const counts = { total: queries.length, done: 0, found: 0, notFound: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < queries.length && !options.signal?.aborted) {
        const i = next++;
        // Found orders are cached as in a single look-up, but the history of look-ups is what people searched
        // for by hand: a batch of 100,000 would flood it, and a commit per row would slow the batch down.
        const r = await this.find(queries[i]!.trim());
        results[i] = r;
        counts.done++;
        if (r.kind === 'found') counts.found++;
        else if (r.kind === 'notFound') counts.notFound++;
        else counts.failed++;
        options.onProgress?.({ ...counts });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.batchConcurrency ?? 32, queries.length) }, worker));
    for (let i = 0; i < queries.length; i++) results[i] ??= { query: queries[i]!.trim(), kind: 'cancelled' };
    return results;
  }
}

/** Batch results as CSV, amounts in major units written exactly for their currency. */
export function resultsCsv(results: readonly LookupResult[]): string {
  const rows = results.map((r) => {
    const o = r.kind === 'found' ? r.order : undefined;
    return {
      query: r.query,
      result: r.kind,
      orderId: o?.orderId ?? '',
      orderNumber: o?.orderNumber ?? '',
      status: o?.status ?? '',
      statusWords: o?.statusWords ?? '',
      paid: o ? (o.paid ? 'yes' : 'no') : '',
      amount: o ? decimalText(o.amount, o.exponent) : '',
      refunded: o ? decimalText(o.refundedAmount, o.exponent) : '',
      currency: o ? (o.currencyAlpha ?? o.currency) : '',
      card: o?.card?.maskedPan ?? '',
      actionCode: o?.actionCode ?? '',
      reason: r.kind === 'failed' ? r.reason : (o?.actionCodeDescription ?? ''),
    };
  });
  return exportCsv(rows, [
    'query',
    'result',
    'orderId',
    'orderNumber',
    'status',
    'statusWords',
    'paid',
    'amount',
    'refunded',
    'currency',
    'card',
    'actionCode',
    'reason',
  ]);
}
