/**
 * Brings the offline copy of the orders of a period up to date from getLastOrdersForMerchants.do.
 *
 * - Resumable: every page is kept together with the sync's next page (store/orderSyncs.ts), so a sync cut
 *   short by a crash or a failure goes on from where it stopped the next time anything syncs. One the user
 *   cancelled goes on only when its period is asked for again (goesOnWith says which do).
 * - Bounded: the gateway decides how many pages there are, so what it may make a sync read is capped
 *   (MAX_WINDOW_ORDERS, lastPageAllowed, a page that brings nothing new); a sync stopped by a bound is never
 *   gone on with, and its window is read anew, bounded again, when it is asked for again.
 * - Incremental: a window already read whole is not read again; what changed since the last sync (a
 *   refund tomorrow of an order of last week) is read by the date of the last operation, from a little
 *   before the last sync's end (OVERLAP_MS), so an operation the gateway dated late is not missed.
 * - Paced: pages go through the gateway client, and so through its limiter; the next pages are asked for
 *   (READ_AHEAD) while the current one is read and written, so neither adds to the wall time.
 *
 * Pages are read newest first. A window's end is fixed when its sync begins (never later than now), so
 * no new order enters a registration window while it is read; an order operated again while an operation
 * window is read may leave it and shift a page, and is then read by the next sync of changes.
 */
import type { GatewayClient } from '../gateway/client.js';
import { formatDateTime14 } from '../protocol/fields.js';
import { PAYMENT_STATES } from '../protocol/requests/reports.js';
import type { PeriodOrder } from '../store/periodOrders.js';
import type { OrderSyncs, SyncDateOf, SyncRecord, Window } from '../store/orderSyncs.js';
import { inThreadKeeper, type PageKeeper } from '../store/pageKeeper.js';
import { uncovered } from '../store/orderSyncs.js';
import { phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { failureText } from './failureWords.js';
import { periodOrderOf } from './listedOrder.js';

/** How far before the last sync's end a sync of changes starts reading. */
export const OVERLAP_MS = 10 * 60_000;
/** The largest page the endpoint gives. */
export const PAGE_SIZE = 200;
/**
 * Pages read are kept once they hold this many orders, or this long after the last ones were kept. Each
 * write of random orderIds touches most pages of the table's unique index whatever its size, so larger
 * writes cost less an order (measured over 100,000 orders: 18 µs an order in writes of 2,000, 10 µs in
 * writes of 10,000). KEEP_MS bounds what a crash loses to what a quarter of a second read.
 */
export const KEEP_ROWS = 10000;
export const KEEP_MS = 250;
/**
 * Pages asked for at a time: while one answer is read and checked here, the gateway is already producing
 * the next. With one, the gateway waited for each answer to be read first, and a page took the sum of
 * both times instead of the larger (bench/order-sync.ts: up to 1.9 times the raw page loop with one; with
 * each answer read for the list's fields only, 1.27 with two and 1.04 with three).
 */
export const READ_AHEAD = 3;
/**
 * The most orders a window may hold for one sync to read it. The endpoint documents no ceiling on totalCount
 * (only a page size of 1 to 200), so this one is the app's: the Orders list is built and measured for a million
 * cached orders (an index in memory of about 220 MB per million, docs/architecture.md), and a gateway
 * counting more in one window, which a sync reads at about 1.4 KB an order on disk, is either broken or the
 * period is too long to read at once. A count above it stops the sync at its first page, nothing kept.
 */
export const MAX_WINDOW_ORDERS = 1_000_000;

/**
 * The last page (from 0) a sync may read of a window the gateway first counted `firstTotal` orders in: so
 * ceil(firstTotal / size) pages, and one more for orders that entered the window while it was read (a gateway
 * whose clock runs behind this one's). Past it, a gateway that still says there is more is not believed.
 */
export function lastPageAllowed(firstTotal: number, size: number): number {
  return Math.ceil(firstTotal / size);
}

/** A sync stopped by one of its bounds on what the gateway may send: in words, and never gone on with. */
export class SyncBoundError extends SaidError {
  override name = 'SyncBoundError';
}

/** Whether a sync's record says it was stopped by a bound (its words are one of sync.bound's). */
export function stoppedByBound(sync: SyncRecord): boolean {
  return sync.state === 'failed' && (sync.error?.[0]?.code.startsWith('sync.bound.') ?? false);
}

/**
 * Whether a sync of `asked` goes on with a sync left unfinished: one a crash left running or that failed (a
 * fault of the gateway or the network), always, as before; one the user cancelled (Cancel, leaving the
 * period, a switch of environment) only when `asked` holds its whole window, that is when that period is
 * asked for again, and never for the sync of another (a sync of changes is not gone on with: the next one
 * reads from the same point anyway); one stopped by a bound, never.
 */
export function goesOnWith(left: SyncRecord, asked: Window): boolean {
  switch (left.state) {
    case 'running':
      return true;
    case 'failed':
      return !stoppedByBound(left);
    case 'cancelled':
      return left.dateOf === 'registration' && asked.from <= left.from && left.to <= asked.to;
    default:
      return false;
  }
}

/** The last page of a window of `total` orders (at least `page`); only `page` while the total is unknown. */
function lastPageOf(total: number | undefined, size: number, page: number): number {
  return total === undefined ? page : Math.max(page, Math.ceil(total / size) - 1);
}

export interface LastOrdersRequest {
  readonly window: Window;
  readonly byRegistration: boolean;
  readonly page: number;
  readonly size: number;
}

export interface LastOrdersPage {
  /** How many orders the whole window holds. */
  readonly totalCount: number;
  readonly orders: readonly PeriodOrder[];
}

/** One page of the endpoint's answer, read through the gateway client. */
export type LastOrdersSource = (request: LastOrdersRequest, signal: AbortSignal) => Promise<LastOrdersPage>;

export interface SyncProgress {
  readonly dateOf: SyncDateOf;
  readonly window: Window;
  /** Orders read by this window's sync so far. */
  readonly fetched: number;
  /** Of them, those kept in the cache (what a crash would not lose). */
  readonly kept: number;
  readonly total?: number;
}

export type SyncOutcome =
  | { readonly state: 'done'; readonly fetched: number; readonly syncedAt: number }
  | { readonly state: 'cancelled'; readonly fetched: number }
  | { readonly state: 'failed'; readonly fetched: number; readonly error: unknown };

export interface SyncOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SyncProgress) => void;
}

