/**
 * The second step of a sign-in, on the start screen: the code from the person's app, or a recovery code. Main
 * checks it and counts a wrong one with the login's wrong passwords. Where this desk does not hold the team key,
 * an administrator can enter it here, before they are signed in: otherwise nobody could sign in to enter it.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { useSecondFactor, useSignOut } from '../../api/session';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { EnterTeamKey } from './EnterTeamKey';
import './twoFactor.css';

export function CodeStep({
  person,
  titled = true,
}: {
  readonly person: PersonView;
  /** False on the lock screen, which has its own title. */
  readonly titled?: boolean;
}) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const prove = useSecondFactor({ onSettled: () => setCode('') });
  const signOut = useSignOut();
  const ready = code.trim() !== '' && !prove.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) prove.mutate({ code: code.trim() });
  };
  const noTeamKey = prove.error instanceof ApiError && prove.error.said.some((p) => p.code === 'twoFactor.noTeamKey');
  return (
    <section aria-label={t('code.title')}>
      {titled && <h1>{t('code.title')}</h1>}
      <p>{t('code.lead', { name: person.displayName })}</p>
      <form className="session-form" onSubmit={submit}>
        <Field
          label={t('code.label')}
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {prove.isError && <ErrorNotice className="field-error" error={prove.error} />}
        <div className="session-buttons">
          <Button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('code.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={!ready}>
            {prove.isPending ? t('code.checking') : t('code.submit')}
          </Button>
        </div>
      </form>
      {noTeamKey && person.role === 'administrator' && <EnterTeamKey onEntered={() => prove.reset()} />}
    </section>
  );
}
