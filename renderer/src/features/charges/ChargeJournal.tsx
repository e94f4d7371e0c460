/**
 * The journal of every charge made from this app, newest first: what each charge took in the end (charged,
 * refunded, net, as of the latest look-up of its order or operation on it made here) and the order's latest
 * state in words, the gateway's reason, the card masked; filtered by state, text (order number, order ID, client, binding) and date range, and
 * exported as CSV with the same filters. Charges whose outcome is unknown can be reconciled from here.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChargeView, Input } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { useFileExport } from '../../components/useFileExport';
import { dayEnd, dayStart, formatCompactDateTime, formatDateTime } from '../../format/dates';
import { CATEGORY_WORDS, cardWords, chargeAmount, chargeTone, standingAmount } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';

type Filter = Input<'charges.export'>;
type StateFilter = NonNullable<Filter['state']> | '';

const STATE_OPTIONS: readonly (readonly [StateFilter, string])[] = [
  ['', 'All states'],
  ['unknown', 'Outcome unknown (answer lost)'],
  ['sending', 'Being sent'],
  ['PAID', 'Charged or held'],
  ['DECLINED', 'Declined'],
  ['FAILED', 'Failed (nothing charged)'],
];

export function ChargeJournal() {
  const id = useId();
  const [state, setState] = useState<StateFilter>('');
  const [text, setText] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filter: Filter = {
    ...(state ? { state } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayEnd(toDay) } : {}),
  };
  const rangeError = fromDay && toDay && fromDay > toDay ? 'The start is after the end' : undefined;
  const journal = useQuery({
    queryKey: ['charges', 'journal', filter],
    queryFn: () => call('charges.journal', filter),
    placeholderData: keepPreviousData,
    enabled: rangeError === undefined,
    staleTime: 0,
  });
  const exportCsv = useFileExport(() => call('charges.export', filter), {
    saved: (name) => `Exported the charge journal to ${name}`,
  });
  const entries = journal.data?.entries ?? [];

  return (
    <div className="charge-journal">
      <form className="panel inline-form" aria-label="Filter the charge journal" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as StateFilter)}>
            {STATE_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Order, client or binding</label>
          <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={toDay}
            onChange={(e) => setToDay(e.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
          />
          {rangeError && (
            <div id={`${id}-range`} className="field-error" role="alert">
              {rangeError}
            </div>
          )}
        </div>
        <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || rangeError !== undefined}>
          Export CSV
        </Button>
      </form>
      {journal.isError && <ErrorNotice className="panel error-panel" error={journal.error} />}
      <div className="panel">
        <p className="muted" role="status">
          {entries.length === 0
            ? 'No charges match.'
            : `${entries.length.toLocaleString()} charge${entries.length === 1 ? '' : 's'} in ${journal.data?.environment ?? ''}${
                journal.data?.more ? ' shown (the newest); the export has all that match' : ''
              }`}
        </p>
        {entries.length > 0 && (
          <div className="table-scroll">
            <table className="data-table charge-table">
              <caption className="visually-hidden">Charges, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Order number</th>
                  <th scope="col">Client</th>
                  <th scope="col">Card</th>
                  <th scope="col">Charged</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Net</th>
                  <th scope="col">State</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((c) => (
                  <JournalRow key={c.id} charge={c} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

function JournalRow({ charge: c }: { readonly charge: ChargeView }) {
  const showOrder = useUi((s) => s.showOrder);
  const toast = useUi((s) => s.toast);
  const queries = useQueryClient();
  const reconcile = useMutation({
    mutationFn: () => call('charges.reconcile', { id: c.id }),
    onSuccess: (r) => {
      const after = r.results[0];
      toast(
        after && 'charge' in after && after.outcome !== 'unknown' ? 'success' : 'info',
        `${c.orderNumber}: ${after && 'charge' in after ? after.charge.stateWords : 'still open'}`,
      );
      void queries.invalidateQueries({ queryKey: ['charges'] });
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
  // A charge being sent has its answer on the way: nothing to reconcile yet.
  const open = (c.state === 'UNKNOWN' || c.state === 'PENDING') && !c.sending;
  return (
    <tr data-charge-id={c.id} data-state={c.state}>
      <td className="journal-time">
        {/* Day over time, each on one line: the table keeps its Actions in view at 1280 px. */}
        <time dateTime={new Date(c.at).toISOString()} title={formatDateTime(c.at)}>
          {formatCompactDateTime(c.at).replace(' ', '\n')}
        </time>
      </td>
      <td className="mono">{c.orderNumber}</td>
      <td className="mono">{c.clientId}</td>
      <td>
        <span className="mono">{cardWords(c)}</span> <span className="muted">{CATEGORY_WORDS[c.category]}</span>
      </td>
      <Figures charge={c} />
      <td>
        <span className={`badge ${chargeTone(c)}`}>{c.stateWords}</span>
        {c.standing && c.standing.source !== 'charge' && (
          <div className="muted figure-note state-note">
            as of {c.standing.source === 'lookUp' ? 'the look-up' : 'the operation'} at{' '}
            <time dateTime={new Date(c.standing.asOf).toISOString()} title={formatDateTime(c.standing.asOf)}>
              {formatCompactDateTime(c.standing.asOf)}
            </time>
          </div>
        )}
      </td>
      <td>{c.reason ?? ''}</td>
      <td>
        <div className="button-row">
          {open && (
            <Button
              className="btn-small"
              variant="primary"
              onClick={() => reconcile.mutate()}
              disabled={reconcile.isPending}
              aria-label={`Reconcile ${c.orderNumber}`}
            >
              {reconcile.isPending ? 'Asking…' : 'Reconcile'}
            </Button>
          )}
          {c.orderId && (
            <Button className="btn-small" onClick={() => showOrder(c.orderId!)} aria-label={`Open ${c.orderNumber} in Orders`}>
              Open
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * Charged, refunded and net, in the charge's currency. Charged says what the charge asked for where it took
 * another amount (reversed, held, deposited in part); nothing is said of money while the outcome is not known.
 */
function Figures({ charge: c }: { readonly charge: ChargeView }) {
  const s = c.standing;
  if (!s) {
    return (
      <>
        <td className="num">
          {chargeAmount(c)}
          <div className="muted figure-note">{c.sending ? 'being sent' : 'not known yet'}</div>
        </td>
        <td className="num muted">–</td>
        <td className="num muted">–</td>
      </>
    );
  }
  return (
    <>
      <td className="num" data-figure="charged">
        {standingAmount(c, s.charged)}
        {s.charged !== c.amount && <div className="muted figure-note">of {chargeAmount(c)}</div>}
      </td>
      <td className="num" data-figure="refunded">
        {standingAmount(c, s.refunded)}
      </td>
      <td className="num" data-figure="net">
        <strong>{standingAmount(c, s.net)}</strong>
      </td>
    </>
  );
}