/**
 * The endpoint through the gateway client (its limiter paces every page). The gateway's window is whole
 * seconds with both ends in it, so [from, to) is asked for as the seconds that hold it: a few orders
 * either side may come too, and are kept like the rest. Every state is asked for; the list filters.
 */
export function lastOrdersSource(client: Pick<GatewayClient, 'getLastOrdersListed'>): LastOrdersSource {
  return async (r, signal) => {
    const from = Math.floor(r.window.from / 1000) * 1000;
    const answer = await client.getLastOrdersListed(
      {
        from: formatDateTime14(from),
        to: formatDateTime14(Math.max(r.window.to - 1, from + 1000)),
        transactionStates: PAYMENT_STATES.join(','),
        page: r.page,
        size: r.size,
        searchByCreatedDate: r.byRegistration,
      },
      // The sync's Cancel ends the page's request where it is, in the transport.
      { signal },
    );
    const orders: PeriodOrder[] = [];
    for (const listed of answer.orderStatuses) {
      const row = periodOrderOf(listed);
      if (row) orders.push(row);
    }
    return { totalCount: answer.totalCount, orders };
  };
}

/** The stop of a gateway still counting more after the pages its first count allows. */
const pastCount = (firstTotal: number, page: number) =>
  new SyncBoundError(phrase('sync.bound.pastCount', { found: firstTotal, pages: page + 1 }));

/** The promise's value; if it takes longer than `ms`, `meanwhile` runs once first. */
async function firstOf<T>(promise: Promise<T>, ms: number, meanwhile: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(resolve, ms, 'slow')));
  try {
    if ((await Promise.race([promise, slow])) === 'slow') meanwhile();
  } finally {
    clearTimeout(timer);
  }
  return promise;
}

export interface OrderSyncDeps {
  readonly syncs: OrderSyncs;
  readonly environment: string;
  readonly source: LastOrdersSource;
  readonly now?: () => number;
  readonly pageSize?: number;
  /** OVERLAP_MS unless a test needs another. */
  readonly overlapMs?: number;
  /** Where pages are written: this thread unless the app gives its worker (store/pageKeeper.ts). */
  readonly keeper?: PageKeeper;
}

export class OrderSync {
  private readonly now: () => number;
  private readonly pageSize: number;
  private readonly overlapMs: number;
  private readonly keeper: PageKeeper;

  constructor(private readonly deps: OrderSyncDeps) {
    this.keeper = deps.keeper ?? inThreadKeeper(deps.syncs);
    this.now = deps.now ?? Date.now;
    this.pageSize = Math.min(Math.max(deps.pageSize ?? PAGE_SIZE, 1), PAGE_SIZE);
    this.overlapMs = deps.overlapMs ?? OVERLAP_MS;
  }

