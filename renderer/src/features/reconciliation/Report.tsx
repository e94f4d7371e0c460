import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { RECONCILIATION_CLASSES } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { Button } from '../../components/Button';
import { useFileExport } from '../../components/useFileExport';
import { formatDateTime } from '../../format/dates';
import { periodWords } from './period';
import { useReportUi } from './reportUi';
import { CLASS_TONES, classHint, classWords } from './words';
import type { HeldReport } from '../../api/reconciliation';
import { useEnvironmentWords, MONEY_COLUMNS, rowName } from './shared';
import { When } from './When';
import { MoneyList } from './MoneyList';
import { SyncNotice } from './SyncNotice';
import { ReportRow } from './ReportRow';
import { DataTable, numeric } from '../../components/DataTable';

/** The columns of the rows, by their key in the catalogue (`reconciliation:column.<key>`). */
const ROW_COLUMNS = ['class', 'orderNumber', 'journal', 'gateway', 'differs', 'actions'] as const;

export function Report({
  held,
  onRerun,
  rerunning,
}: {
  readonly held: HeldReport;
  readonly onRerun: () => void;
  readonly rerunning: boolean;
}) {
  const { t } = useTranslation('reconciliation');
  const environmentWords = useEnvironmentWords();
  const id = useId();
  const { run } = held;
  const { reconciliation: r } = run;
  const shown = useReportUi((s) => s.shown);
  const show = useReportUi((s) => s.show);
  const rows = shown ? r.rows.filter((row) => row.class === shown) : r.rows;
  const exportCsv = useFileExport(() => call('period.reconciliation.export', { runId: run.runId }), {
    saved: (name) => t('exported', { name }),
  });

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <SyncNotice run={run} />
      <div className="panel">
        <div className="workspace-head">
          <h2 id={`${id}-title`}>
            {t('heading', { period: periodWords(r.period), environment: held.environment ? environmentWords(held.environment) : '' })}
          </h2>
          <div className="button-row">
            <Button onClick={onRerun} disabled={rerunning}>
              {t('runAgain')}
            </Button>
            {}
            <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              {t('exportCsv', { count: r.rows.length })}
            </Button>
          </div>
        </div>
        <p className="muted">
          <Trans t={t} i18nKey="ranAt" values={{ time: formatDateTime(held.ranAt) }} components={{ time: <When at={held.ranAt} /> }} />
        </p>
        <DataTable
          caption={t('totalsCaption')}
          className="reconciliation-totals"
          columns={[t('column.class'), numeric(t('column.orders')), ...MONEY_COLUMNS.map((m) => t(`column.${m}`))]}
          scroll={false}
        >
          {RECONCILIATION_CLASSES.map((c) => {
            const total = r.totals[c];
            return (
              <tr key={c} data-class={c}>
                <th scope="row">
                  <span className={`badge ${CLASS_TONES[c]}`}>{classWords(c)}</span>
                  {/* What the class means, under its name: the money columns keep their room at 1024 px. */}
                  <div className="muted figure-note class-hint">{classHint(c)}</div>
                </th>
                <td className="num" data-total="count">
                  {total.count}
                </td>
                {MONEY_COLUMNS.map((m) => (
                  <td key={m} data-total={m}>
                    <MoneyList amounts={total.amounts} figure={m} />
                  </td>
                ))}
              </tr>
            );
          })}
        </DataTable>
      </div>
      <div className="panel">
        <div className="segmented class-filter" role="group" aria-label={t('filter')}>
          <button type="button" aria-pressed={shown === undefined} onClick={() => show(undefined)}>
            {t('all', { n: r.rows.length })}
          </button>
          {RECONCILIATION_CLASSES.map((c) => (
            <button key={c} type="button" aria-pressed={shown === c} onClick={() => show(c)}>
              {t('classCount', { name: classWords(c), n: r.totals[c].count })}
            </button>
          ))}
        </div>
        {rows.length === 0 ? (
          <p className="muted" role="status">
            {r.rows.length === 0 ? t('empty') : t(`noRows.${shown!}`)}
          </p>
        ) : (
          <DataTable
            caption={shown ? t('rowsCaptionOf', { name: classWords(shown) }) : t('rowsCaption')}
            className="reconciliation-table"
            columns={ROW_COLUMNS.map((c) => t(`column.${c}`))}
          >
            {rows.map((row) => (
              <ReportRow key={`${row.class}-${rowName(row)}`} row={row} onSettled={onRerun} />
            ))}
          </DataTable>
        )}
      </div>
    </section>
  );
}
