/**
 * Finance's reconciliation report: for a period, the app's charge journal against the gateway's orders of
 * that period (main syncs the period first, then compares; every run is audited). The totals per class and
 * currency, the rows with both sides and what differs in words, a filter by class, a row opens its order,
 * open rows offer the charge journal's reconcile, and the CSV of the run. When the sync before the report
 * failed, the screen says so above everything: the gateway side is then only as current as the last sync.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { EnvironmentName, ReconciliationRow, Result } from '../../../../main/ipc/contract';
import { RECONCILIATION_CLASSES } from '../../../../main/services/periodViews';
import { call, errorDetail, errorText, subscribe } from '../../api/client';
import { useAppInfo } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFileExport } from '../../components/useFileExport';
import { formatCompactDateTime, formatDateTime } from '../../format/dates';
import { mayCall, useRoleProfile } from '../roles/profile';
import { PERIOD_PRESETS, choosePeriod, periodWords, type PeriodPreset, type PeriodWindow } from './period';
import { useReportUi } from './reportUi';
import { CLASS_HINTS, CLASS_TONES, CLASS_WORDS, gatewayWords, journalWords, money, rowFindings } from './words';
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
const REPORT_KEY = ['reconciliation', 'report'] as const;

export function ReconciliationWorkspace() {
  const id = useId();
  const { preset, custom, choosePreset, setCustom } = useReportUi();
  const queries = useQueryClient();
  const environment = useAppInfo().data?.environment;
  const held = useQuery<HeldReport | null>({
    queryKey: REPORT_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const choice = choosePeriod(preset, custom);
  // A charge made, settled or refunded since the report makes its figures no longer current.
  const [journalChanged, setJournalChanged] = useState(false);
  const run = useMutation({
    mutationFn: ({ window }: { window: PeriodWindow; environment: EnvironmentName | undefined }) => call('period.reconcile', window),
    onSuccess: (r, { environment: ranIn }) => {
      queries.setQueryData<HeldReport>(REPORT_KEY, { run: r, environment: ranIn, ranAt: Date.now() });
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
  const start = (window: PeriodWindow) => run.mutate({ window, environment });
  const report = held.data ?? undefined;
  // A report of another environment says nothing true about this one.
  const current = report && report.environment === environment ? report : undefined;

  return (
    <section className="workspace reconciliation" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>Reconciliation</h1>
      </div>
      <p className="muted">
        The app’s charge journal against the gateway’s orders of a period. The gateway’s orders of the period are read first; every run is
        recorded in the audit log.
      </p>
      <form
        className="panel inline-form"
        aria-label="Period of the report"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (choice.ok) start(choice.window);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-period`}>Period</label>
          <select id={`${id}-period`} value={preset} onChange={(e) => choosePreset(e.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' && (
          <>
            <DayField
              id={`${id}-from`}
              label="First day"
              value={custom.from}
              onChange={(from) => setCustom({ ...custom, from })}
              error={!choice.ok && choice.field === 'from' && custom.from !== '' ? choice.error : undefined}
            />
            <DayField
              id={`${id}-to`}
              label="Last day"
              value={custom.to}
              onChange={(to) => setCustom({ ...custom, to })}
              error={!choice.ok && choice.field === 'to' && custom.to !== '' ? choice.error : undefined}
            />
          </>
        )}
        <p className="muted period-words" aria-live="polite">
          {choice.ok ? periodWords(choice.window) : 'Choose the first and last day'}
        </p>
        <Button type="submit" variant="primary" disabled={!choice.ok || run.isPending}>
          {run.isPending ? 'Reading the gateway and comparing…' : 'Run the report'}
        </Button>
        {run.isPending && (
          // A long period can take a while to read; stopped, the report compares with what was read before.
          <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
            Stop reading the gateway
          </Button>
        )}
      </form>
      {run.isError && <ErrorNotice error={run.error} lead="The report could not be run:" />}
      {report && !current && (
        <p className="panel notice-panel" role="status">
          The last report was run in {report.environment ?? 'another environment'}; the app now works in {environment}. Run it again for
          this one.
        </p>
      )}
      {current && journalChanged && (
        <p className="panel notice-panel journal-changed" role="status">
          The charge journal has changed since this report was run (a charge, a refund or a reconcile): run it again for current figures.
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

function Report({ held, onRerun, rerunning }: { readonly held: HeldReport; readonly onRerun: () => void; readonly rerunning: boolean }) {
  const id = useId();
  const { run } = held;
  const { reconciliation: r } = run;
  const shown = useReportUi((s) => s.shown);
  const show = useReportUi((s) => s.show);
  const rows = shown ? r.rows.filter((row) => row.class === shown) : r.rows;
  const exportCsv = useFileExport(() => call('period.reconciliation.export', { runId: run.runId }), {
    saved: (name) => `Exported the reconciliation report to ${name}`,
  });

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <SyncNotice run={run} />
      <div className="panel">
        <div className="workspace-head">
          <h2 id={`${id}-title`}>
            {periodWords(r.period)} in {held.environment}
          </h2>
          <div className="button-row">
            <Button onClick={onRerun} disabled={rerunning}>
              Run again
            </Button>
            <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              Export CSV ({r.rows.length} row{r.rows.length === 1 ? '' : 's'})
            </Button>
          </div>
        </div>
        <p className="muted">
          Run at{' '}
          <time dateTime={new Date(held.ranAt).toISOString()} title={formatDateTime(held.ranAt)}>
            {formatCompactDateTime(held.ranAt)}
          </time>
          . Amounts are the journal’s, or the gateway’s where the journal has none.
        </p>
        <table className="data-table reconciliation-totals">
          <caption className="visually-hidden">Totals per class</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col" className="num">
                Orders
              </th>
              <th scope="col">Amount</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {RECONCILIATION_CLASSES.map((c) => {
              const t = r.totals[c];
              return (
                <tr key={c} data-class={c}>
                  <th scope="row">
                    <span className={`badge ${CLASS_TONES[c]}`}>{CLASS_WORDS[c]}</span>
                  </th>
                  <td className="num" data-total="count">
                    {t.count}
                  </td>
                  <td data-total="amount">{t.amounts.length === 0 ? '–' : t.amounts.map((a) => money(a.amount, a.currency)).join(', ')}</td>
                  <td className="muted">{CLASS_HINTS[c]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="panel">
        <div className="segmented class-filter" role="group" aria-label="Show the rows of">
          <button type="button" aria-pressed={shown === undefined} onClick={() => show(undefined)}>
            All ({r.rows.length})
          </button>
          {RECONCILIATION_CLASSES.map((c) => (
            <button key={c} type="button" aria-pressed={shown === c} onClick={() => show(c)}>
              {CLASS_WORDS[c]} ({r.totals[c].count})
            </button>
          ))}
        </div>
        {rows.length === 0 ? (
          <p className="muted" role="status">
            {r.rows.length === 0
              ? 'Neither the journal nor the gateway has a charge made by this app in this period.'
              : `No ${CLASS_WORDS[shown!].toLowerCase()} rows in this report.`}
          </p>
        ) : (
          <div className="table-scroll">
            <table className="data-table reconciliation-table">
              <caption className="visually-hidden">Orders of the report{shown ? `: ${CLASS_WORDS[shown]}` : ''}</caption>
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  <th scope="col">Order number</th>
                  <th scope="col">Journal</th>
                  <th scope="col">Gateway</th>
                  <th scope="col">What differs</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ReportRow key={`${row.class}-${row.orderNumber}`} row={row} onSettled={onRerun} />
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
  const at = run.syncedAt;
  const time = at !== undefined && (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
      {formatCompactDateTime(at)}
    </time>
  );
  if (run.sync === 'done') {
    return (
      <p className="muted" role="status">
        The gateway’s orders were read just before the report{time ? <> (at {time})</> : null}.
      </p>
    );
  }
  const why = run.sync === 'failed' ? 'could not be read' : 'were not read to the end (the reading was cancelled)';
  return (
    <div className="panel warning-panel sync-notice" role="alert">
      <strong>The gateway’s orders {why} before this report.</strong> {run.syncReason ? <>{run.syncReason} </> : null}
      {!run.complete ? (
        <>Part of this period was never read from the gateway, so orders of it may be missing from the gateway side. </>
      ) : null}
      {time ? (
        <>
          The gateway side is as of the last complete reading, at {time}; anything that changed at the gateway since is not in it. Run the
          report again to retry.
        </>
      ) : (
        <>
          The gateway’s orders have never been read in this environment: the gateway side is empty, not checked. Run the report again to
          retry.
        </>
      )}
    </div>
  );
}

function ReportRow({ row, onSettled }: { readonly row: ReconciliationRow; readonly onSettled: () => void }) {
  const showOrder = useUi((s) => s.showOrder);
  const openWorkspace = useUi((s) => s.open);
  const openChargesTab = useUi((s) => s.openChargesTab);
  const toast = useUi((s) => s.toast);
  const profile = useRoleProfile().data;
  const queries = useQueryClient();
  const j = row.journal;
  const g = row.gateway;
  const chargeOpen = j !== undefined && (j.state === 'PENDING' || j.state === 'UNKNOWN');
  const reconcile = useMutation({
    mutationFn: (chargeId: number) => call('charges.reconcile', { id: chargeId }),
    onSuccess: (r) => {
      const after = r.results[0];
      toast(
        after && 'charge' in after && after.outcome !== 'unknown' ? 'success' : 'info',
        `${row.orderNumber}: ${after && 'charge' in after ? after.charge.stateWords : 'still open'}`,
      );
      void queries.invalidateQueries({ queryKey: ['charges'] });
      // What the report said of this row is no longer true: run it again.
      onSettled();
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  // The gateway's id where known; the number finds the order otherwise.
  const open = () => showOrder(row.orderId ?? row.orderNumber);

  return (
    <tr data-class={row.class} data-order-number={row.orderNumber} className="report-row" onClick={open}>
      <td>
        <span className={`badge ${CLASS_TONES[row.class]}`}>{CLASS_WORDS[row.class]}</span>
      </td>
      <td className="mono">{row.orderNumber}</td>
      <td data-side="journal">
        {j ? (
          <>
            {journalWords(j)}
            <div className="muted figure-note">
              <time dateTime={new Date(j.at).toISOString()} title={formatDateTime(j.at)}>
                {formatCompactDateTime(j.at)}
              </time>{' '}
              by {j.operator}
            </div>
          </>
        ) : (
          <span className="muted">no charge</span>
        )}
      </td>
      <td data-side="gateway">
        {g ? (
          <>
            {gatewayWords(g)}
            <div className="muted figure-note">
              status {g.status}, registered{' '}
              <time dateTime={new Date(g.registeredAt).toISOString()} title={formatDateTime(g.registeredAt)}>
                {formatCompactDateTime(g.registeredAt)}
              </time>
            </div>
          </>
        ) : (
          <span className="muted">no order</span>
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
          <Button className="btn-small" onClick={open} aria-label={`Open order ${row.orderNumber}`}>
            Open
          </Button>
          {chargeOpen && mayCall(profile, 'charges.reconcile') && (
            <Button
              className="btn-small"
              variant="primary"
              onClick={() => reconcile.mutate(j.chargeId)}
              disabled={reconcile.isPending}
              aria-label={`Reconcile ${row.orderNumber}`}
            >
              {reconcile.isPending ? 'Asking…' : 'Reconcile'}
            </Button>
          )}
          {row.class === 'open' && (
            <Button
              className="btn-small"
              variant="ghost"
              onClick={() => {
                openChargesTab('journal');
                openWorkspace('charges');
              }}
            >
              Charge journal
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
