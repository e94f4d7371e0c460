/**
 * The first start of an installation without accounts: its first administrator, or (where the installation
 * kept a role profile with a passphrase) the adoption of that profile as the administrator's account, the
 * passphrase becoming its password, so that nobody who did not know it can take the installation over. Both
 * sign the administrator in at once; main refuses either once any account exists.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdoptProfile, useFirstAdministrator } from '../../api/session';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { NO_PASSWORD, NewPassword, passwordReady } from './NewPassword';
import { PasswordField } from './PasswordField';

/** The login and the name, as every new account asks them. */
export function AccountFields({
  login,
  name,
  onLogin,
  onName,
  autoFocus = false,
}: {
  readonly login: string;
  readonly name: string;
  readonly onLogin: (login: string) => void;
  readonly onName: (name: string) => void;
  readonly autoFocus?: boolean;
}) {
  const { t } = useTranslation('session');
  return (
    <>
      <Field
        label={t('account.login')}
        autoComplete="username"
        spellCheck={false}
        required
        autoFocus={autoFocus}
        value={login}
        onChange={(e) => onLogin(e.target.value)}
        hint={t('account.loginHint')}
      />
      <Field
        label={t('account.name')}
        autoComplete="name"
        required
        value={name}
        onChange={(e) => onName(e.target.value)}
        hint={t('account.nameHint')}
      />
    </>
  );
}

export function FirstAdministrator() {
  const { t } = useTranslation('session');
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState(NO_PASSWORD);
  const create = useFirstAdministrator();
  const ready = login.trim() !== '' && name.trim() !== '' && passwordReady(password) && !create.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) create.mutate({ login: login.trim(), displayName: name.trim(), password: password.next });
  };
  return (
    <form className="session-form" onSubmit={submit} aria-labelledby="first-start-title">
      <h1 id="first-start-title">{t('firstStart.title')}</h1>
      <p>{t('firstStart.lead')}</p>
      <AccountFields login={login} name={name} onLogin={setLogin} onName={setName} autoFocus />
      <NewPassword value={password} onChange={setPassword} />
      {create.isError && <ErrorNotice className="field-error" error={create.error} />}
      <Button type="submit" variant="primary" disabled={!ready}>
        {create.isPending ? t('firstStart.working') : t('firstStart.submit')}
      </Button>
    </form>
  );
}

export function AdoptProfile() {
  const { t } = useTranslation('session');
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const adopt = useAdoptProfile({ onSettled: () => setPassphrase('') });
  const ready = login.trim() !== '' && name.trim() !== '' && passphrase !== '' && !adopt.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) adopt.mutate({ login: login.trim(), displayName: name.trim(), passphrase });
  };
  return (
    <form className="session-form" onSubmit={submit} aria-labelledby="adopt-title">
      <h1 id="adopt-title">{t('adopt.title')}</h1>
      <p>{t('adopt.lead')}</p>
      <AccountFields login={login} name={name} onLogin={setLogin} onName={setName} autoFocus />
      <PasswordField autoComplete="current-password" label={t('adopt.passphrase')} value={passphrase} onChange={setPassphrase} />
      {adopt.isError && <ErrorNotice className="field-error" error={adopt.error} />}
      <Button type="submit" variant="primary" disabled={!ready}>
        {adopt.isPending ? t('adopt.working') : t('adopt.submit')}
      </Button>
    </form>
  );
}
