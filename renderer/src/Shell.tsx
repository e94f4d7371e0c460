/**
 * The application as a signed-in person sees it: the environment always in view (production in red, across
 * the top), the person, navigation between the workspaces their role may use, their preferences, and the open
 * workspace. Kept mounted under the lock screen (App.tsx), `locked` then: nothing here answers a key.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView, SessionView } from '../../main/ipc/contract';
import { errorText } from './api/client';
import { useAppInfo, useSettings } from './api/settings';
import { useHistoryPlaces } from './app/history';
import { shortcutDigit, useShortcuts } from './app/shortcuts';
import { WORKSPACES, useUi } from './app/uiStore';
import { EnvironmentBadge, ProductionBand } from './components/EnvironmentMarks';
import { AwaitingCount } from './features/approvals/AwaitingCount';
import { Toasts } from './components/Toasts';
import { allowedWorkspaces } from './features/session/access';
import { OfferedSession } from './features/session/offered';
import { PersonControl } from './features/session/PersonControl';
import { Preferences } from './features/settings/Preferences';
import { showLanguage } from './i18n';
import { Workspace } from './Workspace';

export function Shell({
  session,
  person,
  locked,
}: {
  /** A person's session, active or locked. */
  readonly session: Extract<SessionView, { readonly state: 'active' | 'locked' }>;
  readonly person: PersonView;
  readonly locked: boolean;
}) {
  // A locked session may use nothing: what it offered stays as it was under the lock (features/session/offered.ts),
  // so that the workspace open, and its typed form, are still there when the person signs in again.
  const [offered, setOffered] = useState(session);
  if (!locked && offered !== session) setOffered(session);
  const allowed = useMemo(() => allowedWorkspaces(offered), [offered]);
  useShortcuts(allowed, locked);
  useHistoryPlaces();
  const { workspace, open } = useUi();
  const info = useAppInfo();
  const environment = info.data?.environment;
  const { t } = useTranslation();
  const language = useSettings().data?.general.language;
  // Main refuses what the role may not do; the screen does not keep offering it after a change.
  const shown = allowed.has(workspace) ? workspace : 'orders';

  useEffect(() => {
    if (workspace !== shown) open(shown);
  }, [workspace, shown, open]);

  useEffect(() => {
    if (language) void showLanguage(language);
  }, [language]);

  return (
    // Under the lock screen: out of reach of the keyboard, the pointer and assistive technology, as it was.
    <OfferedSession value={offered}>
      <div className={`app env-${environment ?? 'unknown'}`} inert={locked} aria-hidden={locked || undefined}>
        <ProductionBand environment={environment} />
        <header className="topbar">
          <span className="brand">{t('brand')}</span>
          <EnvironmentBadge environment={environment} />
          <span className="spacer" />
          <PersonControl person={person} idleMinutes={session.idleMinutes} />
          <Preferences />
        </header>
        <div className="layout">
          <nav className="sidenav" aria-label={t('nav.label')}>
            <ul>
              {WORKSPACES.map((w, i) =>
                allowed.has(w.id) ? (
                  <li key={w.id}>
                    <button
                      type="button"
                      className={`nav-item${w.id === shown ? ' active' : ''}`}
                      aria-current={w.id === shown ? 'page' : undefined}
                      aria-keyshortcuts={`Alt+${shortcutDigit(i)}`}
                      title={t('nav.shortcut', { name: t(`nav.${w.id}`), key: shortcutDigit(i) })}
                      onClick={() => open(w.id)}
                    >
                      {t(`nav.${w.id}`)}
                      {w.id === 'approvals' && <AwaitingCount />}
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          </nav>
          <main className="content" id="main">
            {info.isError ? (
              <div className="panel error-panel" role="alert">
                {t('startFailed', { reason: errorText(info.error) })}
              </div>
            ) : (
              <Workspace id={shown} />
            )}
          </main>
        </div>
        <Toasts />
      </div>
    </OfferedSession>
  );
}
