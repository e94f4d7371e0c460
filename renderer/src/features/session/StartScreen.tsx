/**
 * What the desk shows before anyone is signed in: the app's name and environment (production in red, as in
 * the app itself), and the one form the session's state asks for: the first administrator, the role
 * profile's adoption, or signing in.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/settings';
import { EnvironmentBadge, ProductionBand } from '../../components/EnvironmentMarks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { AdoptProfile, FirstAdministrator } from './FirstStart';
import { SignInForm } from './SignInForm';
import './session.css';

export function StartScreen({ session }: { readonly session: SessionView }) {
  return (
    <StartFrame>
      {session.state === 'firstAdministrator' ? <FirstAdministrator /> : session.state === 'adoptProfile' ? <AdoptProfile /> : <SignIn />}
    </StartFrame>
  );
}

function SignIn() {
  const { t } = useTranslation('session');
  return (
    <section aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <p>{t('signIn.lead')}</p>
      <SignInForm />
    </section>
  );
}

/** The frame of the screens before signing in; its content is the session's form, or why there is none. */
export function StartFrame({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const environment = useAppInfo().data?.environment;
  return (
    <div className={`app start-screen env-${environment ?? 'unknown'}`}>
      <ProductionBand environment={environment} />
      <header className="topbar">
        <span className="brand">{t('brand')}</span>
        <EnvironmentBadge environment={environment} />
      </header>
      <main className="start-content" id="main">
        <div className="panel start-panel">{children}</div>
      </main>
    </div>
  );
}

/** The session could not be read: main's words, for support to quote. */
export function SessionFailed({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('session');
  return (
    <StartFrame>
      <ErrorNotice error={error} lead={t('failed')} />
    </StartFrame>
  );
}
