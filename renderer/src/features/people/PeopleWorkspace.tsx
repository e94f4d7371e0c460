/**
 * People, for administrators: who may sign in at this desk (or at every desk of the team), with which role;
 * adding a person, changing their name or role, disabling and enabling them, setting a new password for
 * someone who forgot theirs, and ending an active person's sessions at every desk. The rules between accounts
 * (nobody above their own role, the last active administrator stays) are main's, checked in the store's write
 * transaction; their refusals are said here in words, beside the form that was refused.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { usePeople, usePersonChange } from '../../api/people';
import { useSession } from '../../api/session';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Id } from '../../components/Id';
import { ROLE_LABELS } from '../session/access';
import { useMayCall } from '../session/offered';
import { AddPerson } from './AddPerson';
import { ChangePerson } from './ChangePerson';
import { EndSessions } from './EndSessions';
import { ResetTwoFactor } from './ResetTwoFactor';
import { SetPersonPassword } from './SetPersonPassword';
import './people.css';

type Editing = { readonly what: 'change' | 'password' | 'end' | 'resetTwoFactor'; readonly person: PersonView };

export function PeopleWorkspace() {
  const { t } = useTranslation('people');
  const session = useSession().data;
  const me = session && 'person' in session ? session.person.id : undefined;
  // Not asked once the person may not have it (a change of role closes this screen a moment later).
  const people = usePeople(useMayCall('people.list'));
  const [editing, setEditing] = useState<Editing>();
  const toast = useUi((s) => s.toast);
  const active = usePersonChange({
    onSuccess: (p) => toast('success', p.active ? t('enabledNow', { name: p.displayName }) : t('disabledNow', { name: p.displayName })),
  });
  return (
    <section className="workspace people" aria-labelledby="people-title">
      <h1 id="people-title">{t('title')}</h1>
      <p className="hint">{t('lead')}</p>
      <AddPerson />
      <h2>{t('listTitle')}</h2>
      {active.isError && <ErrorNotice className="field-error" error={active.error} />}
      {people.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : people.isError ? (
        <ErrorNotice error={people.error} lead={t('failed')} />
      ) : (
        <DataTable
          label={t('listTitle')}
          columns={[
            t('column.login'),
            t('column.name'),
            t('column.role'),
            t('column.active'),
            t('reset.column', { ns: 'twoFactor' }),
            t('column.actions'),
          ]}
        >
          {people.data.map((p) => (
            <tr key={p.id} className={p.active ? undefined : 'muted'}>
              <td className="mono">
                <Id value={p.login} />
                {p.id === me && <span className="badge tone-info">{t('you')}</span>}
              </td>
              <td>
                <Id value={p.displayName} />
              </td>
              <td>{ROLE_LABELS[p.role]}</td>
              <td>{p.active ? t('active') : t('disabled')}</td>
              <td>{p.twoFactor ? t('reset.yes', { ns: 'twoFactor' }) : t('reset.no', { ns: 'twoFactor' })}</td>
              <td>
                <div className="people-actions">
                  <Button
                    aria-label={t('change.buttonLabel', { login: p.login })}
                    onClick={() => setEditing({ what: 'change', person: p })}
                  >
                    {t('change.button')}
                  </Button>
                  <Button
                    aria-label={t('password.buttonLabel', { login: p.login })}
                    onClick={() => setEditing({ what: 'password', person: p })}
                  >
                    {t('password.button')}
                  </Button>
                  {/* A disabled person was signed out everywhere when disabled, and cannot sign in. */}
                  {p.active && (
                    <Button
                      aria-label={t('endSessions.buttonLabel', { login: p.login })}
                      onClick={() => setEditing({ what: 'end', person: p })}
                    >
                      {t('endSessions.button')}
                    </Button>
                  )}
                  {p.twoFactor && (
                    <Button
                      aria-label={t('reset.title', { ns: 'twoFactor', login: p.login })}
                      onClick={() => setEditing({ what: 'resetTwoFactor', person: p })}
                    >
                      {t('reset.action', { ns: 'twoFactor' })}
                    </Button>
                  )}
                  <Button
                    variant={p.active ? 'danger' : 'secondary'}
                    aria-label={p.active ? t('disableLabel', { login: p.login }) : t('enableLabel', { login: p.login })}
                    disabled={active.isPending}
                    onClick={() => active.mutate({ id: p.id, active: !p.active })}
                  >
                    {p.active ? t('disable') : t('enable')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing?.what === 'change' && <ChangePerson person={editing.person} onClose={() => setEditing(undefined)} />}
      {editing?.what === 'password' && <SetPersonPassword person={editing.person} onClose={() => setEditing(undefined)} />}
      {editing?.what === 'resetTwoFactor' && <ResetTwoFactor person={editing.person} onClose={() => setEditing(undefined)} />}
      {editing?.what === 'end' && (
        <EndSessions person={editing.person} own={editing.person.id === me} onClose={() => setEditing(undefined)} />
      )}
    </section>
  );
}
