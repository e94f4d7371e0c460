/**
 * The app's gate: who is at the desk decides what shows, before anything else. A fresh installation asks for
 * its first administrator (or adopts its old role profile), a desk nobody is signed in at asks to sign in,
 * and a signed-in person has the app (Shell.tsx). A locked desk keeps that person's app mounted underneath,
 * typed forms and all, with the lock screen over it; the screens' queries wait meanwhile (api/session.ts).
 * Another person signing in at a locked desk gets an app of their own, nothing of the first person's typed. The
 * same person whose sign-in awaits its code (two-factor) keeps their app under the lock screen until it is typed.
 */
import { useEffect, useRef } from 'react';
import type { SessionView } from '../../main/ipc/contract';
import { useMainEvents } from './api/events';
import { useSession } from './api/session';
import { useUi } from './app/uiStore';
import { useActivityReports } from './features/session/activity';
import { LockScreen } from './features/session/LockScreen';
import { RecoveryCodes } from './features/twoFactor/RecoveryCodes';
import { SessionFailed, StartFrame, StartScreen } from './features/session/StartScreen';
import { showLanguage } from './i18n';
import { Shell } from './Shell';
import { useTranslation } from 'react-i18next';

export function App() {
  useMainEvents();
  const session = useSession();
  const view = session.data;
  const theme = useUi((s) => s.theme);
  const { t } = useTranslation('session');
  // The person's session as last shown: what stays under the lock screen while their code is awaited.
  const shown = useRef<Extract<SessionView, { readonly state: 'active' | 'locked' }>>(undefined);
  if (view?.state === 'active' || view?.state === 'locked') shown.current = view;
  const resumed = view?.state === 'secondFactor' && view.resumes && shown.current?.person.id === view.person.id ? shown.current : undefined;
  const kept = view?.state === 'active' || view?.state === 'locked' ? view : resumed;
  const signedIn = kept !== undefined;
  useActivityReports(view?.state === 'active');

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Whoever signs in next finds nothing the last person had on screen (their toasts, a card picked to charge);
  // the same person signing in again at their locked desk finds it all.
  const personId = kept?.person.id;
  useEffect(() => {
    useUi.getState().forgetThePerson();
  }, [personId]);

  // Until a person's own language is known (their settings, read by the shell), the desk's.
  const deskLanguage = signedIn ? undefined : view?.language;
  useEffect(() => {
    if (deskLanguage) void showLanguage(deskLanguage);
  }, [deskLanguage]);

  if (session.isError && !view) return <SessionFailed error={session.error} />;
  if (!view)
    return (
      <StartFrame>
        <p role="status">{t('starting')}</p>
      </StartFrame>
    );
  if (!kept) return <StartScreen session={view} />;
  return (
    <>
      <Shell key={kept.person.id} session={kept} person={kept.person} locked={view.state !== 'active'} />
      {view.state !== 'active' && <LockScreen person={kept.person} codeAwaited={view.state === 'secondFactor'} />}
      <RecoveryCodes />
    </>
  );
}
