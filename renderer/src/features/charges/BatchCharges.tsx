/**
 * Batch charges from a CSV file: paste or drop it, get a dry run (what would be charged, in totals per
 * currency, and every invalid row with why), confirm with the environment and totals restated, then
 * follow the run with progress, pause, resume and cancel (the row on its way is "being sent", however slow
 * its answer; only a lost answer is "unknown"), see what became of every row, and download the result file. A file can be
 * run once: its rows' order numbers come from its hash, and a second dry run lists them as charged.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChargeBatchPlan, ChargeBatchStatus } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { Dialog } from '../../components/Dialog';
import { useFileExport } from '../../components/useFileExport';
import { ProgressBar } from '../../components/ProgressBar';
import { formatAmount } from '../../format/money';
import { BATCH_RESULT, CATEGORY_WORDS } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';

const COLUMNS_HINT =
  'CSV with a header: clientId, bindingId, amount (major units, e.g. 12.50), currency (RUB or 643), description (optional)';
/** Rows of the dry run drawn on screen; the result file has them all. */
const SHOWN_ROWS = 500;

export function BatchCharges() {
  const batchId = useUi((s) => s.chargeBatchId);
  const plan = useQuery<ChargeBatchPlan>({
    queryKey: keys.chargeBatchPlan(batchId ?? ''),
    // Set by the dry run; there is nothing to fetch.
    queryFn: () => Promise.reject(new Error('The dry run is gone; check the file again')),
    enabled: false,
    gcTime: Infinity,
  });
  return batchId && plan.data ? <BatchPlanView plan={plan.data} /> : <BatchFile />;
}

function BatchFile() {
  const id = useId();
  const [text, setText] = useState('');
  const queries = useQueryClient();
  const show = useUi((s) => s.showChargeBatch);
  const check = useMutation({
    mutationFn: () => call('charges.batch.plan', { text }),
    onSuccess: (plan) => {
      queries.setQueryData(keys.chargeBatchPlan(plan.batchId), plan);
      void queries.invalidateQueries({ queryKey: keys.chargeBatchStatus(plan.batchId) });
      show(plan.batchId);
    },
  });

  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate();
      }}
    >
      <h2 id={`${id}-title`}>Charge many stored cards from a file</h2>
      <CsvDropZone label={COLUMNS_HINT} text={text} onText={setText} />
      {check.isError && <ErrorNotice className="field-error" error={check.error} />}
      <p className="muted">The dry run charges nothing: it checks every row against the client’s stored cards and the limits.</p>
      <Button type="submit" variant="primary" disabled={text.trim() === '' || check.isPending}>
        {check.isPending ? 'Checking…' : 'Check the file (dry run)'}
      </Button>
    </form>
  );
}

const totalsWords = (plan: ChargeBatchPlan) =>
  plan.totals.map((t) => `${formatAmount(t.amount, t.exponent, t.currencyAlpha ?? t.currency)} (${t.count})`).join(', ');

