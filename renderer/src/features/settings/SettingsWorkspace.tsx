/**
 * Settings: which environment the app works in, each gateway environment's connection and credentials
 * (a secret is sent to main once and never shown back: only "set" or "not set"), the language of the
 * gateway's messages, and the per-charge maximum. Every change is validated in main and audited there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnvironmentName, SettingsView } from '../../../../main/ipc/contract';
import { ApiError, call, errorDetail, errorText } from '../../api/client';
import { keys, useSettings } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ConnectionForm } from './ConnectionForm';
import { ErrorNotice } from '../../components/ErrorNotice';

export const ENVIRONMENT_WORDS: Record<EnvironmentName, string> = {
  sandbox: 'Sandbox (built in, no real money)',
  test: 'Gateway test environment',
  production: 'Production (real money)',
  custom: 'Custom address',
};

/** Runs a settings change and puts main's answer (the new settings) straight into the cache. */
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
  if (settings.isPending) return <p role="status">Loading settings…</p>;
  if (settings.isError) return <ErrorNotice error={settings.error} />;
  const view = settings.data;
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <GeneralSettings view={view} />
      {(['test', 'production', 'custom'] as const).map((e) => (
        <ConnectionForm key={e} environment={e} connection={view.connections[e]} current={view.general.environment === e} />
      ))}
    </section>
  );
}

function GeneralSettings({ view }: { readonly view: SettingsView }) {
  const g = view.general;
  const [environment, setEnvironment] = useState<EnvironmentName>(g.environment);
  const [language, setLanguage] = useState(g.language);
  const [maximum, setMaximum] = useState(String(g.perChargeMaximum));
  const switchEnv = useSettingsChange((e: EnvironmentName) => call('settings.updateGeneral', { environment: e }), 'Environment switched');
  const save = useSettingsChange(
    (change: { language: string; perChargeMaximum: number }) => call('settings.updateGeneral', change),
    'Settings saved',
  );
  const check = useMutation({ mutationFn: () => call('settings.checkConnection', {}) });
  const fieldError = (path: string) => (save.error instanceof ApiError ? save.error.fieldMessage(path) : undefined);
  const maximumNumber = /^\d+$/.test(maximum) ? Number(maximum) : NaN;

  return (
    <section className="panel" aria-labelledby="general-title">
      <h2 id="general-title">Environment</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          switchEnv.mutate(environment);
        }}
      >
        <div className="field">
          <label htmlFor="environment">Work in</label>
          <select id="environment" value={environment} onChange={(e) => setEnvironment(e.target.value as EnvironmentName)}>
            {(Object.keys(ENVIRONMENT_WORDS) as EnvironmentName[]).map((e) => (
              <option key={e} value={e}>
                {ENVIRONMENT_WORDS[e]}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="submit"
          variant={environment === 'production' ? 'danger' : 'primary'}
          disabled={environment === g.environment || switchEnv.isPending}
        >
          {environment === 'production' ? 'Switch to production' : 'Switch'}
        </Button>
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check connection'}
        </Button>
      </form>
      {check.data?.ok && (
        <p className="ok-text" role="status">
          {check.data.message}
        </p>
      )}
      {check.data && !check.data.ok && <ErrorNotice className="field-error" message={check.data.message} detail={check.data.detail} />}
      {check.isError && <ErrorNotice className="field-error" error={check.error} />}

      <h2>Preferences</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ language, perChargeMaximum: maximumNumber });
        }}
      >
        <Field
          label="Language of gateway messages"
          value={language}
          maxLength={2}
          onChange={(e) => setLanguage(e.target.value.toLowerCase())}
          hint="Two letters, for example en or ru"
          error={fieldError('language')}
        />
        <Field
          label="Per-charge maximum (minor units)"
          inputMode="numeric"
          value={maximum}
          onChange={(e) => setMaximum(e.target.value.trim())}
          hint="In the currency's smallest unit: 1000000 is 10,000.00 in a currency with cents"
          error={maximum !== '' && Number.isNaN(maximumNumber) ? 'Whole minor units only' : fieldError('perChargeMaximum')}
        />
        <Button type="submit" variant="primary" disabled={save.isPending || Number.isNaN(maximumNumber)}>
          Save preferences
        </Button>
      </form>
    </section>
  );
}
