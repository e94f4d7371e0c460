/**
 * Finance's reconciliation report: for a period, the app's charge journal against the gateway's orders of
 * that period (main syncs the period first, then compares; every run is audited). The totals per class and
 * currency, the rows with both sides and what differs in words, a filter by class, a row opens its order,
 * open rows offer the charge journal's reconcile, and the CSV of the run. When the sync before the report
 * failed, the screen says so above everything: the gateway side is then only as current as the last sync.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { EnvironmentName, ReconciliationRow, Result } from '../../../../main/ipc/contract';
import { netOf } from '../../../../main/domain/orderMoney';
import { RECONCILIATION_CLASSES, type MovedMoney } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText, subscribe } from '../../api/client';
import { useAppInfo, keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFileExport } from '../../components/useFileExport';
import { formatDateTime } from '../../format/dates';
import { formatMinorIn } from '../../format/money';
import { say } from '../../i18n/say';
import { mayCall, useRoleProfile } from '../roles/profile';
import { PERIOD_PRESETS, choosePeriod, periodWords, type PeriodPreset, type PeriodWindow } from './period';
import { useReportUi } from './reportUi';
import { CLASS_TONES, classHint, classWords, gatewayWords, journalWords, operationCounts, rowCurrency, rowFindings } from './words';
import './reconciliation.css';

type Run = Result<'period.reconcile'>;

/** The last report run, with the environment it was run in and when. */
interface HeldReport {
  readonly run: Run;
  readonly environment: EnvironmentName | undefined;
  readonly ranAt: number;
}

/**
 * Where the last report is kept while the workspace is closed (say, to open an order from it). Set by a run
 * only, never fetched: a refetch would run (and audit) the reconciliation again behind finance's back.
 */

/** A moment in the report, marked up with its instant. */
function When({ at, children }: { readonly at: number; readonly children?: React.ReactNode }) {
  return <time dateTime={new Date(at).toISOString()}>{children}</time>;
}

/** The environment a report was run in, as the sentences about it name it. */
function useEnvironmentWords() {
  const { t } = useTranslation('reconciliation');
  return (environment: EnvironmentName | undefined) => t(`inEnvironment.${environment ?? 'unknown'}`);
}

export function ReconciliationWorkspace() {
  const { t } = useTranslation('reconciliation');
  const environmentWords = useEnvironmentWords();
  const id = useId();
  const { preset, custom, choosePreset, setCustom } = useReportUi();
  const queries = useQueryClient();
  const environment = useAppInfo().data?.environment;
  const held = useQuery<HeldReport | null>({
    queryKey: keys.reconciliationReport,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const choice = choosePeriod(preset, custom);
  // A charge made, settled or refunded since the report makes its figures no longer current.
  const [journalChanged, setJournalChanged] = useState(false);
  const run = useMutation({
    mutationFn: ({ period }: { period: PeriodWindow; environment: EnvironmentName | undefined }) => call('period.reconcile', period),
    onSuccess: (r, { environment: ranIn }) => {
      queries.setQueryData<HeldReport>(keys.reconciliationReport, { run: r, environment: ranIn, ranAt: Date.now() });
      setJournalChanged(false);
    },
  });
  const toast = useUi((s) => s.toast);
  const stop = useMutation({
    mutationFn: () => call('period.cancel', {}),
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  // A change heard while a run is under way may be in it already (a Reconcile from the report runs it again).
  const running = useRef(false);
  useEffect(() => {
    running.current = run.isPending;
  }, [run.isPending]);
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'charges.changed' && !running.current) setJournalChanged(true);
      }),
    [],
  );
  const start = (period: PeriodWindow) => run.mutate({ period, environment });
  const report = held.data ?? undefined;
  // A report of another environment says nothing true about this one.
  const current = report && report.environment === environment ? report : undefined;

  return (
    <section className="workspace reconciliation" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>{t('title')}</h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <form
        className="panel inline-form"
        aria-label={t('form')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (choice.ok) start(choice.period);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-period`}>{t('period')}</label>
          <select id={`${id}-period`} value={preset} onChange={(e) => choosePreset(e.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((value) => (
              <option key={value} value={value}>
                {t(`preset.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' && (
          <>
            <DayField
              id={`${id}-from`}
              label={t('firstDay')}
              value={custom.from}
              onChange={(from) => setCustom({ ...custom, from })}
              error={!choice.ok && choice.field === 'from' && custom.from !== '' ? choice.error : undefined}
            />
            <DayField
              id={`${id}-to`}
              label={t('lastDay')}
              value={custom.to}
              onChange={(to) => setCustom({ ...custom, to })}
              error={!choice.ok && choice.field === 'to' && custom.to !== '' ? choice.error : undefined}
            />
          </>
        )}
        <p className="muted period-words" aria-live="polite">
          {choice.ok ? periodWords(choice.period) : t('chooseDays')}
        </p>
        {}
        <Button type="submit" variant="primary" disabled={!choice.ok || run.isPending}>
          {run.isPending ? t('running') : t('run')}
        </Button>
        {run.isPending && (
          // A long period can take a while to read; stopped, the report compares with what was read before.
          <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
            {t('stop')}
          </Button>
        )}
      </form>
      {run.isError && <ErrorNotice error={run.error} lead={t('runFailed')} />}
      {report && !current && (
        <p className="panel notice-panel" role="status">
          {t('otherEnvironment', {
            environment: environmentWords(report.environment),
            current: environment ? environmentWords(environment) : '',
          })}
        </p>
      )}
      {current && journalChanged && (
        <p className="panel notice-panel journal-changed" role="status">
          {t('journalChanged')}
        </p>
      )}
      {current && <Report held={current} onRerun={() => start(current.run.reconciliation.period)} rerunning={run.isPending} />}
    </section>
  );
}

