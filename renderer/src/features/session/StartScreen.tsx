/**
 * What the desk shows before anyone is signed in: the app's name and environment (production in red, as in
 * the app itself), and the one form the session's state asks for: the first administrator, the role
 * profile's adoption, signing in, or its second step (a code, or the enrolment the person's role requires).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/settings';
import { EnvironmentBadge, ProductionBand } from '../../components/EnvironmentMarks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useSignOut } from '../../api/session';
import { CodeStep } from '../twoFactor/CodeStep';
import { Enrolment } from '../twoFactor/Enrolment';
import { AdoptProfile, FirstAdministrator } from './FirstStart';
import { SignInForm } from './SignInForm';
import './session.css';

export function StartScreen({ session }: { readonly session: SessionView }) {
  return <StartFrame>{formOf(session)}</StartFrame>;
}

function formOf(session: SessionView): ReactNode {
  switch (session.state) {
    case 'firstAdministrator':
      return <FirstAdministrator />;
    case 'adoptProfile':
      return <AdoptProfile />;
    case 'secondFactor':
      return session.step === 'code' ? <CodeStep person={session.person} /> : <RequiredEnrolment />;
    default:
      return <SignIn />;
  }
}

/** The enrolment a finance person or administrator makes at sign-in where two-factor is required; cancelled, they are signed out. */
function RequiredEnrolment() {
  const { t } = useTranslation('twoFactor');
  const signOut = useSignOut();
  return (
    <section aria-labelledby="enrol-title">
      <h1 id="enrol-title">{t('enrol.title')}</h1>
      <p>{t('enrol.forcedLead')}</p>
      <Enrolment onCancel={() => signOut.mutate()} />
    </section>
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
