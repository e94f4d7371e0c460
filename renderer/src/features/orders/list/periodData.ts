/**
 * The list's data from main: pages of period.view (the offline copy, read by offset as the table
 * scrolls), and the sync that brings the copy of the period up to date when the period is opened.
 * Main's period.progress and period.synced events make every page read again (api/queries.ts), so
 * what the screen says about money follows the copy.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { PeriodSort } from '../../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../../api/client';
import { keys } from '../../../api/queries';
import { i18n } from '../../../i18n';
import { say } from '../../../i18n/say';
import type { PeriodQuery, PeriodWindow } from './period';

/** Rows per period.view call: a few screens of the table. */
export const PAGE_ROWS = 100;

/** The user's offset from UTC at a moment, for main's per-day chart (days begin at local midnight). */
export const utcOffsetAt = (ms: number): number => -new Date(ms).getTimezoneOffset();

/** One page of the list with the totals and chart of everything the query matches. */
export function usePeriodPage(query: PeriodQuery, sort: PeriodSort, page: number, enabled = true) {
  return useQuery({
    queryKey: keys.periodView(query, sort, page),
    queryFn: () =>
      call('period.view', {
        query,
        page: { sort, offset: page * PAGE_ROWS, limit: PAGE_ROWS },
        utcOffsetMinutes: utcOffsetAt(query.from),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
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
        void client.invalidateQueries({ queryKey: keys.periodViews });
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
        void client.invalidateQueries({ queryKey: keys.periodViews });
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

/** The latest period.progress main reported (pages read of the part being read), kept by api/queries.ts. */
export function useSyncProgress() {
  return useQuery<{ fetched: number; total?: number } | null>({
    queryKey: keys.periodProgress,
    queryFn: () => null,
    staleTime: Infinity,
  }).data;
}
