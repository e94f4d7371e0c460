/** Adding a person: login, name, role and a first password, which they may change from the top bar. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../main/ipc/contract';
import { usePersonAdd } from '../../api/people';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { AccountFields } from '../session/FirstStart';
import { NO_PASSWORD, NewPassword, passwordReady } from '../session/NewPassword';
import { RoleField } from './RoleField';

export function AddPerson() {
  const { t } = useTranslation('people');
  const toast = useUi((s) => s.toast);
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  // The least role first: more is given on purpose.
  const [role, setRole] = useState<Role>('support');
  const [password, setPassword] = useState(NO_PASSWORD);
  const add = usePersonAdd({
    onSuccess: (p) => {
      toast('success', t('add.added', { name: p.displayName, login: p.login }));
      setLogin('');
      setName('');
      setRole('support');
      setPassword(NO_PASSWORD);
    },
  });
  const ready = login.trim() !== '' && name.trim() !== '' && passwordReady(password) && !add.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) add.mutate({ login: login.trim(), displayName: name.trim(), role, password: password.next });
  };
  return (
    <form className="panel people-add" aria-labelledby="people-add-title" onSubmit={submit}>
      <h2 id="people-add-title">{t('add.title')}</h2>
      <div className="grid-form">
        <AccountFields login={login} name={name} onLogin={setLogin} onName={setName} />
        <RoleField label={t('add.role')} value={role} onChange={setRole} />
        <NewPassword value={password} onChange={setPassword} />
      </div>
      {add.isError && <ErrorNotice className="field-error" error={add.error} />}
      <Button type="submit" variant="primary" disabled={!ready}>
        {add.isPending ? t('add.adding') : t('add.submit')}
      </Button>
    </form>
  );
}
