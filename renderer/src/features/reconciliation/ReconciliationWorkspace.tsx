/**
 * Finance's reconciliation report: for a period, the app's charge journal against the gateway's orders of
 * that period (main syncs the period first, then compares; every run is audited). The totals per class and
 * currency, the rows with both sides and what differs in words, a filter by class, a row opens its order,
 * open rows offer the charge journal's reconcile, and the CSV of the run. When the sync before the report
 * failed, the screen says so above everything: the gateway side is then only as current as the last sync.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from '../../api/client';
import { useAppInfo } from '../../api/settings';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PERIOD_PRESETS, choosePeriod, periodWords, type PeriodPreset, type PeriodWindow } from './period';
import { useReportUi } from './reportUi';
import './reconciliation.css';
import { useEnvironmentWords } from './shared';
import { DayRange } from '../../components/DayRange';
import { SelectField } from '../../components/SelectField';
import { Report } from './Report';
import { useHeldReport, useReconciliationRun } from '../../api/reconciliation';
import { usePeriodSyncStop } from '../../api/period';
import { useErrorToast } from '../../components/useErrorToast';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';

export function ReconciliationWorkspace() {
  const { t } = useTranslation('reconciliation');
  const environmentWords = useEnvironmentWords();

  const { preset, custom, choosePreset, setCustom } = useReportUi();
  const environment = useAppInfo().data?.environment;
  const held = useHeldReport();
  const choice = choosePeriod(preset, custom);
  // A charge made, settled or refunded since the report makes its figures no longer current.
  const [journalChanged, setJournalChanged] = useState(false);
  const run = useReconciliationRun({ onSuccess: () => setJournalChanged(false) });
  const toastError = useErrorToast();
  const stop = usePeriodSyncStop({ onError: toastError });
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
    <WorkspaceFrame title={t('title')} className="reconciliation">
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
        <SelectField label={t('period')} value={preset} onChange={(e) => choosePreset(e.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((value) => (
            <option key={value} value={value}>
              {t(`preset.${value}`)}
            </option>
          ))}
        </SelectField>
        {preset === 'custom' && (
          <DayRange
            first={custom.from}
            last={custom.to}
            onFirst={(from) => setCustom({ ...custom, from })}
            onLast={(to) => setCustom({ ...custom, to })}
            firstLabel={t('firstDay')}
            lastLabel={t('lastDay')}
            firstError={!choice.ok && choice.field === 'from' && custom.from !== '' ? choice.error : undefined}
            lastError={!choice.ok && choice.field === 'to' && custom.to !== '' ? choice.error : undefined}
          />
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
    </WorkspaceFrame>
  );
}
