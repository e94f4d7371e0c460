/**
 * Main's events, turned into cache updates (a batch's progress) or stale marks (a change of settings), so
 * every screen follows without polling. Each entity's keys are its own file's (api/<entity>.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChargeBatchStatus, SessionView } from '../../../main/ipc/contract';
import { approvalKeys } from './approvals';
import { auditKeys } from './audit';
import { batchLookupKeys, type BatchTable } from './batchLookups';
import { chargeBatchKeys } from './chargeBatches';
import { chargeKeys } from './charges';
import { subscribe } from './client';
import { orderKeys } from './orders';
import { periodKeys } from './period';
import { forgetThePerson, sessionKeys } from './session';
import { settingsKeys } from './settings';

let periodRereadPending = false;
/** The list read again after a sync's page, not oftener than once a second (a big sync sends hundreds of pages). */
function periodReread(client: QueryClient): void {
  if (periodRereadPending) return;
  periodRereadPending = true;
  setTimeout(() => {
    periodRereadPending = false;
    void client.invalidateQueries({ queryKey: periodKeys.views });
  }, 1000);
}

/**
 * Someone signed in or out, the desk locked, or the person's role changed. The session is read again first;
 * nothing else is, until a screen the new session allows asks for it. What was read is the same data, and a
 * read now from a screen about to close (or kept under the lock) would be refused by main, and audited: a
 * refusal the person never asked for. The settings come at once when a person is at work: they carry the
 * person's own language and theme; so does the count of approval requests awaiting them, where they may read it.
 */
async function sessionChanged(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: sessionKeys.current });
  const view = client.getQueryData<SessionView>(sessionKeys.current);
  const state = view?.state;
  // Nobody signed in any more (signed out here or at another window, or disabled): nothing of theirs stays.
  if (state !== 'active' && state !== 'locked') return forgetThePerson(client);
  const active = state === 'active';
  const session = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === sessionKeys.current[0];
  const settings = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === settingsKeys.all[0];
  // The navigation shows that count on every screen; a role that may not read it has none to show.
  const countsApprovals = active && view?.allowedChannels.includes('approvals.list') === true;
  const approvals = (q: { queryKey: readonly unknown[] }) => countsApprovals && q.queryKey[0] === approvalKeys.all[0];
  const readNow = (q: { queryKey: readonly unknown[] }) => (active && settings(q)) || approvals(q);
  void client.invalidateQueries({ predicate: readNow });
  void client.invalidateQueries({ predicate: (q) => !session(q) && !readNow(q), refetchType: 'none' });
}

function onEvent(client: QueryClient) {
  return subscribe((event) => {
    if (event.type === 'batch.progress') {
      const key = batchLookupKeys.results(event.batchId);
      client.setQueryData<BatchTable>(key, (t) => t && { ...t, state: event.state, progress: event.progress });
      // The rows found since the last read. While running, a read already under way is left to finish (the
      // next event asks again); once the batch has stopped, a fresh read makes sure the last rows come.
      void client.invalidateQueries({ queryKey: key }, { cancelRefetch: event.state !== 'running' });
      // The orders a batch found are in main's copy of looked-up orders now: the search of it reads them.
      if (event.state !== 'running') void client.invalidateQueries({ queryKey: orderKeys.cached });
    } else if (event.type === 'chargeBatch.progress') {
      const key = chargeBatchKeys.status(event.batchId);
      client.setQueryData<ChargeBatchStatus>(key, (s) => s && { ...s, state: event.state, progress: event.progress });
      // The rows come with the status: read them once the batch has stopped, or when it is paused.
      if (event.state !== 'running') void client.invalidateQueries({ queryKey: key });
    } else if (event.type === 'period.progress') {
      // A page of a sync was kept: show how far it got, and read the list again at most once a second.
      client.setQueryData(periodKeys.progress, { fetched: event.fetched, ...(event.total !== undefined ? { total: event.total } : {}) });
      periodReread(client);
    } else if (event.type === 'period.synced') {
      client.setQueryData(periodKeys.progress, null);
      void client.invalidateQueries({ queryKey: periodKeys.views });
    } else if (event.type === 'charges.changed') {
      void client.invalidateQueries({ queryKey: chargeKeys.all });
    } else if (event.type === 'approvals.changed') {
      void client.invalidateQueries({ queryKey: approvalKeys.all });
    } else if (event.type === 'audit.changed') {
      void client.invalidateQueries({ queryKey: auditKeys.all });
    } else if (event.type === 'orders.changed') {
      // The order on screen reads itself again (useOrderKeptCurrent); the journals heard charges.changed.
    } else if (event.type === 'session.changed') {
      void sessionChanged(client);
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
