/**
 * Batch look-up: paste numbers or drop a CSV, see what was skipped and why, follow the progress with
 * counts, cancel, then filter the results and export them as CSV.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BatchStarted } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { keys, type BatchStatus } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { BatchResults } from './BatchResults';
import { ErrorNotice } from '../../components/ErrorNotice';

export function BatchLookup() {
  const batchId = useUi((s) => s.batchId);
  return batchId ? <BatchRun batchId={batchId} /> : <BatchInput />;
}

function BatchInput() {
  const id = useId();
  const [text, setText] = useState('');
  const queries = useQueryClient();
  const showBatch = useUi((s) => s.showBatch);
  const start = useMutation({
    mutationFn: (input: string) => call('orders.batch.start', { text: input }),
    onSuccess: (started) => {
      queries.setQueryData<BatchStarted>(['batch', started.batchId, 'started'], started);
      showBatch(started.batchId);
    },
  });

  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate(text);
      }}
    >
      <h2 id={`${id}-title`}>Look up many orders</h2>
      <CsvDropZone
        label="Order IDs or order numbers: one per line, or a CSV with an orderId or orderNumber column"
        text={text}
        onText={setText}
      />
      {start.isError && <ErrorNotice className="field-error" error={start.error} />}
      <Button type="submit" variant="primary" disabled={text.trim() === '' || start.isPending}>
        {start.isPending ? 'Starting…' : 'Start the look-up'}
      </Button>
    </form>
  );
}

function BatchRun({ batchId }: { readonly batchId: string }) {
  const queries = useQueryClient();
  const showBatch = useUi((s) => s.showBatch);
  const toast = useUi((s) => s.toast);
  const started = queries.getQueryData<BatchStarted>(['batch', batchId, 'started']);
  // Events keep this current; polling while running covers a dropped event stream.
  const status = useQuery<BatchStatus>({
    queryKey: keys.batchProgress(batchId),
    queryFn: async () => {
      const r = await call('orders.batch.results', { batchId });
      return { state: r.state, progress: r.progress };
    },
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 2000 : false),
  });
  const cancel = useMutation({
    mutationFn: () => call('orders.batch.cancel', { batchId }),
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  const p = status.data?.progress;
  const running = !status.data || status.data.state === 'running';

  return (
    <div className="batch-run">
      <section className="panel" aria-labelledby="batch-progress-title">
        <div className="workspace-head">
          <h2 id="batch-progress-title">
            {running ? 'Looking up…' : status.data?.state === 'cancelled' ? 'Batch cancelled' : 'Batch finished'}
          </h2>
          {running ? (
            <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Cancel
            </Button>
          ) : (
            <Button onClick={() => showBatch(undefined)}>New batch</Button>
          )}
        </div>
        {status.isError && <ErrorNotice error={status.error} />}
        {p && (
          <>
            <ProgressBar value={p.done} max={p.total} label="Orders looked up" />
            <dl className="counts" aria-live="off">
              <dt>Found</dt>
              <dd data-count="found">{p.found.toLocaleString()}</dd>
              <dt>Not found</dt>
              <dd data-count="notFound">{p.notFound.toLocaleString()}</dd>
              <dt>Failed</dt>
              <dd data-count="failed">{p.failed.toLocaleString()}</dd>
            </dl>
          </>
        )}
        {started && (started.skipped.length > 0 || started.duplicates > 0) && (
          <details className="skipped">
            <summary>
              {started.skipped.length > 0 ? `${started.skipped.length} line(s) skipped` : ''}
              {started.skipped.length > 0 && started.duplicates > 0 ? ', ' : ''}
              {started.duplicates > 0 ? `${started.duplicates} duplicate(s) looked up once` : ''}
            </summary>
            <ul>
              {started.skipped.map((s, i) => (
                <li key={i}>{s.line > 0 ? `Line ${s.line}: "${s.value}" ${s.reason}` : s.reason}</li>
              ))}
            </ul>
          </details>
        )}
      </section>
      {!running && <BatchResults batchId={batchId} />}
    </div>
  );
}
