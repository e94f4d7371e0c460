/**
 * The orders of a period from main's copy: pages of period.view (read by offset as the Orders list's table
 * scrolls), the sync that brings the copy of a period up to date, how far a sync has got, and the list's
 * saved views. Main's period.progress and period.synced events make every page read again (events.ts), so
 * what a screen says about money follows the copy.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Input, PeriodSort, SavedViews } from '../../../main/ipc/contract';
import type { PeriodWindow } from '../../../main/domain/period';
import { i18n } from '../i18n';
import { say } from '../i18n/say';
import { call, errorDetail, errorText } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

type PeriodQuery = Input<'period.view'>['query'];

export const periodKeys = {
  /** Every page of every query of the copy starts with this. */
  views: ['period.view'] as const,
  view: (query: PeriodQuery, sort: PeriodSort, page: number) => ['period.view', query, sort, page] as const,
  /** The latest progress of a sync, as main's period.progress event said it (null once it has ended). */
  progress: ['period.progress'] as const,
  saved: ['period.views.list'] as const,
};

/** Rows per period.view call: a few screens of the table. */
export const PAGE_ROWS = 100;

/** The user's offset from UTC at a moment, for main's per-day chart (days begin at local midnight). */
const utcOffsetAt = (ms: number): number => -new Date(ms).getTimezoneOffset();

/** How often the list asks again while main says its copy's index is still being read (each call slows the read a little). */
const PREPARING_POLL_MS = 1000;

/**
 * One page of the orders a query matches, with the totals and chart of all of them (`listed`), or how far
 * main has read a large copy's index just after start (`preparing`): nothing is counted until it has, and
 * the page is asked for again meanwhile.
 */
export function usePeriodPage(query: PeriodQuery, sort: PeriodSort, page: number, enabled = true) {
  const result = useQuery({
    queryKey: periodKeys.view(query, sort, page),
    queryFn: () =>
      call('period.view', {
        query,
        page: { sort, offset: page * PAGE_ROWS, limit: PAGE_ROWS },
        utcOffsetMinutes: utcOffsetAt(query.from),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.preparing ? PREPARING_POLL_MS : false),
    enabled,
  });
  const view = result.data;
  return { ...result, listed: view && !view.preparing ? view : undefined, preparing: view?.preparing };
}

/** Where the sync of the period on screen stands. */
export type SyncState =
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly at: number | undefined }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly reason: string; readonly detail?: string };

/**
 * Syncs the window when it is opened (and again on "Sync now"); a sync still running for a window the
 * user has left is cancelled, since what it reads is kept and the next sync of that window goes on from there.
 */
export function usePeriodSync(period: PeriodWindow) {
  const [state, setState] = useState<SyncState>({ kind: 'running' });
  const [attempt, setAttempt] = useState(0);
  const { from, to } = period;
  const client = useQueryClient();

  useEffect(() => {
    let current = true;
    let running = true;
    setState({ kind: 'running' });
    call('period.sync', { from, to }).then(
      (r) => {
        running = false;
        // The list read again once its sync has ended, even where main's period.synced event was missed
        // (sent before this window subscribed): otherwise the view read during the sync, "syncing", stays.
        void client.invalidateQueries({ queryKey: periodKeys.views });
        if (!current) return;
        if (r.state === 'done') setState({ kind: 'done', at: r.syncedAt });
        else if (r.state === 'cancelled') setState({ kind: 'cancelled' });
        else
          setState({
            kind: 'failed',
            reason: r.reason ? say(i18n, r.reason) : i18n.t('list:sync.failed'),
            ...(r.detail ? { detail: r.detail } : {}),
          });
      },
      (err: unknown) => {
        running = false;
        void client.invalidateQueries({ queryKey: periodKeys.views });
        const detail = errorDetail(err);
        if (current) setState({ kind: 'failed', reason: errorText(err), ...(detail ? { detail } : {}) });
      },
    );
    return () => {
      current = false;
      if (running) void call('period.cancel', {}).catch(() => undefined);
    };
  }, [from, to, attempt, client]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const cancel = useCallback(() => void call('period.cancel', {}).catch(() => undefined), []);
  return { state, retry, cancel };
}

/** Stops the sync under way; what it read is kept. */
export const usePeriodSyncStop = (screen?: ScreenHandlers<unknown, void>) => useEntityMutation(() => call('period.cancel', {}), {}, screen);

/** The latest period.progress main reported (pages read of the part being read), kept by events.ts. */
export function useSyncProgress() {
  return useQuery<{ fetched: number; total?: number } | null>({
    queryKey: periodKeys.progress,
    queryFn: () => null,
    staleTime: Infinity,
  }).data;
}

/** The list's saved views, for this environment and person. */
export const useSavedViews = () => useQuery({ queryKey: periodKeys.saved, queryFn: () => call('period.views.list', {}) });

/** A view saved, renamed or deleted: main's answer (the views as they are now) put where the menu reads them. */
export function useSavedViewsChange<I>(run: (input: I) => Promise<SavedViews>, screen?: ScreenHandlers<SavedViews, I>) {
  const queries = useQueryClient();
  return useEntityMutation(run, { onSuccess: (views) => void queries.setQueryData(periodKeys.saved, views) }, screen);
}
