/**
 * Everything the renderer shows from main goes through TanStack Query: these are the keys and the
 * queries shared by more than one screen. Events from main update the cache (batch progress) or mark
 * it stale (settings changed), so every screen follows without polling.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BatchProgress, BatchRow, BatchState, ChargeBatchStatus } from '../../../main/ipc/contract';
import { call, subscribe } from './client';

export const keys = {
  appInfo: ['app.info'] as const,
  /** The role profile: what every other read depends on being allowed. */
  roles: ['roles'] as const,
  settings: ['settings'] as const,
  history: ['orders.history'] as const,
  search: (text: string) => ['orders.search', text] as const,
  batchResults: (batchId: string) => ['batch', batchId, 'results'] as const,
  /** Everything read from the charge journal starts with this. */
  charges: ['charges'] as const,
  chargeOptions: ['charges', 'options'] as const,
  chargeBatchPlan: (batchId: string) => ['chargeBatch', batchId, 'plan'] as const,
  chargeBatchStatus: (batchId: string) => ['chargeBatch', batchId, 'status'] as const,
  /** Every page of the orders of a period starts with this. */
  periodViews: ['period.view'] as const,
  periodView: (query: object, sort: string, page: number) => ['period.view', query, sort, page] as const,
  periodProgress: ['period.progress'] as const,
  /** How money on an order would go back now (reversed or refunded). */
  refundPlan: (orderId: string) => ['orders.refundPlan', orderId] as const,
  chargeJournal: (filter: object) => ['charges', 'journal', filter] as const,
  chargeRow: (id: number | undefined) => ['charges', 'row', id] as const,
  /** Charges whose outcome is unknown, for the workspace's banner. */
  chargesOpen: ['charges', 'open'] as const,
  /** Everything read from the audit log starts with this: every change the app makes is audited, so a mutation invalidates it. */
  audit: ['audit'] as const,
  auditEntries: (filter: object) => ['audit', filter] as const,
  customers: ['customers'] as const,
  customerSearch: (environment: string | undefined, search: string | undefined) => ['customers', environment, search] as const,
  customer: (clientId: string) => ['customers', 'detail', clientId] as const,
  savedViews: ['period.views.list'] as const,
  reconciliationReport: ['reconciliation', 'report'] as const,
  chargeLimits: (environment: string) => ['settings', 'chargeLimits', environment] as const,
  signingKeys: ['keys'] as const,
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
  const key = keys.batchResults(batchId);
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

export const useAppInfo = () => useQuery({ queryKey: keys.appInfo, queryFn: () => call('app.info', {}) });
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => call('settings.get', {}) });

let periodRereadPending = false;
/** The list read again after a sync's page, not oftener than once a second (a big sync sends hundreds of pages). */
function periodReread(client: QueryClient): void {
  if (periodRereadPending) return;
  periodRereadPending = true;
  setTimeout(() => {
    periodRereadPending = false;
    void client.invalidateQueries({ queryKey: keys.periodViews });
  }, 1000);
}

function onEvent(client: QueryClient) {
  return subscribe((event) => {
    if (event.type === 'batch.progress') {
      const key = keys.batchResults(event.batchId);
      client.setQueryData<BatchTable>(key, (t) => t && { ...t, state: event.state, progress: event.progress });
      // The rows found since the last read. While running, a read already under way is left to finish (the
      // next event asks again); once the batch has stopped, a fresh read makes sure the last rows come.
      void client.invalidateQueries({ queryKey: key }, { cancelRefetch: event.state !== 'running' });
    } else if (event.type === 'chargeBatch.progress') {
      const key = keys.chargeBatchStatus(event.batchId);
      client.setQueryData<ChargeBatchStatus>(key, (s) => s && { ...s, state: event.state, progress: event.progress });
      // The rows come with the status: read them once the batch has stopped, or when it is paused.
      if (event.state !== 'running') void client.invalidateQueries({ queryKey: key });
    } else if (event.type === 'period.progress') {
      // A page of a sync was kept: show how far it got, and read the list again at most once a second.
      client.setQueryData(keys.periodProgress, { fetched: event.fetched, ...(event.total !== undefined ? { total: event.total } : {}) });
      periodReread(client);
    } else if (event.type === 'period.synced') {
      client.setQueryData(keys.periodProgress, null);
      void client.invalidateQueries({ queryKey: keys.periodViews });
    } else if (event.type === 'charges.changed') {
      void client.invalidateQueries({ queryKey: keys.charges });
    } else if (event.type === 'role.changed') {
      // The profile is read again; nothing else is, until a screen the new profile allows asks for it. What
      // was read is the same data, and a read now from a screen about to close would be refused by main
      // (and audited) for a profile that may not have it: a refusal the person never asked for. The settings
      // every profile may read come at once: they carry the new profile's own language and theme.
      const now = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === keys.roles[0] || q.queryKey[0] === keys.settings[0];
      void client.invalidateQueries({ predicate: now });
      void client.invalidateQueries({ predicate: (q) => !now(q), refetchType: 'none' });
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
