/**
 * Brings the offline copy of the orders of a period up to date from getLastOrdersForMerchants.do.
 *
 * - Resumable: every page is kept together with the sync's next page (store/orderSyncs.ts), so a sync cut
 *   short by a crash, a cancel or a failure goes on from where it stopped the next time anything syncs.
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
  return async (r) => {
    const from = Math.floor(r.window.from / 1000) * 1000;
    const answer = await client.getLastOrdersListed({
      from: formatDateTime14(from),
      to: formatDateTime14(Math.max(r.window.to - 1, from + 1000)),
      transactionStates: PAYMENT_STATES.join(','),
      page: r.page,
      size: r.size,
      searchByCreatedDate: r.byRegistration,
    });
    const orders: PeriodOrder[] = [];
    for (const listed of answer.orderStatuses) {
      const row = periodOrderOf(listed);
      if (row) orders.push(row);
    }
    return { totalCount: answer.totalCount, orders };
  };
}

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
   * Makes the cache hold [from, to) as the gateway has it now: goes on with any sync left unfinished, reads
   * the parts of the window no earlier sync read whole, then what changed since the last sync.
   */
  async sync(window: Window, options: SyncOptions = {}): Promise<SyncOutcome> {
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

    for (const left of syncs.unfinished(environment)) {
      const stop = await step(syncs.resume(left));
      if (stop) return stop;
    }
    const now = this.now();
    const wanted = { from: window.from, to: Math.min(window.to, now) };
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
   */
  private async run(
    start: SyncRecord,
    signal: AbortSignal,
    onProgress?: (p: SyncProgress) => void,
  ): Promise<{ sync: SyncRecord; error?: unknown }> {
    const { syncs, source } = this.deps;
    const keeper = this.keeper;
    const size = this.pageSize;
    const read = (page: number) =>
      source({ window: { from: start.from, to: start.to }, byRegistration: start.dateOf === 'registration', page, size }, signal);
    let sync = start;
    /** Pages read and not handed to the keeper yet, from the first page not kept on. */
    let held: (readonly PeriodOrder[])[] = [];
    let heldRows = 0;
    let readRows = 0;
    let total = sync.total ?? 0;
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
        .keep(sync, held, total, this.now())
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
      const ahead: Promise<LastOrdersPage>[] = [];
      /** Asks for the pages after those asked for, up to READ_AHEAD and the window's last page. */
      const askAhead = () => {
        while (ahead.length < READ_AHEAD && page + ahead.length <= lastPage && !signal.aborted) {
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
        total = answer.totalCount;
        lastPage = answer.orders.length === 0 ? page : lastPageOf(total, size, page);
        const more = page < lastPage;
        page++;
        // The next pages are asked for before this one is kept, so that the gateway is never idle for it.
        askAhead();
        held.push(answer.orders);
        heldRows += answer.orders.length;
        readRows += answer.orders.length;
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
    }
  }
}
