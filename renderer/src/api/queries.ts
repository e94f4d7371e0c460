/**
 * Everything the renderer shows from main goes through TanStack Query: these are the keys and the
 * queries shared by more than one screen. Events from main update the cache (batch progress) or mark
 * it stale (settings changed), so every screen follows without polling.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BatchProgress, BatchState, ChargeBatchStatus } from '../../../main/ipc/contract';
import { call, subscribe } from './client';

export const keys = {
  appInfo: ['app.info'] as const,
  settings: ['settings'] as const,
  history: ['orders.history'] as const,
  search: (text: string) => ['orders.search', text] as const,
  batchProgress: (batchId: string) => ['batch', batchId, 'progress'] as const,
  batchResults: (batchId: string) => ['batch', batchId, 'results'] as const,
  /** Everything read from the charge journal starts with this. */
  charges: ['charges'] as const,
  chargeOptions: ['charges', 'options'] as const,
  chargeBatchPlan: (batchId: string) => ['chargeBatch', batchId, 'plan'] as const,
  chargeBatchStatus: (batchId: string) => ['chargeBatch', batchId, 'status'] as const,
};

export interface BatchStatus {
  readonly state: BatchState;
  readonly progress: BatchProgress;
}

export const useAppInfo = () => useQuery({ queryKey: keys.appInfo, queryFn: () => call('app.info', {}) });
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => call('settings.get', {}) });

function onEvent(client: QueryClient) {
  return subscribe((event) => {
    if (event.type === 'batch.progress') {
      client.setQueryData<BatchStatus>(keys.batchProgress(event.batchId), { state: event.state, progress: event.progress });
      if (event.state !== 'running') void client.invalidateQueries({ queryKey: keys.batchResults(event.batchId) });
    } else if (event.type === 'chargeBatch.progress') {
      const key = keys.chargeBatchStatus(event.batchId);
      client.setQueryData<ChargeBatchStatus>(key, (s) => s && { ...s, state: event.state, progress: event.progress });
      // The rows come with the status: read them once the batch has stopped, or when it is paused.
      if (event.state !== 'running') void client.invalidateQueries({ queryKey: key });
    } else if (event.type === 'charges.changed') {
      void client.invalidateQueries({ queryKey: keys.charges });
    } else {
      // Environment, connection or credentials changed: whatever was read for the old one is stale.
      void client.invalidateQueries();
    }
  });
}

/** Subscribes to main's events for as long as the app is mounted. */
export function useMainEvents(): void {
  const client = useQueryClient();
  useEffect(() => onEvent(client), [client]);
}
