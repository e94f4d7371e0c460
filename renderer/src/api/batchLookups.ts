/**
 * A batch look-up: its start (the lines read and what was skipped, kept from main's answer since nothing
 * reads it again) and its rows, followed while it runs. Main's batch.progress events update the progress
 * and ask for the rows that arrived (events.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchProgress, BatchRow, BatchStarted, BatchState, Result } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const batchLookupKeys = {
  started: (batchId: string) => ['batch', batchId, 'started'] as const,
  results: (batchId: string) => ['batch', batchId, 'results'] as const,
};

export interface BatchStatus {
  readonly state: BatchState;
  readonly progress: BatchProgress;
}

/** A batch look-up as the screen holds it: its state and every row that has arrived, in arrival order. */
export interface BatchTable extends BatchStatus {
  readonly rows: readonly BatchRow[];
}

/**
 * A batch look-up, followed while it runs: each read asks main only for the rows that arrived since the
 * last one (so 10,000 rows cross once, not once per read). Main's progress events trigger the reads;
 * polling while running covers a dropped event stream.
 */
export function useBatch(batchId: string) {
  const client = useQueryClient();
  const key = batchLookupKeys.results(batchId);
  return useQuery<BatchTable>({
    queryKey: key,
    queryFn: async () => {
      const held = client.getQueryData<BatchTable>(key)?.rows ?? [];
      const r = await call('orders.batch.results', { batchId, from: held.length });
      return { state: r.state, progress: r.progress, rows: held.length === 0 ? r.rows : [...held, ...r.rows] };
    },
    // The rows only ever grow; comparing 10,000 of them on every read would cost more than it saves.
    structuralSharing: false,
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 2000 : false),
  });
}

/** How the batch started (its lines, what was skipped), as main answered the start or the retry. */
export const useBatchStarted = (batchId: string) => useQueryClient().getQueryData<BatchStarted>(batchLookupKeys.started(batchId));

/** Starts a batch from the numbers pasted or read from a file. */
export function useBatchStart(screen?: ScreenHandlers<BatchStarted, string>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (text: string) => call('orders.batch.start', { text }),
    { onSuccess: (started) => void queries.setQueryData(batchLookupKeys.started(started.batchId), started) },
    screen,
  );
}

export const useBatchCancel = (batchId: string, screen?: ScreenHandlers<Result<'orders.batch.cancel'>, void>) =>
  useEntityMutation(() => call('orders.batch.cancel', { batchId }), {}, screen);

/** Looks up again what failed or was cancelled, as a new batch with the lines and skipped rows of this one. */
export function useBatchRetry(batchId: string, screen?: ScreenHandlers<Result<'orders.batch.retry'>, void>) {
  const queries = useQueryClient();
  return useEntityMutation(
    () => call('orders.batch.retry', { batchId }),
    {
      onSuccess: (r) => {
        const started = queries.getQueryData<BatchStarted>(batchLookupKeys.started(batchId));
        if (started) queries.setQueryData<BatchStarted>(batchLookupKeys.started(r.batchId), { ...started, batchId: r.batchId });
      },
    },
    screen,
  );
}
