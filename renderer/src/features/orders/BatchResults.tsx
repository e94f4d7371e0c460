/**
 * A batch's results, growing as rows are found: a virtualised table (only the rows in view are in the DOM,
 * so 100,000 rows scroll as smoothly as 100) where Enter or a click on a found order opens it, filters by
 * result and status, and CSV export of what the filters show.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BatchRow } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { Button } from '../../components/Button';
import { useFileExport } from '../../components/useFileExport';
import { StatusBadge } from '../../components/StatusBadge';
import { formatShortDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';

type ResultFilter = 'all' | BatchRow['result'];
const RESULT_WORDS: Record<BatchRow['result'], string> = {
  found: 'Found',
  notFound: 'Not found',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const ROW_HEIGHT = 36;
const COLUMNS = ['Query', 'Result', 'Status', 'Paid', 'Amount', 'Registered', 'Card', 'Reason'];

export function BatchResults({
  batchId,
  rows,
  running,
  onOpen,
}: {
  readonly batchId: string;
  readonly rows: readonly BatchRow[];
  readonly running: boolean;
  readonly onOpen: (orderId: string) => void;
}) {
  const id = useId();
  const [result, setResult] = useState<ResultFilter>('all');
  const [status, setStatus] = useState<number | 'all'>('all');
  const statuses = useMemo(
    () =>
      [...new Map(rows.filter((r) => r.status !== undefined).map((r) => [r.status!, r.statusWords ?? ''])).entries()].sort(
        (a, b) => a[0] - b[0],
      ),
    [rows],
  );
  const shown = useMemo(
    () => rows.filter((r) => (result === 'all' || r.result === result) && (status === 'all' || r.status === status)),
    [rows, result, status],
  );
  const exportCsv = useFileExport(
    () =>
      call('orders.batch.export', {
        batchId,
        ...(result !== 'all' ? { result } : {}),
        ...(status !== 'all' ? { status } : {}),
      }),
    { saved: (name) => `Exported ${shown.length.toLocaleString()} rows to ${name}` },
  );

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  return (
    <section className="panel batch-results" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h2 id={`${id}-title`}>Results</h2>
        <div className="filters">
          <label htmlFor={`${id}-result`}>Show</label>
          <select id={`${id}-result`} value={result} onChange={(e) => setResult(e.target.value as ResultFilter)}>
            <option value="all">All results</option>
            {(Object.keys(RESULT_WORDS) as BatchRow['result'][]).map((k) => (
              <option key={k} value={k}>
                {RESULT_WORDS[k]}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={String(status)}
            onChange={(e) => setStatus(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          >
            <option value="all">All statuses</option>
            {statuses.map(([n, words]) => (
              <option key={n} value={n}>
                {words} ({n})
              </option>
            ))}
          </select>
          <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={running || exportCsv.isPending || shown.length === 0}>
            Export CSV
          </Button>
        </div>
      </div>
      <p className="muted" role="status">
        Showing {shown.length.toLocaleString()} of {rows.length.toLocaleString()} rows{running ? ' so far' : ''}
      </p>
      <p className="hint">Enter or a click on a found order opens it.</p>
      <div className="vtable" role="table" aria-label="Batch results" aria-rowcount={shown.length + 1}>
        <div role="rowgroup" className="vtable-head">
          <div role="row" className="vrow" aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <div role="columnheader" key={c}>
                {c}
              </div>
            ))}
          </div>
        </div>
        {/* The scroller is the body's row group (keyboard-scrollable); the sizer inside it only makes room. */}
        <div ref={scroller} role="rowgroup" className="vtable-body" data-testid="batch-scroller" tabIndex={0}>
          <div role="presentation" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const r = shown[item.index]!;
              const orderId = r.orderId;
              return (
                <div
                  role="row"
                  className={orderId ? 'vrow opens' : 'vrow'}
                  key={r.line}
                  data-line={r.line}
                  aria-rowindex={item.index + 2}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  {...(orderId
                    ? {
                        tabIndex: 0,
                        title: 'Open this order',
                        onClick: () => onOpen(orderId),
                        onKeyDown: (e: KeyboardEvent) => {
                          if (e.key === 'Enter') onOpen(orderId);
                        },
                      }
                    : {})}
                >
                  <div role="cell" className="mono" title={r.query}>
                    {r.query}
                  </div>
                  <div role="cell">{RESULT_WORDS[r.result]}</div>
                  <div role="cell" className="status-cell">
                    {r.statusWords ? <StatusBadge status={r.status} words={r.statusWords} /> : ''}
                  </div>
                  <div role="cell">{r.paid === undefined ? '' : r.paid ? 'Yes' : 'No'}</div>
                  <div role="cell" className="num">
                    {r.amount !== undefined ? formatAmount(r.amount, r.exponent ?? 2, r.currency) : ''}
                  </div>
                  <div role="cell">{r.registeredAt !== undefined ? formatShortDateTime(r.registeredAt) : ''}</div>
                  <div role="cell" className="mono">
                    {r.maskedPan ?? ''}
                  </div>
                  <div role="cell" className="reason" title={r.detail ? `${r.reason ?? ''}\n\nDetails: ${r.detail}` : r.reason}>
                    {r.reason ?? ''}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
