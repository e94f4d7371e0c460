/**
 * Order look-up for support: one box that takes an orderId or an orderNumber, a normalised view (status
 * in words and number, paid or not, amounts with their currency's exponent, masked card, 3-D Secure
 * result, dates, refunds, binding), a cache and history searchable offline, and batch look-up of thousands
 * of numbers through the client's limiter, with progress, cancel and CSV export.
 */
import type { GatewayClient } from '../gateway/client.js';
import { GatewayError, HttpError, NetworkError, OutcomeUnknownError, RateLimitedError } from '../gateway/errors.js';
import { orderIdOf, type OrderStatusView } from '../gateway/responses.js';
import type { ChargeJournal } from '../store/journal.js';
import { isUnreachable } from '../store/errors.js';
import type { OperationJournal } from '../store/operations.js';
import type { CacheEntry, OrderCache } from '../store/orderCache.js';
import { maskCardField, maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { exportCsv } from './csvExport.js';
import { failureText } from './failureWords.js';
import { currencyInfo, decimalText } from './money.js';
import { appEntries, gatewayEntries, mergeTimeline, storedEntry } from './orderTimeline.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { BatchProgress, HistoryEntry, LookupResult, OrderLookup, OrderView } from './views.js';
import { OrderStatus, isPaid } from '../domain/orderStatus.js';

export type { BatchProgress, HistoryEntry, LookupResult, OrderLookup, OrderView } from './views.js';

const STATUS_WORDS: Readonly<Record<number, Phrase>> = {
  0: phrase('order.status.registered'),
  1: phrase('order.status.held'),
  2: phrase('order.status.charged'),
  3: phrase('order.status.reversed'),
  4: phrase('order.status.refunded'),
  5: phrase('order.status.threeDs'),
  6: phrase('order.status.declined'),
  7: phrase('order.status.pending'),
  8: phrase('order.status.partlyCompleted'),
};

/** Status in words; any value the table does not know is shown with its number and counts as not paid. */
export function statusWords(status: number | undefined): Phrase {
  if (status === undefined) return phrase('order.status.unknown');
  return STATUS_WORDS[status] ?? phrase('order.status.other', { status });
}

/**
 * The header's words: where only part of a hold was charged, or part of a charge refunded, that and not
 * the bare status ("Charged" would overstate what was taken and kept).
 */
function headline(o: Omit<OrderView, 'headline' | 'timeline'>): Phrase {
  const status = statusWords(o.status);
  if (o.status !== OrderStatus.DEPOSITED) return status;
  const partlyCharged = o.depositedAmount > 0 && o.depositedAmount < o.approvedAmount;
  const partlyRefunded = o.refundedAmount > 0 && o.refundedAmount < o.depositedAmount;
  if (partlyCharged && partlyRefunded) return phrase('order.headline.partlyChargedRefunded');
  if (partlyRefunded) return phrase('order.headline.partlyRefunded');
  if (partlyCharged) return phrase('order.headline.partlyCharged');
  return status;
}

/**
 * The gateway's answer as a view, its timeline what that answer alone shows (OrderService adds the rest).
 * Whatever the gateway sent, the view holds no card number: the card as its first six and last four digits
 * (from `pan` too, when the answer has no `maskedPan`), and any card number in its texts (an orderNumber, a
 * description, the decline's words) masked. An orderNumber so masked is nobody's: the order is found by its orderId.
 */
export function orderView(v: OrderStatusView, orderId: string): OrderView {
  const facts = maskCardNumbersIn(gatewayFacts(v, orderId));
  const withHeadline = { ...facts, headline: headline(facts) };
  return { ...withHeadline, timeline: mergeTimeline([], gatewayEntries(withHeadline)) };
}

function gatewayFacts(v: OrderStatusView, orderId: string): Omit<OrderView, 'headline' | 'timeline'> {
  const info = currencyInfo(v.currency);
  const card = v.cardAuthInfo;
  const pan = card?.maskedPan ?? card?.pan;
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
            maskedPan: pan === undefined ? undefined : maskCardField(pan),
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

/**
 * A cached view as this version shows it: the status and header in words are made again from the facts
 * (a view cached before they were phrases holds English text), and a view cached before timelines gets
 * one from what it holds; a timeline's entries kept as English text are read as phrases (orderTimeline.ts).
 */
function upToDate(view: OrderView): OrderView {
  const facts = { ...view, statusWords: statusWords(view.status) };
  const withHeadline = { ...facts, headline: headline(facts) };
  const timeline = view.timeline as OrderView['timeline'] | undefined;
  return { ...withHeadline, timeline: timeline ? timeline.map(storedEntry) : mergeTimeline([], gatewayEntries(withHeadline)) };
}

/** Gateway orderIds are UUIDs; anything else can only be the merchant's orderNumber. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderServiceOptions {
  readonly environment: string;
  readonly client: GatewayClient;
  readonly cache: OrderCache<OrderView>;
  /** This app's own record of what it did to orders, for their timelines. */
  readonly charges: ChargeJournal;
  readonly operations: OperationJournal;
  readonly now?: () => number;
  /** Look-ups a batch keeps in flight; the client's limiter paces them further. */
  readonly batchConcurrency?: number;
}

export class OrderService {
  private readonly now: () => number;

  constructor(private readonly options: OrderServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Looks an order up by orderId or orderNumber (an orderId-shaped text that is not one is tried as a
   * number). When the gateway cannot be reached, an order cached by an earlier look-up is returned as
   * 'cached', with when it was fetched: never as 'found', which means the gateway's answer now. Recorded in
   * the look-up history, except an order on screen read `again` because another desk of the team changed it.
   */
  async lookup(query: string, options: { readonly again?: boolean } = {}): Promise<OrderLookup> {
    const text = query.trim();
    const { result, unreachable } = await this.attempt(text);
    if (options.again) return this.orCached(text, result, unreachable);
    // A card number pasted into the box by mistake is never kept whole.
    const kept = maskCardNumbers(text);
    this.options.cache.record(this.options.environment, {
      query: kept,
      queryMasked: kept !== text,
      outcome: result.kind === 'found' ? 'found' : result.kind === 'notFound' ? 'notFound' : 'failed',
      ...(result.kind === 'found' ? { orderId: result.order.orderId } : {}),
      at: this.now(),
    });
    return this.orCached(text, result, unreachable);
  }

  /** The gateway's answer; or, when it could not be reached, the order as cached before, marked as such. */
  private async orCached(text: string, result: LookupResult, unreachable: boolean): Promise<OrderLookup> {
    if (result.kind === 'failed' && unreachable) {
      const cached = this.options.cache.find(this.options.environment, text);
      if (cached) {
        const view = upToDate(cached.view);
        return {
          query: text,
          kind: 'cached',
          // What this app did since (an operation whose answer came after the last read) is in the timeline.
          order: await this.withHistory(view, view.timeline),
          fetchedAt: cached.fetchedAt,
          reason: result.reason,
          ...(result.detail ? { detail: result.detail } : {}),
        };
      }
    }
    return result;
  }

  /** The gateway's answer; unreachable when none came (HTTP error, network, timeout), as against a refusal. */
  private async attempt(
    text: string,
    signal?: AbortSignal,
    keep: (order: CacheEntry<OrderView>) => void = (order) => this.options.cache.put(this.options.environment, order, this.now()),
  ): Promise<{ result: LookupResult; unreachable: boolean }> {
    const result = (r: LookupResult, unreachable = false) => ({ result: r, unreachable });
    if (text === '' || text.length > 36) return result({ query: text, kind: 'failed', reason: [phrase('order.queryLength')] });
    const attempts: ({ orderId: string } | { orderNumber: string })[] = ORDER_ID.test(text)
      ? [{ orderId: text }, { orderNumber: text }]
      : [{ orderNumber: text }];
    for (const params of attempts) {
      try {
        const v = await this.options.client.getOrderStatusExtended(params, signal ? { signal } : undefined);
        const orderId = orderIdOf(v) ?? ('orderId' in params ? params.orderId : '');
        const order = await this.withHistory(orderView(v, orderId));
        keep({ orderId, orderNumber: order.orderNumber, maskedPan: order.card?.maskedPan, view: order });
        return result({ query: text, kind: 'found', order });
      } catch (err) {
        if (err instanceof GatewayError && err.errorCode === '6') continue;
        const unreachable =
          err instanceof HttpError || err instanceof NetworkError || err instanceof RateLimitedError || err instanceof OutcomeUnknownError;
        const words = failureText(err);
        return result({ query: text, kind: 'failed', reason: words.said, ...(words.detail ? { detail: words.detail } : {}) }, unreachable);
      }
    }
    return result({ query: text, kind: 'notFound' });
  }

  /**
   * The view with its whole timeline: this app's journals, and every entry earlier look-ups showed (read from
   * the cache unless the caller has that cached timeline already).
   */
  private async withHistory(order: OrderView, cachedTimeline?: OrderView['timeline']): Promise<OrderView> {
    const previous = cachedTimeline ?? this.cachedTimeline(order.orderId);
    const { environment, charges, operations } = this.options;
    const charge = order.orderNumber ? await unlessAway(charges.byOrderNumber(environment, order.orderNumber), undefined) : undefined;
    const own = appEntries(
      charge && (charge.orderId === undefined || charge.orderId === order.orderId) ? charge : undefined,
      await unlessAway(operations.forOrder(environment, order.orderId), []),
    );
    return { ...order, timeline: mergeTimeline(previous, [...order.timeline, ...own]) };
  }

  private cachedTimeline(orderId: string): OrderView['timeline'] {
    const cached = this.options.cache.get(this.options.environment, orderId);
    return cached ? upToDate(cached.view).timeline : [];
  }

  /**
   * The order as the gateway shows it now (after a refund, say), cached but not added to the look-up
   * history, which records what people searched for; when the gateway cannot be reached, the cached order
   * marked as such, as a look-up gives it.
   */
  async current(orderId: string): Promise<OrderLookup> {
    const { result, unreachable } = await this.attempt(orderId);
    return this.orCached(orderId, result, unreachable);
  }

  /** The cached order with this orderId, as last seen, without asking the gateway. */
  cachedOrder(orderId: string): OrderView | undefined {
    return this.options.cache.get(this.options.environment, orderId)?.view;
  }

  /** Cached orders matching a text, without asking the gateway. */
  searchOffline(text: string): OrderView[] {
    return this.options.cache.search(this.options.environment, text.trim()).map((c) => upToDate(c.view));
  }

  /** "Looked up before": each order once, newest first, each with the key a click looks up again. */
  history(limit?: number): HistoryEntry[] {
    return this.options.cache.history(this.options.environment, limit).map((h) => ({
      label: h.orderNumber ? maskCardNumbers(h.orderNumber) : h.query,
      outcome: h.outcome,
      at: h.at,
      ...(h.orderId ? { key: { orderId: h.orderId } } : h.queryMasked ? {} : { key: { query: h.query } }),
    }));
  }

  /**
   * Looks up many references, keeping a bounded number in flight (the client's limiter sets the pace),
   * reporting each result as it arrives (onResult, with the query's index) and progress, and stopping when
   * the signal aborts: what was not looked up is 'cancelled'.
   */
  async lookupMany(
    queries: readonly string[],
    options: {
      onProgress?: (p: BatchProgress) => void;
      onResult?: (index: number, r: LookupResult) => void;
      signal?: AbortSignal;
    } = {},
  ): Promise<LookupResult[]> {
    const results: LookupResult[] = new Array(queries.length);
    const counts = { total: queries.length, done: 0, found: 0, notFound: 0, failed: 0, cancelled: 0 };
    let next = 0;
    // Found orders are cached as in a single look-up, but in groups (FoundOrders); the history of look-ups is
    // what people searched for by hand: a batch of 100,000 would flood it, and a commit per row would slow the
    // batch down.
    const found = new FoundOrders(this.options.cache, this.options.environment, this.now);
    const keep = (order: CacheEntry<OrderView>) => found.add(order);
    const worker = async () => {
      while (next < queries.length && !options.signal?.aborted) {
        const i = next++;
        // A batch's Cancel ends the look-ups in flight in the transport; theirs are cancelled, not failed.
        const { result: r } = await this.attempt(queries[i]!.trim(), options.signal, keep);
        if (r.kind === 'failed' && options.signal?.aborted) break;
        results[i] = r;
        options.onResult?.(i, r);
        counts.done++;
        if (r.kind === 'found') counts.found++;
        else if (r.kind === 'notFound') counts.notFound++;
        else counts.failed++;
        options.onProgress?.({ ...counts });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.options.batchConcurrency ?? 32, queries.length) }, worker));
    } finally {
      // Finished, cancelled or broken: what was found is written before the batch ends (or its failure is thrown).
      found.close();
    }
    for (let i = 0; i < queries.length; i++) results[i] ??= { query: queries[i]!.trim(), kind: 'cancelled' };
    counts.cancelled = counts.total - counts.done;
    if (counts.cancelled > 0) options.onProgress?.({ ...counts });
    return results;
  }
}

