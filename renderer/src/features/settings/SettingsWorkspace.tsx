/**
 * Settings, in sections: General (which environment the app works in, exports, and the way into the
 * sandbox's developer console; the language and theme are each profile's own, in the top bar), each gateway
 * environment's connection and credentials (ConnectionForm: a secret is sent to main once and never shown
 * back, only "set" or "not set"), and each environment's currencies and per-charge maximums (ChargeLimits).
 * Every change is validated in main and audited there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { EnvironmentName, SettingsView } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { keys, useSettings } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ChargeLimits } from './ChargeLimits';
import { ConnectionForm } from './ConnectionForm';
import { DeveloperConsole } from './DeveloperConsole';
import { ExportSettings } from './ExportSettings';
import { ErrorNotice } from '../../components/ErrorNotice';

const ENVIRONMENTS: readonly EnvironmentName[] = ['sandbox', 'test', 'production', 'custom'];
/** The gateway environments, each with a connection of its own. */
const GATEWAYS = ['test', 'production', 'custom'] as const;
type Gateway = (typeof GATEWAYS)[number];
const isGateway = (s: Section): s is Gateway => (GATEWAYS as readonly string[]).includes(s);

/**
 * Settings in sections, one shown at a time (the page was taller than three screens, the credentials of
 * an environment below every currency row): what applies everywhere, each gateway environment, the limits.
 */
const SECTIONS = ['general', ...GATEWAYS, 'limits'] as const;
type Section = (typeof SECTIONS)[number];
const tabId = (s: Section) => `settings-tab-${s}`;
const panelId = (s: Section) => `settings-section-${s}`;

/** The sections as tabs (WAI-ARIA tabs: arrows, Home and End move between them and show the one reached). */
function SectionTabs({
  current,
  section,
  onSection,
}: {
  readonly current: EnvironmentName;
  readonly section: Section;
  readonly onSection: (s: Section) => void;
}) {
  const { t } = useTranslation('settings');
  const move = (e: React.KeyboardEvent, from: number) => {
    const to = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: SECTIONS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = SECTIONS[(to + SECTIONS.length) % SECTIONS.length]!;
    onSection(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div role="tablist" aria-label={t('sections.label')} className="settings-tabs">
      {SECTIONS.map((s, i) => (
        <button
          key={s}
          type="button"
          role="tab"
          id={tabId(s)}
          aria-selected={s === section}
          aria-controls={panelId(s)}
          tabIndex={s === section ? 0 : -1}
          className="settings-tab"
          onClick={() => onSection(s)}
          onKeyDown={(e) => move(e, i)}
        >
          {t(`sections.${s}`)}
          {s === current && <span className="badge tone-info">{t('connection.inUse')}</span>}
        </button>
      ))}
    </div>
  );
}

/**
 * Runs a settings change and puts main's answer (the new settings) straight into the cache; `success` is
 * said when it is done.
 */
export function useSettingsChange<T>(run: (input: T) => Promise<SettingsView>, success: string) {
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  return useMutation({
    mutationFn: run,
    onSuccess: (view) => {
      queries.setQueryData(keys.settings, view);
      void queries.invalidateQueries({ queryKey: keys.appInfo });
      toast('success', success);
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
}

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
            <ExportSettings />
            <DeveloperConsole environment={view.general.environment} />
          </>
        )}
        {section === 'limits' && <ChargeLimits current={view.general.environment} />}
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

function GeneralSettings({ view }: { readonly view: SettingsView }) {
  const g = view.general;
  const { t, i18n } = useTranslation('settings');
  const queries = useQueryClient();
  const toast = useUi((s) => s.toast);
  // The choice waiting for confirmation; the selector itself always shows main's environment in use.
  const [choice, setChoice] = useState<EnvironmentName | undefined>();
  const check = useMutation({ mutationFn: () => call('settings.checkConnection', {}) });
  const switchEnv = useMutation({
    mutationFn: (e: EnvironmentName) => call('settings.updateGeneral', { environment: e }),
    onSuccess: (next) => {
      queries.setQueryData(keys.settings, next);
      void queries.invalidateQueries({ queryKey: keys.appInfo });
      toast('success', t('general.nowWorkingIn', { environment: t(`environment.${next.general.environment}`) }));
    },
    // Main keeps the refusal and its reason; the view read again shows them beside the selector.
    onSettled: () => {
      setChoice(undefined);
      check.reset();
      void queries.invalidateQueries({ queryKey: keys.settings });
    },
  });
  const refused = view.switchRefused;

  return (
    <section className="panel" aria-labelledby="general-title">
      <h2 id="general-title">{t('general.title')}</h2>
      <div className="inline-form">
        <div className="field">
          <label htmlFor="environment">{t('general.workIn')}</label>
          <select
            id="environment"
            value={g.environment}
            disabled={switchEnv.isPending}
            aria-describedby={refused ? 'environment-refused' : undefined}
            onChange={(e) => setChoice(e.target.value as EnvironmentName)}
          >
            {ENVIRONMENTS.map((e) => (
              <option key={e} value={e}>
                {t(`environment.${e}`)}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => check.mutate()} disabled={check.isPending || switchEnv.isPending}>
          {check.isPending ? t('general.checking') : t('general.check')}
        </Button>
      </div>
      {refused && (
        <p id="environment-refused" className="field-error" role="alert">
          {t('general.refused', {
            environment: t(`environment.${refused.environment}`),
            reason: sentence(say(i18n, refused.reason)),
            current: t(`environment.${g.environment}`),
          })}
        </p>
      )}
      {check.data?.ok && (
        <p className="ok-text" role="status">
          {t('general.checked', { environment: t(`environment.${check.data.environment}`), message: say(i18n, check.data.message) })}
        </p>
      )}
      {check.data && !check.data.ok && (
        <ErrorNotice
          className="field-error"
          message={t('general.checked', {
            environment: t(`environment.${check.data.environment}`),
            message: say(i18n, check.data.message),
          })}
          detail={check.data.detail}
        />
      )}
      {check.isError && <ErrorNotice className="field-error" error={check.error} />}
      <Dialog
        title={choice ? t('general.confirmTitle', { environment: t(`environment.${choice}`) }) : t('general.switchEnvironment')}
        open={choice !== undefined}
        busy={switchEnv.isPending}
        onClose={() => {
          if (!switchEnv.isPending) setChoice(undefined);
        }}
      >
        {choice && (
          <>
            <p>{t('general.confirmWhat', { next: t(`environment.${choice}`), current: t(`environment.${g.environment}`) })}</p>
            <div className="dialog-buttons">
              <Button data-autofocus onClick={() => setChoice(undefined)} disabled={switchEnv.isPending}>
                {t('general.cancel')}
              </Button>
              <Button
                variant={choice === 'production' ? 'danger' : 'primary'}
                onClick={() => switchEnv.mutate(choice)}
                disabled={switchEnv.isPending || choice === g.environment}
              >
                {switchEnv.isPending
                  ? t('general.switching')
                  : choice === 'production'
                    ? t('general.switchToProduction')
                    : t('general.switch')}
              </Button>
            </div>
          </>
        )}
      </Dialog>

      {/* The language and theme are each profile's own and set in the top bar, the one control for them
          (a second one here, saved by a button, said the same fact twice); this says where they went. */}
      <p className="hint">{t('general.preferencesWhere')}</p>
    </section>
  );
}

/** Main's reason as the middle of a sentence: ends with a full stop, whatever it ended with. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
