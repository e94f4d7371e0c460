/** The reconciliation report of a period (ipc/handlers/period.ts). */
export const reconciliation = {
  notKept: 'That report is no longer kept; run the reconciliation again to export it',
  badRunId: 'must be a run id returned by period.reconcile',
} as const;
