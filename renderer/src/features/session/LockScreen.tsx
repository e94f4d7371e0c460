/**
 * The lock screen, over the app kept as it was underneath (inert, hidden from assistive technology): whatever
 * was typed stays typed, and a money confirmation that was open has been cancelled (cancelOnLock.ts). A modal
 * <dialog> opened last, so it is above any dialog the app had open; Escape does not close it, only signing in
 * does. The same person resumes; another person may sign in, and then starts from a fresh app (App.tsx).
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/settings';
import { EnvironmentBadge } from '../../components/EnvironmentMarks';
import { CodeStep } from '../twoFactor/CodeStep';
import { SignInForm } from './SignInForm';
import './session.css';

export function LockScreen({
  person,
  codeAwaited = false,
}: {
  readonly person: PersonView;
  /** Their password was right: the code of their two-factor sign-in is awaited. */
  readonly codeAwaited?: boolean;
}) {
  const { t } = useTranslation('session');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const environment = useAppInfo().data?.environment;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input[type="password"]')?.focus();
    }
  }, []);
  return (
    <dialog ref={ref} className="dialog lock-screen" aria-labelledby={titleId} onCancel={(e) => e.preventDefault()}>
      {/* Nothing of the app shows through: the environment is said here, as on the sign-in screen. */}
      <p className="lock-where">
        <span className="brand">{t('brand', { ns: 'common' })}</span> <EnvironmentBadge environment={environment} />
      </p>
      <h2 id={titleId}>{t('locked.title')}</h2>
      <p>{t('locked.lead', { name: person.displayName })}</p>
      {codeAwaited ? <CodeStep person={person} titled={false} /> : <SignInForm login={person.login} />}
    </dialog>
  );
}
