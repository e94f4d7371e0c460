/**
 * A batch's results, growing as rows are found: a virtualised table (only the rows in view are in the DOM,
 * so 100,000 rows scroll as smoothly as 100) where Enter or a click on a found order opens it, filters by
 * result and status, and CSV export of what the filters show.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchRow } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { Button } from '../../components/Button';
import { Id, shownText } from '../../components/Id';
import { useFileExport } from '../../components/useFileExport';
import { StatusBadge } from '../../components/StatusBadge';
import { formatStackedDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';
import { say } from '../../i18n/say';
import { formatCount } from '../../format/numbers';

type ResultFilter = 'all' | BatchRow['result'];
const RESULTS: readonly BatchRow['result'][] = ['found', 'notFound', 'failed', 'cancelled'];
const ROW_HEIGHT = 36;
const COLUMNS = ['query', 'result', 'status', 'paid', 'amount', 'registered', 'card', 'reason'] as const;

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
  const { t, i18n } = useTranslation('orders');
  const id = useId();
  const [result, setResult] = useState<ResultFilter>('all');
  const [status, setStatus] = useState<number | 'all'>('all');
  // Each status once, with its words as main said them (worded below, in the language shown).
  const statuses = useMemo(
    () =>
      [...new Map(rows.filter((r) => r.status !== undefined).map((r) => [r.status!, r.statusWords])).entries()].sort((a, b) => a[0] - b[0]),
    [rows],
  );
  // Rows arrive as their answers do; they are shown in the file's order, as the export writes them.
  const shown = useMemo(
    () =>
      rows
        .filter((r) => (result === 'all' || r.result === result) && (status === 'all' || r.status === status))
        .sort((a, b) => a.line - b.line),
    [rows, result, status],
  );
  const exportCsv = useFileExport(
    () =>
      call('orders.batch.export', {
        batchId,
        ...(result !== 'all' ? { result } : {}),
        ...(status !== 'all' ? { status } : {}),
      }),
    { saved: (name) => t('results.exported', { count: shown.length, rows: formatCount(shown.length), name }) },
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
        <h2 id={`${id}-title`}>{t('results.title')}</h2>
        <div className="filters">
          <label htmlFor={`${id}-result`}>{t('results.show')}</label>
          <select id={`${id}-result`} value={result} onChange={(e) => setResult(e.target.value as ResultFilter)}>
            <option value="all">{t('results.allResults')}</option>
            {RESULTS.map((k) => (
              <option key={k} value={k}>
                {t(`results.result.${k}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-status`}>{t('results.status')}</label>
          <select
            id={`${id}-status`}
            value={String(status)}
            onChange={(e) => setStatus(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          >
            <option value="all">{t('results.allStatuses')}</option>
            {statuses.map(([n, words]) => (
              <option key={n} value={n}>
                {t('results.statusOption', { words: words ? say(i18n, words) : '', status: n })}
              </option>
            ))}
          </select>
          <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={running || exportCsv.isPending || shown.length === 0}>
            {t('results.export')}
          </Button>
        </div>
      </div>
      <p className="muted" role="status">
        {t(running ? 'results.showingSoFar' : 'results.showing', {
          count: rows.length,
          shown: formatCount(shown.length),
          total: formatCount(rows.length),
        })}
      </p>
      <p className="hint">{t('results.hint')}</p>
      <div className="vtable" role="table" aria-label={t('results.table')} aria-rowcount={shown.length + 1}>
        <div role="rowgroup" className="vtable-head">
          <div role="row" className="vrow" aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <div role="columnheader" key={c}>
                {t(`results.columns.${c}`)}
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
              const reason = r.reason ? say(i18n, r.reason) : '';
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
                        title: t('results.open'),
                        onClick: () => onOpen(orderId),
                        onKeyDown: (e: KeyboardEvent) => {
                          if (e.key === 'Enter') onOpen(orderId);
                        },
                      }
                    : {})}
                >
                  <div role="cell" className="mono" title={shownText(r.query)}>
                    <Id value={r.query} />
                  </div>
                  <div role="cell">{t(`results.result.${r.result}`)}</div>
                  <div role="cell" className="status-cell">
                    {r.statusWords ? <StatusBadge status={r.status} words={say(i18n, r.statusWords)} /> : ''}
                  </div>
                  <div role="cell">{r.paid === undefined ? '' : r.paid ? t('results.yes') : t('results.no')}</div>
                  <div role="cell" className="num">
                    {r.amount !== undefined ? formatAmount(r.amount, r.exponent ?? 2, r.currency) : ''}
                  </div>
                  {/* The day over the time, as the list shows a moment: the whole of it is wider than the column. */}
                  <div role="cell" className="stacked-time">
                    {r.registeredAt !== undefined ? formatStackedDateTime(r.registeredAt) : ''}
                  </div>
                  <div role="cell" className="mono">
                    <Id value={r.maskedPan ?? ''} />
                  </div>
                  <div role="cell" className="reason" title={r.detail ? t('results.reasonDetails', { reason, detail: r.detail }) : reason}>
                    {reason}
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
