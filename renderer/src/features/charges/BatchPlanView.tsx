import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ChargeBatchPlan } from '../../../../main/ipc/contract';
import { useChargeBatchControl, useChargeBatchStatus } from '../../api/chargeBatches';
import { call } from '../../api/client';
import { useErrorToast } from '../../components/useErrorToast';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { useFileExport } from '../../components/useFileExport';
import { ProgressCounts, type Count } from '../../components/ProgressCounts';
import { formatAmount } from '../../format/money';
import { say } from '../../i18n/say';
import { BATCH_TONES, batchResultWords, categoryWords, reasonsText } from './words';
import { formatCount } from '../../format/numbers';
import { environmentInSentence } from '../../format/environment';
import { SHOWN_ROWS, totalsWords } from './shared';
import { ConfirmBatch } from './ConfirmBatch';
import { DataTable } from '../../components/DataTable';
import { AwaitingApproval } from '../approvals/AwaitingApproval';

export function BatchPlanView({ plan }: { readonly plan: ChargeBatchPlan }) {
  const show = useUi((s) => s.showChargeBatch);
  const toastError = useErrorToast();
  const { t, i18n } = useTranslation('charges');
  const [confirming, setConfirming] = useState(false);
  const status = useChargeBatchStatus(plan.batchId);
  const state = status.data?.state ?? 'planned';
  const control = useChargeBatchControl(plan.batchId, { onError: toastError });
  const exportCsv = useFileExport(() => call('charges.batch.export', { batchId: plan.batchId }));
  const p = status.data?.progress;
  const finished = state === 'done' || state === 'cancelled' || state === 'failed';
  const rows = status.data?.rows ?? [];
  const sending = rows.find((r) => r.result === 'sending');
  const counts: readonly Count[] = p
    ? [
        ['paid', t('term.charged'), p.paid],
        ['other', t('term.notCharged'), p.other],
        ['unknown', t('term.outcomeUnknown'), p.unknown],
      ]
    : [];

  return (
    <div className="batch-run">
      <section className="panel" aria-labelledby="charge-batch-title">
        <div className="workspace-head">
          <h2 id="charge-batch-title">
            {t(
              state === 'planned' || state === 'running' || state === 'paused' || state === 'cancelled' || state === 'failed'
                ? `batch.state.${state}`
                : 'batch.state.done',
            )}
          </h2>
          <div className="button-row">
            {state === 'planned' && (
              <Button variant="primary" onClick={() => setConfirming(true)} disabled={plan.charges.length === 0}>
                {t('batch.chargeCards', { count: plan.charges.length, n: formatCount(plan.charges.length) })}
              </Button>
            )}
            {state === 'running' && (
              <Button onClick={() => control.mutate('pause')} disabled={control.isPending}>
                {t('batch.pause')}
              </Button>
            )}
            {state === 'paused' && (
              <Button variant="primary" onClick={() => control.mutate('resume')} disabled={control.isPending}>
                {t('batch.resume')}
              </Button>
            )}
            {(state === 'running' || state === 'paused') && (
              <Button variant="danger" onClick={() => control.mutate('cancel')} disabled={control.isPending}>
                {t('batch.cancelRest')}
              </Button>
            )}
            {finished && (
              <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
                {t('batch.download')}
              </Button>
            )}
            {(state === 'planned' || finished) && <Button onClick={() => show(undefined)}>{t('batch.another')}</Button>}
          </div>
        </div>
        <p role="status" data-testid="batch-summary">
          {plan.totals.length > 0
            ? t('batch.toChargeTotals', {
                count: plan.charges.length,
                n: formatCount(plan.charges.length),
                environment: environmentInSentence(i18n, plan.environment),
                totals: totalsWords(plan),
              })
            : t('batch.toCharge', {
                count: plan.charges.length,
                n: formatCount(plan.charges.length),
                environment: environmentInSentence(i18n, plan.environment),
              })}{' '}
          {t('batch.invalidLeft', { count: plan.invalid.length, n: formatCount(plan.invalid.length) })}
        </p>
        {status.data?.awaiting && state === 'planned' && <AwaitingApproval why={status.data.awaiting.why} batch />}
        {status.data?.failure && (
          <p className="field-error" role="alert">
            {t('batch.stopped', { failure: say(i18n, status.data.failure) })}
          </p>
        )}
        {p && state !== 'planned' && (
          <>
            <ProgressCounts done={p.done} total={p.total} label={t('batch.progress')} counts={counts} />
            {sending && !finished && (
              <p className="muted" data-testid="batch-sending">
                <Trans
                  t={t}
                  i18nKey="batch.sending"
                  values={{ line: sending.line, order: sending.orderNumber }}
                  components={{ mono: <span className="mono" /> }}
                />
              </p>
            )}
          </>
        )}
      </section>

      {plan.invalid.length > 0 && !finished && (
        <section className="panel" aria-labelledby="invalid-rows-title">
          <h2 id="invalid-rows-title">{t('batch.invalidRows', { n: formatCount(plan.invalid.length) })}</h2>
          <DataTable caption={t('batch.invalidCaption')} columns={[t('term.line'), t('term.why')]}>
            {plan.invalid.slice(0, SHOWN_ROWS).map((r) => (
              <tr key={r.line} data-line={r.line}>
                <td className="num">{r.line}</td>
                <td>{reasonsText(i18n, r.errors)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      )}

      {finished && rows.length > 0 && (
        <section className="panel" aria-labelledby="batch-rows-title">
          <h2 id="batch-rows-title">{t('batch.rowsTitle', { n: formatCount(rows.length) })}</h2>
          {/* Focusable: a long file scrolls here, and the keyboard must reach every row. */}
          <DataTable
            caption={t('batch.rowsCaption')}
            className="batch-result-table"
            columns={[t('term.line'), t('term.client'), t('term.amountInFile'), t('term.result'), t('term.orderNumber'), t('term.reason')]}
            scroll={{ label: t('batch.rowsScroll'), group: true }}
          >
            {rows.slice(0, SHOWN_ROWS).map((r) => {
              const tone = BATCH_TONES[r.result];
              return (
                <tr key={r.line} data-line={r.line} data-result={r.result}>
                  <td className="num">{r.line}</td>
                  <td className="mono">
                    <Id value={r.clientId} />
                  </td>
                  <td className="num">{r.amountText}</td>
                  <td>
                    <span className={`badge ${tone}`}>{batchResultWords(r.result)}</span>
                  </td>
                  <td className="mono">
                    <Id value={r.orderNumber} />
                  </td>
                  <td>{r.reason ? reasonsText(i18n, r.reason) : ''}</td>
                </tr>
              );
            })}
          </DataTable>
          {rows.length > SHOWN_ROWS && <p className="muted">{t('batch.firstRowsResult', { n: SHOWN_ROWS })}</p>}
        </section>
      )}

      {plan.charges.length > 0 && (
        <details className="panel planned-rows">
          <summary>{t('batch.plannedRows', { n: formatCount(plan.charges.length) })}</summary>
          <DataTable
            caption={t('batch.plannedCaption')}
            columns={[t('term.line'), t('term.client'), t('term.card'), t('term.amount'), t('term.orderNumber')]}
          >
            {plan.charges.slice(0, SHOWN_ROWS).map((c) => (
              <tr key={c.line}>
                <td className="num">{c.line}</td>
                <td className="mono">
                  <Id value={c.clientId} />
                </td>
                <td>
                  <Id className="mono" value={c.maskedPan ?? c.bindingId} /> <span className="muted">{categoryWords(c.category)}</span>
                </td>
                <td className="num">{formatAmount(c.amount, c.exponent, c.currencyAlpha ?? c.currency)}</td>
                <td className="mono">
                  <Id value={c.reference} />
                </td>
              </tr>
            ))}
          </DataTable>
          {plan.charges.length > SHOWN_ROWS && <p className="muted">{t('batch.firstRows', { n: SHOWN_ROWS })}</p>}
        </details>
      )}

      {confirming && <ConfirmBatch plan={plan} onClose={() => setConfirming(false)} />}
    </div>
  );
}
