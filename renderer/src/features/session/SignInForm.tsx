/**
 * The sign-in form, on the sign-in screen and on the lock screen (there with the locked person's login
 * filled in: the same person resumes, another one may sign in too). Main checks the password and makes a
 * wrong one wait after a few; its refusal is said under the form in words. The password lives only in this
 * form, and is cleared after each attempt.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../../api/session';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { PasswordField } from './PasswordField';

export function SignInForm({ login: lockedLogin }: { readonly login?: string }) {
  const { t } = useTranslation('session');
  const [login, setLogin] = useState(lockedLogin ?? '');
  const [password, setPassword] = useState('');
  const signIn = useSignIn({ onSettled: () => setPassword('') });
  const ready = login.trim() !== '' && password !== '' && !signIn.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) signIn.mutate({ login: login.trim(), password });
  };
  return (
    <form className="session-form" onSubmit={submit}>
      <Field
        label={t('signIn.login')}
        autoComplete="username"
        spellCheck={false}
        required
        // The empty field takes the focus; on the lock screen, that is the password.
        autoFocus={lockedLogin === undefined}
        value={login}
        onChange={(e) => setLogin(e.target.value)}
      />
      <PasswordField
        autoComplete="current-password"
        label={t('signIn.password')}
        autoFocus={lockedLogin !== undefined}
        value={password}
        onChange={setPassword}
      />
      {signIn.isError && <ErrorNotice className="field-error" error={signIn.error} />}
      <Button type="submit" variant="primary" disabled={!ready}>
        {signIn.isPending ? t('signIn.checking') : t('signIn.submit')}
      </Button>
    </form>
  );
}
