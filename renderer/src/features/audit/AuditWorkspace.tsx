/**
 * The audit log: who did what, where, to which object, and how it went, newest first; filtered by action,
 * outcome, date range and object, and exported as CSV with the same filters (all matching entries, not
 * only those on screen).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Input } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { Button } from '../../components/Button';
import { useFileExport } from '../../components/useFileExport';
import { dayEnd, dayStart, formatCompactDateTime, formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ROLE_LABELS } from '../roles/profile';

type Filter = Input<'audit.export'>;
const OUTCOME_TONES = { success: 'tone-success', failure: 'tone-danger', refused: 'tone-warning' } as const;

export function AuditWorkspace() {
  const id = useId();
  const [action, setAction] = useState('');
  const [outcome, setOutcome] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [objectId, setObjectId] = useState('');
  const filter: Filter = {
    ...(action ? { action } : {}),
    ...(outcome ? { outcome: outcome as NonNullable<Filter['outcome']> } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayEnd(toDay) } : {}),
    ...(objectId.trim() ? { objectId: objectId.trim() } : {}),
  };
  const log = useQuery({
    queryKey: ['audit', filter],
    queryFn: () => call('audit.query', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const exportCsv = useFileExport(() => call('audit.export', filter), { saved: (name) => `Exported the audit log to ${name}` });
  const entries = log.data?.entries ?? [];

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>Audit</h1>
        <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          Export CSV
        </Button>
      </div>
      <form className="panel inline-form" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-action`}>Action</label>
          <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">All actions</option>
            {(log.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-outcome`}>Outcome</label>
          <select id={`${id}-outcome`} value={outcome} onChange={(e) => setOutcome(e.target.value)}>
            <option value="">All outcomes</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
            <option value="refused">Refused</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={toDay} onChange={(e) => setToDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-object`}>Object ID</label>
          <input id={`${id}-object`} value={objectId} onChange={(e) => setObjectId(e.target.value)} placeholder="orderId, binding, key…" />
        </div>
      </form>
      {log.isError && <ErrorNotice className="panel error-panel" error={log.error} />}
      <div className="panel">
        <p className="muted" role="status">
          {entries.length === 0
            ? 'No entries match.'
            : `${entries.length.toLocaleString()} entries${log.data?.more ? ' shown (the newest); the export has all that match' : ''}`}
        </p>
        {entries.length > 0 && (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Audit log, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">User and profile</th>
                  <th scope="col">Environment</th>
                  <th scope="col">Action</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Object</th>
                  <th scope="col">What happened</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td className="audit-time">
                      <time dateTime={new Date(e.at).toISOString()} title={formatDateTime(e.at)}>
                        {formatCompactDateTime(e.at)}
                      </time>
                    </td>
                    <td>
                      {e.osUser}
                      <br />
                      {/* The profile in use then; older entries were written before it was recorded. */}
                      <span className="muted">{e.role ? `${ROLE_LABELS[e.role]} profile` : 'profile not recorded'}</span>
                    </td>
                    <td>{e.environment}</td>
                    <td className="mono">{e.action}</td>
                    <td>
                      <span className={`badge ${OUTCOME_TONES[e.outcome]}`}>{e.outcome}</span>
                    </td>
                    <td className="mono">{[e.objectType, e.objectId].filter(Boolean).join(' ')}</td>
                    {/* Words from the raw values; the raw detail is in the export and on hover. */}
                    <td title={e.detail}>{e.words}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