/**
 * A batch's found orders on their way to the cache: written in one transaction per FLUSH_COUNT orders, or
 * FLUSH_MS after the first of a group, and at close(). A group that cannot be written stays for the next
 * write; the last one's failure is close()'s, so a batch whose finds were not all kept does not end quietly.
 * After close(), an order (a look-up whose answer came as the batch was cancelled or broke) is written at once,
 * as a single look-up's is: a failure to write it is that look-up's.
 */
class FoundOrders {
  static readonly FLUSH_COUNT = 200;
  static readonly FLUSH_MS = 100;
  private pending: (CacheEntry<OrderView> & { at: number })[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Why the last group could not be written. */
  private failure: unknown;

  constructor(
    private readonly cache: OrderCache<OrderView>,
    private readonly environment: string,
    private readonly now: () => number,
  ) {}

  add(order: CacheEntry<OrderView>): void {
    if (this.closed) return this.cache.put(this.environment, order, this.now());
    this.pending.push({ ...order, at: this.now() });
    if (this.pending.length >= FoundOrders.FLUSH_COUNT) this.flush();
    else
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, FoundOrders.FLUSH_MS).unref();
  }

  /** Writes what is pending; true when it was written (or nothing was pending). */
  private flush(): boolean {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return true;
    try {
      this.cache.putMany(this.environment, this.pending);
      this.pending = [];
      return true;
    } catch (err) {
      this.failure = err;
      return false;
    }
  }

  close(): void {
    this.closed = true;
    if (!this.flush()) throw this.failure;
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
      // The export is for machines: the English words, whatever the language shown.
      statusWords: o ? english(o.statusWords) : '',
      paid: o ? (o.paid ? 'yes' : 'no') : '',
      amount: o ? decimalText(o.amount, o.exponent) : '',
      refunded: o ? decimalText(o.refundedAmount, o.exponent) : '',
      currency: o ? (o.currencyAlpha ?? o.currency) : '',
      card: o?.card?.maskedPan ?? '',
      actionCode: o?.actionCode ?? '',
      reason: r.kind === 'failed' ? english(r.reason) : (o?.actionCodeDescription ?? ''),
      registeredAt: o?.registeredAt !== undefined ? new Date(o.registeredAt).toISOString() : '',
      detail: r.kind === 'failed' ? (r.detail ?? '') : '',
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
    'registeredAt',
    'detail',
  ]);
}

/**
 * What this app's journals say of an order, or `away` when they are in a team database that cannot be
 * reached: the order is the gateway's to tell, and a look-up keeps working while money actions wait.
 */
async function unlessAway<T>(read: Promise<T>, away: T): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (isUnreachable(err)) return away;
    throw err;
  }
}
