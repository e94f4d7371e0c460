/**
 * The Orders list of one environment: the orders of a period from the offline copy, brought up to date
 * by the order sync, with the totals and the chart of what the filters show, their CSV, and the
 * reconciliation report of a period. Everything shown says when the copy was last brought up to date.
 *
 * One sync runs at a time per environment: a second caller (another window, the reconciliation) waits
 * for the running one and then runs its own, which finds most of its window already read.
 */
import { setTimeout } from 'node:timers/promises';
import type { AuditRepository } from '../store/audit.js';
import type { ChargeJournal } from '../store/journal.js';
import type { OperationJournal } from '../store/operations.js';
import { uncovered, type OrderSyncs, type Window } from '../store/orderSyncs.js';
import type { PageKeeper } from '../store/pageKeeper.js';
import type { PeriodOrders, PeriodPage, PeriodQuery } from '../store/periodOrders.js';
import { orderStandingOf } from '../domain/periodOrder.js';
import { phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { exportCsv } from './csvExport.js';
import { failureText } from './failureWords.js';
import { OrderSync, type LastOrdersSource, type SyncOptions, type SyncOutcome, type SyncProgress } from './orderSync.js';
import type { OrderListView, ReconciliationRun } from './periodViews.js';
import { reconcile } from './reconciliation.js';

export type { OrderListView, ReconciliationRun } from './periodViews.js';

/** At most this many rows in a CSV: a bigger one is a question for a narrower filter. */
export const MAX_EXPORT = 200_000;

/** How long a view waits for the index to load before it says how far the loading has got. */
const READY_WAIT_MS = 80;

/** An export refused: more orders match than one file takes. */
export class ExportTooLargeError extends SaidError {
  override name = 'ExportTooLargeError';
}

/**
 * The list's CSV: `amount` is what the order was registered for; held, captured and refunded are what
 * moved on it (domain/orderMoney.ts), the figures whose sums per currency the list's totals show.
 */
const CSV_COLUMNS = [
  'orderId',
  'orderNumber',
  'status',
  'amount',
  'held',
  'captured',
  'refunded',
  'currency',
  'registeredAt',
  'operatedAt',
  'card',
  'clientId',
  'description',
  'actionCode',
] as const;

export interface OrderListDeps {
  readonly environment: string;
  readonly orders: PeriodOrders;
  readonly syncs: OrderSyncs;
  readonly source: LastOrdersSource;
  readonly journal: ChargeJournal;
  readonly operations: OperationJournal;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
  /** Where sync pages are written; this thread unless given (the app gives its worker). */
  readonly keeper?: PageKeeper;
}

export class OrderList {
  private readonly sync: OrderSync;
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();
  private running?: AbortController;
  private readonly listeners = new Set<(p: SyncProgress) => void>();

  constructor(private readonly deps: OrderListDeps) {
    this.now = deps.now ?? Date.now;
    this.sync = new OrderSync({
      syncs: deps.syncs,
      environment: deps.environment,
      source: deps.source,
      now: this.now,
      ...(deps.keeper ? { keeper: deps.keeper } : {}),
    });
  }

  /** Brings the copy of the window up to date (after any sync already running). */
  syncPeriod(period: Window, options: Pick<SyncOptions, 'onProgress'> = {}): Promise<SyncOutcome> {
    const run = this.queue.then(async () => {
      const stop = new AbortController();
      this.running = stop;
      try {
        return await this.sync.sync(period, {
          signal: stop.signal,
          onProgress: (p) => {
            options.onProgress?.(p);
            for (const l of this.listeners) l(p);
          },
        });
      } finally {
        if (this.running === stop) this.running = undefined;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops the running sync, waits for it to end and shuts the page keeper down: the environment's services
   * are being replaced or the app is closing, and nothing may still write into the file after this.
   */
  async close(): Promise<void> {
    this.cancel();
    await this.queue;
    await this.deps.keeper?.close?.();
  }

  /**
   * Stops the running sync now: the requests of its pages in flight end in the transport, what was read is
   * kept, and a later sync of the same period goes on from there (a sync of another period does not).
   */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort();
    return true;
  }

  /** Every sync's progress, for the screen's bar. */
  onProgress(listener: (p: SyncProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What the list shows of a query. Until a large cache's index has loaded (in turns, just after start), a
   * short period (today's) is answered from its own orders, and any other says how far the loading has got,
   * at once: the screen asks again, and no call waits for the load.
   */
  async view(query: PeriodQuery, page: PeriodPage, utcOffsetMinutes: number): Promise<OrderListView> {
    const { environment, orders, syncs } = this.deps;
    const syncedAt = syncs.syncedAsOf(environment);
    const asOf = { ...(syncedAt !== undefined ? { syncedAt } : {}), syncing: this.running !== undefined };
    const firstLoad = !orders.isReady(environment);
    let found = firstLoad ? orders.interim(environment, query, page, utcOffsetMinutes) : undefined;
    if (!found) {
      // A loaded index only reads what was written since: the view waits for that, however much a sync wrote.
      const ready = orders.ready(environment);
      if (firstLoad) {
        // A load that fails is said by the call after it, which loads again.
        ready.catch(() => undefined);
        // A small cache loads in less time than a screen would notice: worth the wait, rather than a second call.
        const loaded = await Promise.race([ready.then(() => true), setTimeout(READY_WAIT_MS, false)]);
        if (!loaded) return { preparing: orders.preparing(environment), ...asOf };
      }
      await ready;
      found = orders.answer(environment, query, page, utcOffsetMinutes);
    }
    return { ...found, ...asOf, complete: query.dateOf !== 'operation' && this.complete(query) };
  }

  /** Whether the registration windows read whole cover the period up to when the copy was last synced. */
  private complete(period: Window): boolean {
    const { environment, syncs } = this.deps;
    const asOf = syncs.syncedAsOf(environment);
    if (asOf === undefined) return false;
    const wanted = { from: period.from, to: Math.min(period.to, asOf) };
    return wanted.from >= wanted.to || uncovered(wanted, syncs.covered(environment, 'registration')).length === 0;
  }

  /** Exactly the rows the filters show, in the order shown, formula-safe; refused past MAX_EXPORT rows. */
  async exportCsv(query: PeriodQuery, sort: PeriodPage['sort']): Promise<{ csv: string; rows: number }> {
    const { environment, orders } = this.deps;
    await orders.ready(environment);
    // One answer of the index for the whole export, so that a sync writing meanwhile cannot shift it.
    const found = orders.all(environment, query, sort ?? 'newest', MAX_EXPORT);
    if (found.total > MAX_EXPORT) throw new ExportTooLargeError(phrase('sync.tooManyToExport', { found: found.total, max: MAX_EXPORT }));
    const rows = found.orders.map((o) => ({
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      ...orderStandingOf(o),
      registeredAt: new Date(o.registeredAt).toISOString(),
      operatedAt: o.operatedAt !== undefined ? new Date(o.operatedAt).toISOString() : '',
      card: o.first6 && o.last4 ? `${o.first6}******${o.last4}` : '',
      clientId: o.clientId ?? '',
      description: o.description ?? '',
      actionCode: o.actionCode ?? '',
    }));
    return { csv: exportCsv(rows, CSV_COLUMNS), rows: rows.length };
  }

  /** Syncs the period, then compares the journal with it; audited, with the counts of each class. */
  async reconcile(period: Window, options: Pick<SyncOptions, 'onProgress'> = {}): Promise<ReconciliationRun> {
    const { environment, audit, osUser } = this.deps;
    const outcome = await this.syncPeriod(period, options);
    const failure = outcome.state === 'failed' ? failureText(outcome.error) : undefined;
    // The gateway's side is found in the list's index, loaded in slices rather than all at once here.
    await this.deps.orders.ready(environment);
    const reconciliation = await reconcile(this.deps, environment, period);
    const syncedAt = this.deps.syncs.syncedAsOf(environment);
    const unsynced = `the sync before it ended ${outcome.state}${failure ? ` (${failure.message})` : ''}; compared with the orders as of the last sync`;
    audit.record({
      at: this.now(),
      osUser,
      environment,
      action: 'reconciliation.run',
      outcome: outcome.state === 'done' ? 'success' : 'failure',
      objectType: 'period',
      objectId: `${new Date(period.from).toISOString()}/${new Date(period.to).toISOString()}`,
      detail:
        outcome.state === 'done'
          ? `matched ${reconciliation.totals.matched.count}, disagrees ${reconciliation.totals.disagrees.count}, not in journal ${reconciliation.totals.notInJournal.count}, open ${reconciliation.totals.open.count}`
          : unsynced,
      facts: {
        matched: reconciliation.totals.matched.count,
        disagrees: reconciliation.totals.disagrees.count,
        notInJournal: reconciliation.totals.notInJournal.count,
        open: reconciliation.totals.open.count,
        sync: outcome.state,
        ...(outcome.state === 'done' ? {} : { reason: unsynced }),
      },
    });
    return {
      reconciliation,
      sync: outcome.state,
      ...(syncedAt !== undefined ? { syncedAt } : {}),
      complete: this.complete(period),
      ...(failure ? { syncReason: failure.said, ...(failure.detail ? { syncDetail: failure.detail } : {}) } : {}),
    };
  }
}
