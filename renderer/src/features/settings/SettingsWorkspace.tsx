/**
 * Settings, in sections: General (which environment the app works in, how long a desk may sit idle before it
 * locks, two-factor sign-in and the team key, exports, and the way into the sandbox's developer console; the language and theme are each person's
 * own, in the top bar), each gateway environment's connection and credentials (ConnectionForm: a secret is
 * sent to main once and never shown back, only "set" or "not set"), each environment's currencies and
 * per-charge maximums (ChargeLimits), and the team database this desk keeps its journals in (TeamDatabase:
 * its password likewise only "kept" or not).
 * Every change is validated in main and audited there.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import { useSettings } from '../../api/settings';
import { ChargeLimits } from './ChargeLimits';
import { ConnectionForm } from './ConnectionForm';
import { DeveloperConsole } from './DeveloperConsole';
import { ExportSettings } from './ExportSettings';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isGateway, type Section, tabId, panelId } from './shared';
import { SectionTabs } from './SectionTabs';
import { GeneralSettings } from './GeneralSettings';
import { IdleTime } from './IdleTime';
import { TeamDatabase } from './TeamDatabase';
import { TwoFactorSettings } from './TwoFactorSettings';

export function SettingsWorkspace() {
  const settings = useSettings();
  const { t, i18n } = useTranslation('settings');
  const [section, setSection] = useState<Section>('general');
  if (settings.isPending) return <p role="status">{t('loading')}</p>;
  if (settings.isError) return <ErrorNotice error={settings.error} />;
  const view = settings.data;
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      {/* Said once here, not in every connection: it is one keychain. */}
      {view.keychainProblem && (
        <p className="panel warning-panel" role="note" aria-label={t('keychain')}>
          {say(i18n, view.keychainProblem)}
        </p>
      )}
      <SectionTabs current={view.general.environment} section={section} onSection={setSection} />
      <div role="tabpanel" id={panelId(section)} aria-labelledby={tabId(section)} className="settings-section">
        {section === 'general' && (
          <>
            <GeneralSettings view={view} />
            <IdleTime key={view.idleMinutes} minutes={view.idleMinutes} />
            <TwoFactorSettings view={view.twoFactor} />
            <ExportSettings />
            <DeveloperConsole environment={view.general.environment} />
          </>
        )}
        {section === 'limits' && <ChargeLimits current={view.general.environment} />}
        {section === 'team' && <TeamDatabase />}
        {isGateway(section) && (
          <ConnectionForm
            key={section}
            environment={section}
            connection={view.connections[section]}
            current={view.general.environment === section}
          />
        )}
      </div>
    </section>
  );
}
