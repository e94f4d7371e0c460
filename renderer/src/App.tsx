/**
 * The application shell: the environment always in view (production in red, across the top), the role
 * profile, navigation between the workspaces the profile may use, the theme, and the open workspace.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './api/client';
import { useMainEvents } from './api/events';
import { useAppInfo, useSettings } from './api/settings';
import { useHistoryPlaces } from './app/history';
import { useShortcuts } from './app/shortcuts';
import { WORKSPACES, useUi } from './app/uiStore';
import { Toasts } from './components/Toasts';
import { allowedWorkspaces } from './features/roles/profile';
import { useRoleProfile } from './api/roles';
import { ProfileControl } from './features/roles/ProfileControl';
import { Preferences } from './features/settings/Preferences';
import { showLanguage } from './i18n';
import { Workspace } from './Workspace';

export function App() {
  useMainEvents();
  const profile = useRoleProfile().data;
  const allowed = useMemo(() => allowedWorkspaces(profile), [profile]);
  useShortcuts(allowed);
  useHistoryPlaces();
  const { workspace, theme, open } = useUi();
  const info = useAppInfo();
  const environment = info.data?.environment;
  const { t } = useTranslation();
  const language = useSettings().data?.general.language;
  // Main refuses what the profile may not do; the screen does not keep offering it after a change.
  const shown = allowed.has(workspace) ? workspace : 'orders';

  useEffect(() => {
    if (profile && workspace !== shown) open(shown);
  }, [profile, workspace, shown, open]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (language) void showLanguage(language);
  }, [language]);

  return (
    <div className={`app env-${environment ?? 'unknown'}`}>
      {environment === 'production' && (
        <div className="production-band" role="note">
          {t('productionBand')}
        </div>
      )}
      <header className="topbar">
        <span className="brand">{t('brand')}</span>
        <span
          className={`env-badge env-badge-${environment ?? 'unknown'}`}
          aria-label={t('environment.label', { name: environment ? t(`environmentInSentence.${environment}`) : t('environment.loading') })}
        >
          {environment ? t(`environment.${environment}`) : '…'}
        </span>
        <span className="spacer" />
        <ProfileControl />
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
                    aria-keyshortcuts={`Alt+${i + 1}`}
                    title={t('nav.shortcut', { name: t(`nav.${w.id}`), key: i + 1 })}
                    onClick={() => open(w.id)}
                  >
                    {t(`nav.${w.id}`)}
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
  );
}
