/**
 * Batch charges from a CSV file: paste or drop it, get a dry run (what would be charged, in totals per
 * currency, and every invalid row with why), confirm with the environment and totals restated, then
 * follow the run with progress, pause, resume and cancel (the row on its way is "being sent", however slow
 * its answer; only a lost answer is "unknown"), see what became of every row, and download the result file. A file can be
 * run once: its rows' order numbers come from its hash, and a second dry run lists them as charged.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChargeBatchPlan } from '../../../../main/ipc/contract';
import { keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { BatchFile } from './BatchFile';
import { BatchPlanView } from './BatchPlanView';

export function BatchCharges() {
  const batchId = useUi((s) => s.chargeBatchId);
  const { t } = useTranslation('charges');
  const plan = useQuery<ChargeBatchPlan>({
    queryKey: keys.chargeBatchPlan(batchId ?? ''),
    // Set by the dry run; there is nothing to fetch.
    queryFn: () => Promise.reject(new Error(t('batch.planGone'))),
    enabled: false,
    gcTime: Infinity,
  });
  return batchId && plan.data ? <BatchPlanView plan={plan.data} /> : <BatchFile />;
}
