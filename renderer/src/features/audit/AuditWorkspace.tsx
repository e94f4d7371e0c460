/**
 * The audit log: who did what (the person signed in, their role, the OS user and the desk), where, to which
 * object, and how it went, newest first; filtered by action, outcome, date range, object and person, and
 * exported as CSV with the same filters (all matching entries, not only those on screen). The person is typed
 * as a login, with the people of the entries shown offered: the list of people is the administrators' alone,
 * and finance reads the audit too.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { Input } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useMayCall } from '../session/offered';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { useFileExport } from '../../components/useFileExport';
import { dayEnd, dayStart, formatStackedDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatCount } from '../../format/numbers';
import { useAuditEntries } from '../../api/audit';
import { DataTable } from '../../components/DataTable';
import { DayRange } from '../../components/DayRange';
import { Field } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';

type Filter = Input<'audit.export'>;
const OUTCOME_TONES = { success: 'tone-success', failure: 'tone-danger', refused: 'tone-warning', unknown: 'tone-warning' } as const;
const OUTCOMES = ['success', 'failure', 'refused', 'unknown'] as const;
/** The environments the screen has words for; an entry names one of these, or else is shown as written. */
const ENVIRONMENTS = ['sandbox', 'test', 'production', 'custom'] as const;
/** The kinds of object an entry names, which the screen has words for; another is shown as written. */
const OBJECT_TYPES = ['binding', 'channel', 'order', 'sandbox', 'settings', 'signingKey'] as const;
const isObjectType = (type: string): type is (typeof OBJECT_TYPES)[number] => (OBJECT_TYPES as readonly string[]).includes(type);
const isEnvironment = (name: string): name is (typeof ENVIRONMENTS)[number] => (ENVIRONMENTS as readonly string[]).includes(name);

/** The columns, by their key in the catalogue (`audit:table.<key>`); the last, What, takes the room the others leave. */
const COLUMNS = ['time', 'user', 'environment', 'action', 'outcome', 'what'] as const;

/** The class of the What column's heading, which takes the room the other columns leave. */
const WHAT_COLUMN = 'audit-what';

export function AuditWorkspace() {
  const { t, i18n } = useTranslation('audit');
  const [action, setAction] = useState('');
  const [outcome, setOutcome] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [objectId, setObjectId] = useState('');
  const [person, setPerson] = useState('');
  const peopleSeenId = useId();
  const filter: Filter = {
    ...(action ? { action } : {}),
    ...(outcome ? { outcome: outcome as NonNullable<Filter['outcome']> } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayEnd(toDay) } : {}),
    ...(objectId.trim() ? { objectId: objectId.trim() } : {}),
    ...(person.trim() ? { person: person.trim() } : {}),
  };
  // Not asked once the person may not have it (a change of role closes this screen a moment later).
  const log = useAuditEntries(filter, useMayCall('audit.query'));
  const exportCsv = useFileExport(() => call('audit.export', filter), { saved: (name) => t('exported', { name }) });
  const entries = log.data?.entries ?? [];
  // The people of the entries shown, offered in the person filter.
  const peopleSeen = useMemo(
    () => [...new Set((log.data?.entries ?? []).flatMap((e) => (e.person === undefined ? [] : [e.person])))].sort(),
    [log.data],
  );

  return (
    <WorkspaceFrame
      title={t('title')}
      tools={
        <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          {t('exportCsv')}
        </Button>
      }
    >
      <form className="panel inline-form" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={t('filter.action')} value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">{t('filter.allActions')}</option>
          {(log.data?.actions ?? []).map((a) => (
            <option key={a.action} value={a.action}>
              {say(i18n, a.said)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filter.outcome')} value={outcome} onChange={(e) => setOutcome(e.target.value)}>
          <option value="">{t('filter.allOutcomes')}</option>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`outcomes.${o}`)}
            </option>
          ))}
        </SelectField>
        <DayRange
          first={fromDay}
          last={toDay}
          onFirst={setFromDay}
          onLast={setToDay}
          firstLabel={t('filter.from')}
          lastLabel={t('filter.to')}
        />
        <Field
          label={t('filter.objectId')}
          value={objectId}
          onChange={(e) => setObjectId(e.target.value)}
          placeholder={t('filter.objectPlaceholder')}
        />
        <Field
          label={t('filter.person')}
          value={person}
          onChange={(e) => setPerson(e.target.value)}
          placeholder={t('filter.personPlaceholder')}
          list={peopleSeenId}
          autoComplete="off"
          spellCheck={false}
        />
        <datalist id={peopleSeenId}>
          {peopleSeen.map((login) => (
            <option key={login} value={login} />
          ))}
        </datalist>
      </form>
      {log.isError && <ErrorNotice className="panel error-panel" error={log.error} />}
      {log.data?.thisDeskOnly && (
        <p className="panel notice-panel" role="status">
          {t('thisDeskOnly')}
        </p>
      )}
      <div className="panel">
        <p className="muted" role="status">
          {entries.length === 0
            ? t('noEntries')
            : t(log.data?.more ? 'entriesMore' : 'entries', { count: entries.length, entries: formatCount(entries.length) })}
        </p>
        {entries.length > 0 && (
          // Scrolls on its own when long: reachable by the keyboard, and named for whoever lands on it.
          <DataTable
            caption={t('table.caption')}
            className="audit-table"
            columns={COLUMNS.map((c) => (c === 'what' ? { label: t(`table.${c}`), className: WHAT_COLUMN } : t(`table.${c}`)))}
            scroll={{ label: t('table.caption') }}
          >
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="audit-time">
                  <time dateTime={new Date(e.at).toISOString()}>{formatStackedDateTime(e.at)}</time>
                </td>
                <td className="audit-who">
                  {/* The person signed in then, by their login; none while nobody was, nor in entries older than accounts. */}
                  {e.person !== undefined ? (
                    <Id className="audit-person" value={e.person} />
                  ) : (
                    <span className="muted">{t('personNotRecorded')}</span>
                  )}
                  <br />
                  {/* Their role then (older entries were written before it was recorded), the OS user, and in a team's log the desk. */}
                  <span className="muted">
                    {e.role ? t('profile', { role: t(`role.${e.role}`) }) : t('profileNotRecorded')}, {t('osUser')} <Id value={e.osUser} />
                    {e.desk !== undefined && <> {t('atDesk', { desk: e.desk })}</>}
                  </span>
                </td>
                <td>{isEnvironment(e.environment) ? t(`environment.${e.environment}`) : <Id value={e.environment} />}</td>
                <td>{say(i18n, e.actionSaid)}</td>
                <td>
                  <span className={`badge ${OUTCOME_TONES[e.outcome]}`}>{t(`outcome.${e.outcome}`)}</span>
                </td>
                {/* Words from the raw values, in the language shown; the raw detail (the log's English) is in the export. */}
                <td className="audit-what">
                  {say(i18n, e.said)}
                  {/* The object under the words, not in a column of its own: a long ID would push the words out of view. A period is in the words already. */}
                  {e.objectId && e.objectType !== 'period' && (
                    <span className="audit-object mono muted">
                      {e.objectType && `${isObjectType(e.objectType) ? t(`objectType.${e.objectType}`) : e.objectType} `}
                      <Id value={e.objectId} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </WorkspaceFrame>
  );
}
