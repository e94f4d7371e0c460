/**
 * A batch of charges: its dry run (the plan, set from main's answer and never read again: a file's plan is
 * made once) and its status with the rows as they are charged, followed through main's chargeBatch.progress
 * events (events.ts) and polled while it runs.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargeBatchPlan, ChargeBatchStatus, EnvironmentName } from '../../../main/ipc/contract';
import { i18n } from '../i18n';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export const chargeBatchKeys = {
  plan: (batchId: string) => ['chargeBatch', batchId, 'plan'] as const,
  status: (batchId: string) => ['chargeBatch', batchId, 'status'] as const,
};

/** The dry run of the batch on screen, as the check answered it; there is nothing to fetch. */
export const useChargeBatchPlan = (batchId: string | undefined) =>
  useQuery<ChargeBatchPlan>({
    queryKey: chargeBatchKeys.plan(batchId ?? ''),
    queryFn: () => Promise.reject(new Error(i18n.t('charges:batch.planGone'))),
    enabled: false,
    gcTime: Infinity,
  });

/** Where the batch stands, with its rows; polled while it runs or is paused, in case an event is missed. */
export const useChargeBatchStatus = (batchId: string) =>
  useQuery<ChargeBatchStatus>({
    queryKey: chargeBatchKeys.status(batchId),
    queryFn: () => call('charges.batch.status', { batchId }),
    refetchInterval: (q) => (q.state.data?.state === 'running' || q.state.data?.state === 'paused' ? 1000 : false),
  });

/** The dry run of a file: its plan kept for the screen, and the status of that batch read afresh. */
export function useChargeBatchCheck(screen?: ScreenHandlers<ChargeBatchPlan, string>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (text: string) => call('charges.batch.plan', { text }),
    {
      onSuccess: (plan) => {
        queries.setQueryData(chargeBatchKeys.plan(plan.batchId), plan);
        void queries.invalidateQueries({ queryKey: chargeBatchKeys.status(plan.batchId) });
      },
    },
    screen,
  );
}

/**
 * Starts charging the batch in the environment confirmed; main's answer is its status, which says when the
 * batch's total must wait for a second person's approval instead (`reason` is for them).
 */
export function useChargeBatchRun(batchId: string, environment: EnvironmentName, screen?: ScreenHandlers<ChargeBatchStatus, string>) {
  const queries = useQueryClient();
  return useEntityMutation(
    (reason: string) => call('charges.batch.run', { batchId, environment, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    { onSuccess: (status) => void queries.setQueryData(chargeBatchKeys.status(batchId), status) },
    screen,
  );
}

/** Pauses, resumes or cancels the rest; the status follows through main's events. */
export const useChargeBatchControl = (batchId: string, screen?: ScreenHandlers<unknown, 'pause' | 'resume' | 'cancel'>) =>
  useEntityMutation((action: 'pause' | 'resume' | 'cancel') => call(`charges.batch.${action}`, { batchId }), {}, screen);
