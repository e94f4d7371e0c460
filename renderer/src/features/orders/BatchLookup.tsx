/**
 * Batch look-up: paste numbers or drop a CSV, see what was skipped and why, follow the progress with
 * counts and the rows as they are found, cancel, retry what failed or was cancelled, open an order from
 * its row, and filter the results and export them as CSV.
 */
import { useUi } from '../../app/uiStore';
import { BatchInput } from './BatchInput';
import { BatchRun } from './BatchRun';

export function BatchLookup({ onOpen }: { readonly onOpen: (orderId: string) => void }) {
  const batchId = useUi((s) => s.batchId);
  return batchId ? <BatchRun batchId={batchId} onOpen={onOpen} /> : <BatchInput />;
}