  /**
   * Makes the cache hold [from, to) as the gateway has it now: goes on with the syncs left unfinished that
   * goesOnWith allows, reads the parts of the window no earlier sync read whole, then what changed since the
   * last sync.
   */
  async sync(period: Window, options: SyncOptions = {}): Promise<SyncOutcome> {
    const signal = options.signal ?? new AbortController().signal;
    const { syncs, environment } = this.deps;
    let fetched = 0;
    const step = async (sync: SyncRecord): Promise<SyncOutcome | undefined> => {
      const end = await this.run(sync, signal, options.onProgress);
      fetched += end.sync.fetched - sync.fetched;
      if (end.sync.state === 'done') return undefined;
      if (end.sync.state === 'cancelled') return { state: 'cancelled', fetched };
      // A failure this run did not see itself (a sync failed before) is told by the words its record keeps.
      return { state: 'failed', fetched, error: end.error ?? new SaidError(end.sync.error ?? [phrase('sync.failed')]) };
    };

    const asked = { from: period.from, to: Math.min(period.to, this.now()) };
    for (const left of syncs.unfinished(environment)) {
      if (!goesOnWith(left, asked)) continue;
      const stop = await step(syncs.resume(left));
      if (stop) return stop;
    }
    const now = this.now();
    const wanted = { from: period.from, to: Math.min(period.to, now) };
    if (wanted.from < wanted.to) {
      // Read before the windows below are begun: a first sync has no changes to catch up on.
      const since = syncs.changesSince(environment);
      for (const part of uncovered(wanted, syncs.covered(environment, 'registration'))) {
        const stop = await step(syncs.begin(environment, 'registration', part, now));
        if (stop) return stop;
      }
      if (since !== undefined && since - this.overlapMs < now) {
        const stop = await step(syncs.begin(environment, 'operation', { from: since - this.overlapMs, to: now }, now));
        if (stop) return stop;
      }
    }
    return { state: 'done', fetched, syncedAt: syncs.syncedAsOf(environment) ?? now };
  }