function DayField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (day: string) => void;
  readonly error: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error && (
        <div id={`${props.id}-error`} className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}

/** The money figures of a class's total, per currency (main/domain/orderMoney.ts's rule; net is captured less refunded). */
const MONEY_COLUMNS = ['captured', 'refunded', 'net', 'held'] as const;

function MoneyList({ amounts, figure }: { readonly amounts: readonly MovedMoney[]; readonly figure: (typeof MONEY_COLUMNS)[number] }) {
  const shown = amounts
    .map((a) => ({ currency: a.currency, minor: figure === 'net' ? netOf(a) : a[figure] }))
    // Nothing held is the usual case: said by the dash, not by a zero per currency.
    .filter((a) => figure !== 'held' || a.minor !== 0);
  if (shown.length === 0) return <>–</>;
  return (
    <>
      {shown.map((a) => (
        <div key={a.currency}>{formatMinorIn(a.minor, a.currency)}</div>
      ))}
    </>
  );
}

function Report({ held, onRerun, rerunning }: { readonly held: HeldReport; readonly onRerun: () => void; readonly rerunning: boolean }) {
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
        <table className="data-table reconciliation-totals">
          <caption className="visually-hidden">{t('totalsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.class')}</th>
              <th scope="col" className="num">
                {t('column.orders')}
              </th>
              {MONEY_COLUMNS.map((m) => (
                <th key={m} scope="col">
                  {t(`column.${m}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
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
          <div className="table-scroll">
            <table className="data-table reconciliation-table">
              <caption className="visually-hidden">{shown ? t('rowsCaptionOf', { name: classWords(shown) }) : t('rowsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('column.class')}</th>
                  <th scope="col">{t('column.orderNumber')}</th>
                  <th scope="col">{t('column.journal')}</th>
                  <th scope="col">{t('column.gateway')}</th>
                  <th scope="col">{t('column.differs')}</th>
                  <th scope="col">{t('column.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ReportRow key={`${row.class}-${rowName(row)}`} row={row} onSettled={onRerun} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** Whether the gateway side is as of now or as of an earlier sync, said plainly before any figure. */
function SyncNotice({ run }: { readonly run: Run }) {
  const { t, i18n } = useTranslation('reconciliation', { keyPrefix: 'sync' });
  const at = run.syncedAt;
  const time = at !== undefined ? { values: { time: formatDateTime(at) }, components: { time: <When at={at} /> } } : undefined;
  if (run.sync === 'done') {
    return (
      <p className="muted" role="status">
        {time ? <Trans t={t} i18nKey="doneAt" {...time} /> : t('done')}
      </p>
    );
  }
  return (
    <div className="panel warning-panel sync-notice" role="alert">
      <strong>{run.sync === 'failed' ? t('failed') : t('cancelled')}</strong> {run.syncReason ? <>{say(i18n, run.syncReason)} </> : null}
      {!run.complete ? <>{t('partial')} </> : null}
      {time ? <Trans t={t} i18nKey="asOf" {...time} /> : t('never')}
    </div>
  );
}

/** How a row names its order: the number, or the gateway's id where the sync has not read the order. */
const rowName = (row: ReconciliationRow): string => row.orderNumber ?? row.orderId ?? '';

function ReportRow({ row, onSettled }: { readonly row: ReconciliationRow; readonly onSettled: () => void }) {
  const { t, i18n } = useTranslation('reconciliation', { keyPrefix: 'row' });
  const showOrder = useUi((s) => s.showOrder);
  const openWorkspace = useUi((s) => s.open);
  const openChargesTab = useUi((s) => s.openChargesTab);
  const toast = useUi((s) => s.toast);
  const profile = useRoleProfile().data;
  const queries = useQueryClient();
  const j = row.journal;
  const g = row.gateway;
  const charge = j?.source === 'charge' ? j : undefined;
  const chargeOpen = charge !== undefined && (charge.state === 'PENDING' || charge.state === 'UNKNOWN');
  const name = rowName(row);
  const reconcile = useMutation({
    mutationFn: (chargeId: number) => call('charges.reconcile', { id: chargeId }),
    onSuccess: (r) => {
      const after = r.results[0];
      toast(
        after && 'charge' in after && after.outcome !== 'unknown' ? 'success' : 'info',
        t('reconciled', {
          order: name,
          state: after && 'charge' in after ? say(i18n, after.charge.stateWords) : t('stillOpen'),
        }),
      );
      void queries.invalidateQueries({ queryKey: keys.charges });
      // What the report said of this row is no longer true: run it again.
      onSettled();
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  // The gateway's id where known; the number finds the order otherwise.
  const open = () => showOrder(row.orderId ?? name);
  const openJournal = () => {
    openChargesTab('journal');
    openWorkspace('charges');
  };
  const mayReconcile = mayCall(profile, 'charges.reconcile');

  return (
    <tr data-class={row.class} data-order-number={name} className="report-row" onClick={open}>
      <td>
        <span className={`badge ${CLASS_TONES[row.class]}`}>{classWords(row.class)}</span>
      </td>
      <td className="mono">
        <Id value={name} />
      </td>
      <td data-side="journal">
        {j ? (
          <>
            {journalWords(j, rowCurrency(row))}
            {j.source === 'operations' && <div className="muted figure-note">{operationCounts(j)}</div>}
            <div className="muted figure-note">
              <Trans
                t={t}
                i18nKey="by"
                values={{ time: formatDateTime(j.at), operator: j.operator }}
                components={{ time: <When at={j.at} /> }}
              />
            </div>
          </>
        ) : (
          <span className="muted">{t('noCharge')}</span>
        )}
      </td>
      <td data-side="gateway">
        {g ? (
          <>
            {gatewayWords(g)}
            <div className="muted figure-note">
              <Trans
                t={t}
                i18nKey="status"
                values={{ status: g.status, time: formatDateTime(g.registeredAt) }}
                components={{ time: <When at={g.registeredAt} /> }}
              />
            </div>
          </>
        ) : (
          <span className="muted">{t('noOrder')}</span>
        )}
      </td>
      <td data-side="differences">
        <ul className="findings">
          {rowFindings(row).map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      </td>
      <td>
        {/* The buttons do their own thing, not the row's. */}
        <div className="button-row" onClick={(e) => e.stopPropagation()}>
          <Button className="btn-small" onClick={open} aria-label={t('openLabel', { order: name })}>
            {t('open')}
          </Button>
          {chargeOpen && mayReconcile && (
            <Button
              className="btn-small"

              variant="primary"
              onClick={() => reconcile.mutate(charge.chargeId)}
              disabled={reconcile.isPending}
              aria-label={t('reconcileLabel', { order: name })}
            >
              {reconcile.isPending ? t('asking') : t('reconcile')}
            </Button>
          )}
          {row.class === 'open' && (
            <Button
              className="btn-small"

              variant="ghost"
              onClick={openJournal}
            >
              {t('chargeJournal')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
