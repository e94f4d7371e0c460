/**
 * The reconciliation report: the last one run, kept while the workspace is closed (say, to open an order
 * from it). Set by a run only, never fetched: a refetch would run (and audit) the reconciliation again
 * behind finance's back.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnvironmentName, Result } from '../../../main/ipc/contract';
import type { PeriodWindow } from '../../../main/domain/period';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';

export type Run = Result<'period.reconcile'>;

/** The last report run, with the environment it was run in and when. */
export interface HeldReport {
  readonly run: Run;
  readonly environment: EnvironmentName | undefined;
  readonly ranAt: number;
}

export const reconciliationKeys = {
  report: ['reconciliation', 'report'] as const,
};

export const useHeldReport = () =>
  useQuery<HeldReport | null>({
    queryKey: reconciliationKeys.report,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** What a run is asked for: the period, and the environment the screen shows (the report is kept with it). */
export interface ReportRequest {
  readonly period: PeriodWindow;
  readonly environment: EnvironmentName | undefined;
}

/** Syncs the period, compares, and keeps the report with the environment it was run in and when. */
export function useReconciliationRun(screen?: ScreenHandlers<Run, ReportRequest>) {
  const queries = useQueryClient();
  return useEntityMutation(
    ({ period }: ReportRequest) => call('period.reconcile', period),
    {
      onSuccess: (run, { environment }) =>
        void queries.setQueryData<HeldReport>(reconciliationKeys.report, { run, environment, ranAt: Date.now() }),
    },
    screen,
  );
}