  /**
   * Reads a sync's pages from its next one to the last, asking for the next READ_AHEAD pages while one
   * is handled. Pages are kept many at a time (KEEP_ROWS, KEEP_MS) by the page keeper, one write at a time
   * while the next pages are read. A crash loses at most the pages not yet kept, which the sync reads
   * again when it goes on.
   *
   * What the gateway may make it read is bounded: a count over MAX_WINDOW_ORDERS, a page longer than asked
   * for, a page past lastPageAllowed of the first count while the gateway still says there is more, and a page
   * before the last that brings no order not already read in this run (a gateway ignoring `page`) each stop
   * it with a SyncBoundError; the requests read ahead end with it.
   */
  private async run(
    start: SyncRecord,
    signal: AbortSignal,
    onProgress?: (p: SyncProgress) => void,
  ): Promise<{ sync: SyncRecord; error?: unknown }> {
    const { syncs, source } = this.deps;
    const keeper = this.keeper;
    const size = this.pageSize;
    // The run's own end: the caller's Cancel, or the run ending while pages read ahead are still in flight.
    const ended = new AbortController();
    const cancel = () => ended.abort();
    signal.addEventListener('abort', cancel, { once: true });
    const read = (page: number) =>
      source({ window: { from: start.from, to: start.to }, byRegistration: start.dateOf === 'registration', page, size }, ended.signal);
    let sync = start;
    /** Pages read and not handed to the keeper yet, from the first page not kept on. */
    let held: (readonly PeriodOrder[])[] = [];
    let heldRows = 0;
    let readRows = 0;
    let total = sync.total ?? 0;
    /** The gateway's first count of the window (a sync gone on with: the count its record kept), and the last page it allows. */
    let firstTotal = sync.total;
    let maxPage = firstTotal === undefined ? undefined : lastPageAllowed(firstTotal, size);
    /** The orders read by this run: a page with none new, before the last, is a gateway ignoring `page`. */
    const seen = new Set<string>();
    let keptAt = performance.now();
    /** The write running, if any; it clears itself when it ends, so that the next pages go as soon as the keeper is free. */
    let writing: Promise<void> | undefined;
    /** The first write that failed: the sync fails with it. */
    let failure: { error: unknown } | undefined;
    // Set by writes the loop does not see; a function, so that the checks below are not narrowed away.
    const failed = () => failure;
    /** Waits for the write running (not for one started meanwhile). */
    const settle = async () => {
      if (writing) await writing;
    };
    /** Hands the held pages to the keeper; with `wait`, or when too much is held, after the write running. */
    const keep = async (wait: boolean) => {
      if (writing && (wait || heldRows >= 2 * KEEP_ROWS)) await settle();
      if (failure || writing || held.length === 0) return;
      const write: Promise<void> = keeper
        .keep(sync, held, firstTotal ?? total, this.now())
        .then(
          (kept) => void (sync = kept),
          (error: unknown) => void (failure ??= { error }),
        )
        .finally(() => {
          if (writing === write) writing = undefined;
        });
      writing = write;
      held = [];
      heldRows = 0;
      keptAt = performance.now();
      if (wait) await settle();
    };
    const report = () =>
      onProgress?.({
        dateOf: sync.dateOf,
        window: { from: sync.from, to: sync.to },
        fetched: start.fetched + readRows,
        kept: sync.fetched,
        total,
      });
    try {
      if (signal.aborted) return { sync: syncs.finish(sync, 'cancelled', this.now()) };
      /** The page ahead[0] reads, and the last page the window holds as the last answer counted it. */
      let page = sync.nextPage;
      let lastPage = lastPageOf(sync.total, size, page);
      if (firstTotal !== undefined && maxPage !== undefined && page > maxPage) throw pastCount(firstTotal, page - 1);
      const ahead: Promise<LastOrdersPage>[] = [];
      /** Asks for the pages after those asked for, up to READ_AHEAD, the window's last page and the bound. */
      const askAhead = () => {
        const last = maxPage === undefined ? lastPage : Math.min(lastPage, maxPage);
        while (ahead.length < READ_AHEAD && page + ahead.length <= last && !ended.signal.aborted) {
          const reading = read(page + ahead.length);
          // Awaited by a later turn of the loop, or dropped with the sync if it ends first.
          reading.catch(() => undefined);
          ahead.push(reading);
        }
      };
      askAhead();
      for (;;) {
        // Pages held while the next one is slow to come are kept meanwhile: the wait costs nothing then.
        const answer = held.length === 0 ? await ahead[0]! : await firstOf(ahead[0]!, KEEP_MS, () => void keep(true).then(report));
        ahead.shift();
        if (failed()) throw failed()!.error;
        const { totalCount, orders } = answer;
        if (totalCount > MAX_WINDOW_ORDERS)
          throw new SyncBoundError(phrase('sync.bound.tooManyOrders', { found: totalCount, max: MAX_WINDOW_ORDERS }));
        if (orders.length > size) throw new SyncBoundError(phrase('sync.bound.pageTooLong', { found: orders.length, max: size }));
        firstTotal ??= totalCount;
        maxPage ??= lastPageAllowed(firstTotal, size);
        total = totalCount;
        let fresh = 0;
        for (const o of orders) {
          if (!seen.has(o.orderId)) {
            seen.add(o.orderId);
            fresh++;
          }
        }
        lastPage = orders.length === 0 ? page : lastPageOf(total, size, page);
        const more = page < lastPage;
        if (more && fresh === 0) throw new SyncBoundError(phrase('sync.bound.pageIgnored', { page }));
        if (more && page >= maxPage) throw pastCount(firstTotal, page);
        page++;
        // The next pages are asked for before this one is kept, so that the gateway is never idle for it.
        askAhead();
        held.push(orders);
        heldRows += orders.length;
        readRows += orders.length;
        const last = !more || signal.aborted;
        // In the window's last KEEP_ROWS orders, pages go to the keeper as soon as it is free: what is held
        // when the last page comes is then little, and the sync ends soon after it.
        const ending = (lastPage - page + 1) * size <= KEEP_ROWS && !writing;
        if (last || ending || heldRows >= KEEP_ROWS || performance.now() - keptAt >= KEEP_MS) await keep(last);
        if (failed()) throw failed()!.error;
        report();
        if (last) {
          // Nothing may be held or still being written when the record says how the sync ended: an idle
          // keep started meanwhile is waited for, and whatever it left held is kept after it.
          while (!failed() && (writing || held.length > 0)) await keep(true);
          if (failed()) throw failed()!.error;
          report();
          return { sync: syncs.finish(sync, more ? 'cancelled' : 'done', this.now()) };
        }
      }
    } catch (err) {
      // What was read before the failure is kept, so the next sync goes on after it; if keeping is what
      // failed, it is not tried again.
      if (!failed()) while (!failed() && (writing || held.length > 0)) await keep(true);
      await settle();
      if (signal.aborted) return { sync: syncs.finish(sync, 'cancelled', this.now()) };
      // The record keeps the words (card numbers masked); the caller gets the error itself.
      return { sync: syncs.finish(sync, 'failed', this.now(), failureText(err).said), error: err };
    } finally {
      // Pages still asked for end with the run: their requests are not left to the gateway's pace.
      ended.abort();
      signal.removeEventListener('abort', cancel);
    }
  }
}
