/**
 * Batch charges from a CSV file: paste or drop it, get a dry run (what would be charged, in totals per
 * currency, and every invalid row with why), confirm with the environment and totals restated, then
 * follow the run with progress, pause, resume and cancel (the row on its way is "being sent", however slow
 * its answer; only a lost answer is "unknown"), see what became of every row, and download the result file. A file can be
 * run once: its rows' order numbers come from its hash, and a second dry run lists them as charged.
 */
import { useChargeBatchPlan } from '../../api/chargeBatches';
import { useUi } from '../../app/uiStore';
import { BatchFile } from './BatchFile';
import { BatchPlanView } from './BatchPlanView';

export function BatchCharges() {
  const batchId = useUi((s) => s.chargeBatchId);
  const plan = useChargeBatchPlan(batchId);
  return batchId && plan.data ? <BatchPlanView plan={plan.data} /> : <BatchFile />;
}
