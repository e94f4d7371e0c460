/**
 * The channels of the orders of a period: the list's view, its sync (progress and end pushed as events
 * to every window, so two tabs show the same), its CSV, and the reconciliation report with its CSV.
 */
import { randomBytes } from 'node:crypto';
import { holdsCardNumber } from '../../domain/cardNumbers.js';
import { failureText } from '../../services/failureWords.js';
import type { SyncProgress } from '../../services/orderSync.js';
import { reconciliationCsv } from '../../services/reconciliation.js';
import type { periodChannels, ReconciliationRun, SyncResult } from '../contract.js';
import { phrase } from '../../phrases/phrase.js';
import { ExportTooLargeError } from '../../services/orderList.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { savedViewHandlers } from './savedViews.js';

/** Reports kept for their CSV: the last few, per launch (a report is re-run, not stored). */
const KEPT_RUNS = 20;

/** A report's id: never one the masker would change on its way to the renderer (a run of hex digits passing Luhn). */
function reportId(): string {
  for (;;) {
    const id = `r${randomBytes(8).toString('hex')}`;
    if (!holdsCardNumber(id)) return id;
  }
}

export function periodHandlers(context: HandlerContext): HandlersOf<typeof periodChannels> {
  const { core, events } = context;
  const runs = new Map<string, { readonly environment: string; readonly run: ReconciliationRun }>();
  const list = () => core.services.list;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  /** A sync's pages as events to every window, naming the environment they belong to. */
  const progressTo =
    (environment: string) =>
    (p: SyncProgress): void =>
      events.publish({ type: 'period.progress', environment, fetched: p.fetched, ...(p.total !== undefined ? { total: p.total } : {}) });

  return {
    ...savedViewHandlers(context),
    'period.view': ({ query, page, utcOffsetMinutes }) => list().view(query, page ?? {}, utcOffsetMinutes),
    'period.sync': async (window): Promise<SyncResult> => {
      const environment = core.services.environment;
      const outcome = await list().syncPeriod(window, { onProgress: progressTo(environment) });
      events.publish({ type: 'period.synced', environment, state: outcome.state });
      if (outcome.state === 'failed') {
        const words = failureText(outcome.error);
        return { state: 'failed', fetched: outcome.fetched, reason: words.said, ...(words.detail ? { detail: words.detail } : {}) };
      }
      return { state: outcome.state, fetched: outcome.fetched, ...(outcome.state === 'done' ? { syncedAt: outcome.syncedAt } : {}) };
    },
    'period.cancel': () => ({ cancelled: list().cancel() }),
    'period.export': async ({ query, sort }) => {
      try {
        const { csv } = await list().exportCsv(query, sort);
        return { fileName: `orders-${day(query.from)}-${day(query.to - 1)}.csv`, mimeType: 'text/csv' as const, content: csv };
      } catch (err) {
        if (err instanceof ExportTooLargeError) throw new IpcFailure('invalidInput', err.said);
        throw err;
      }
    },
    'period.reconcile': async (window) => {
      const environment = core.services.environment;
      const run = await list().reconcile(window, { onProgress: progressTo(environment) });
      events.publish({ type: 'period.synced', environment, state: run.sync });
      const runId = reportId();
      runs.set(runId, { environment, run });
      if (runs.size > KEPT_RUNS) runs.delete(runs.keys().next().value!);
      return { ...run, runId };
    },
    'period.reconciliation.export': ({ runId }) => {
      const kept = runs.get(runId);
      if (!kept) throw new IpcFailure('notFound', phrase('reconciliation.notKept'));
      const { period } = kept.run.reconciliation;
      return {
        fileName: `reconciliation-${kept.environment}-${day(period.from)}-${day(period.to - 1)}.csv`,
        mimeType: 'text/csv' as const,
        content: reconciliationCsv(kept.run.reconciliation),
      };
    },
  };
}