function BatchPlanView({ plan }: { readonly plan: ChargeBatchPlan }) {
  const show = useUi((s) => s.showChargeBatch);
  const toast = useUi((s) => s.toast);
  const [confirming, setConfirming] = useState(false);
  const status = useQuery<ChargeBatchStatus>({
    queryKey: keys.chargeBatchStatus(plan.batchId),
    queryFn: () => call('charges.batch.status', { batchId: plan.batchId }),
    // Events keep this current; polling while it runs covers a dropped event stream.
    refetchInterval: (q) => (q.state.data?.state === 'running' || q.state.data?.state === 'paused' ? 1000 : false),
  });
  const state = status.data?.state ?? 'planned';
  const control = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => call(`charges.batch.${action}`, { batchId: plan.batchId }),
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  const exportCsv = useFileExport(() => call('charges.batch.export', { batchId: plan.batchId }));
  const p = status.data?.progress;
  const finished = state === 'done' || state === 'cancelled' || state === 'failed';
  const rows = status.data?.rows ?? [];
  const sending = rows.find((r) => r.result === 'sending');

  return (
    <div className="batch-run">
      <section className="panel" aria-labelledby="charge-batch-title">
        <div className="workspace-head">
          <h2 id="charge-batch-title">
            {state === 'planned'
              ? 'Dry run: nothing charged yet'
              : state === 'running'
                ? 'Charging…'
                : state === 'paused'
                  ? 'Paused'
                  : state === 'cancelled'
                    ? 'Batch cancelled'
                    : state === 'failed'
                      ? 'Batch stopped by an error'
                      : 'Batch finished'}
          </h2>
          <div className="button-row">
            {state === 'planned' && (
              <Button variant="primary" onClick={() => setConfirming(true)} disabled={plan.charges.length === 0}>
                Charge {plan.charges.length.toLocaleString()} card{plan.charges.length === 1 ? '' : 's'}…
              </Button>
            )}
            {state === 'running' && (
              <Button onClick={() => control.mutate('pause')} disabled={control.isPending}>
                Pause
              </Button>
            )}
            {state === 'paused' && (
              <Button variant="primary" onClick={() => control.mutate('resume')} disabled={control.isPending}>
                Resume
              </Button>
            )}
            {(state === 'running' || state === 'paused') && (
              <Button variant="danger" onClick={() => control.mutate('cancel')} disabled={control.isPending}>
                Cancel the rest
              </Button>
            )}
            {finished && (
              <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
                Download the result file
              </Button>
            )}
            {(state === 'planned' || finished) && <Button onClick={() => show(undefined)}>Another file</Button>}
          </div>
        </div>
        <p role="status" data-testid="batch-summary">
          {plan.charges.length.toLocaleString()} row{plan.charges.length === 1 ? '' : 's'} to charge in {plan.environment}
          {plan.totals.length > 0 ? `: ${totalsWords(plan)}` : ''}. {plan.invalid.length.toLocaleString()} invalid row
          {plan.invalid.length === 1 ? '' : 's'} will not be charged.
        </p>
        {status.data?.failure && (
          <p className="field-error" role="alert">
            The app stopped the batch: {status.data.failure}. The row being charged may or may not have been charged (see the journal); the
            rows after it were not.
          </p>
        )}
        {p && state !== 'planned' && (
          <>
            <ProgressBar value={p.done} max={p.total} label="Charges made" />
            <dl className="counts">
              <dt>Charged</dt>
              <dd data-count="paid">{p.paid.toLocaleString()}</dd>
              <dt>Not charged</dt>
              <dd data-count="other">{p.other.toLocaleString()}</dd>
              <dt>Outcome unknown</dt>
              <dd data-count="unknown">{p.unknown.toLocaleString()}</dd>
            </dl>
            {sending && !finished && (
              <p className="muted" data-testid="batch-sending">
                Sending line {sending.line} (order <span className="mono">{sending.orderNumber}</span>); waiting for the gateway’s answer.
              </p>
            )}
          </>
        )}
      </section>

      {plan.invalid.length > 0 && !finished && (
        <section className="panel" aria-labelledby="invalid-rows-title">
          <h2 id="invalid-rows-title">Invalid rows ({plan.invalid.length.toLocaleString()})</h2>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Rows of the file that will not be charged, and why</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {plan.invalid.slice(0, SHOWN_ROWS).map((r) => (
                  <tr key={r.line} data-line={r.line}>
                    <td className="num">{r.line}</td>
                    <td>{r.errors.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {finished && rows.length > 0 && (
        <section className="panel" aria-labelledby="batch-rows-title">
          <h2 id="batch-rows-title">What happened to each row ({rows.length.toLocaleString()})</h2>
          {/* Focusable: a long file scrolls here, and the keyboard must reach every row. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label="Rows of the file, scrollable">
            <table className="data-table batch-result-table">
              <caption className="visually-hidden">Every row of the file, in its order, with what became of it</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Client</th>
                  <th scope="col">Amount in the file</th>
                  <th scope="col">Result</th>
                  <th scope="col">Order number</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ROWS).map((r) => {
                  const [words, tone] = BATCH_RESULT[r.result];
                  return (
                    <tr key={r.line} data-line={r.line} data-result={r.result}>
                      <td className="num">{r.line}</td>
                      <td className="mono">{r.clientId}</td>
                      <td className="num">{r.amountText}</td>
                      <td>
                        <span className={`badge ${tone}`}>{words}</span>
                      </td>
                      <td className="mono">{r.orderNumber}</td>
                      <td>{r.reason ?? ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {rows.length > SHOWN_ROWS && <p className="muted">The first {SHOWN_ROWS} rows are shown; the result file has them all.</p>}
        </section>
      )}

      {plan.charges.length > 0 && (
        <details className="panel planned-rows">
          <summary>Rows to charge ({plan.charges.length.toLocaleString()})</summary>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Rows that will be charged</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Client</th>
                  <th scope="col">Card</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Order number</th>
                </tr>
              </thead>
              <tbody>
                {plan.charges.slice(0, SHOWN_ROWS).map((c) => (
                  <tr key={c.line}>
                    <td className="num">{c.line}</td>
                    <td className="mono">{c.clientId}</td>
                    <td>
                      <span className="mono">{c.maskedPan ?? c.bindingId}</span> <span className="muted">{CATEGORY_WORDS[c.category]}</span>
                    </td>
                    <td className="num">{formatAmount(c.amount, c.exponent, c.currencyAlpha ?? c.currency)}</td>
                    <td className="mono">{c.reference}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {plan.charges.length > SHOWN_ROWS && <p className="muted">The first {SHOWN_ROWS} rows are shown.</p>}
        </details>
      )}

      {confirming && <ConfirmBatch plan={plan} onClose={() => setConfirming(false)} />}
    </div>
  );
}

function ConfirmBatch({ plan, onClose }: { readonly plan: ChargeBatchPlan; readonly onClose: () => void }) {
  const queries = useQueryClient();
  const [checked, setChecked] = useState(false);
  const run = useMutation({
    mutationFn: () => call('charges.batch.run', { batchId: plan.batchId, environment: plan.environment }),
    onSuccess: (status) => {
      queries.setQueryData(keys.chargeBatchStatus(plan.batchId), status);
      onClose();
    },
  });
  const production = plan.environment === 'production';
  const label = `Charge ${plan.charges.length.toLocaleString()} card${plan.charges.length === 1 ? '' : 's'}`;
  return (
    <Dialog title="Confirm the batch charge" open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !run.isPending) run.mutate();
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>Environment</dt>
          <dd>
            <strong>{production ? 'Production: real cards, real money' : plan.environment}</strong>
          </dd>
          <dt>Charges</dt>
          <dd>{plan.charges.length.toLocaleString()}, one after another</dd>
          <dt>Total</dt>
          <dd>
            <strong className="confirm-amount">{totalsWords(plan)}</strong>
          </dd>
          <dt>Left out</dt>
          <dd>{plan.invalid.length.toLocaleString()} invalid rows</dd>
        </dl>
        <label className="checkbox confirm-check">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} /> I have checked the dry run and the
          totals
        </label>
        {run.isError && <ErrorNotice className="field-error" error={run.error} lead="Nothing was charged:" />}
        <div className="dialog-buttons">
          <Button onClick={onClose} data-autofocus disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || run.isPending}>
            {run.isPending ? 'Starting…' : label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
