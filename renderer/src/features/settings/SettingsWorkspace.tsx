/**
 * Settings: which environment the app works in, each gateway environment's connection and credentials
 * (a secret is sent to main once and never shown back: only "set" or "not set"), the language of the
 * gateway's messages, and (ChargeLimits) each environment's currencies and per-charge maximums. Every change
 * is validated in main and audited there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnvironmentName, SettingsView } from '../../../../main/ipc/contract';
import { ApiError, call, errorText } from '../../api/client';
import { keys, useSettings } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ChargeLimits } from './ChargeLimits';
import { ConnectionForm } from './ConnectionForm';

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
    onError: (err) => toast('error', errorText(err)),
  });
}

export function SettingsWorkspace() {
  const settings = useSettings();
  if (settings.isPending) return <p role="status">Loading settings…</p>;
  if (settings.isError) return <div role="alert">{errorText(settings.error)}</div>;
  const view = settings.data;
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <GeneralSettings view={view} />
      <ChargeLimits current={view.general.environment} />
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
  const switchEnv = useSettingsChange((e: EnvironmentName) => call('settings.updateGeneral', { environment: e }), 'Environment switched');
  const save = useSettingsChange((change: { language: string }) => call('settings.updateGeneral', change), 'Settings saved');
  const check = useMutation({ mutationFn: () => call('settings.checkConnection', {}) });
  const fieldError = (path: string) => (save.error instanceof ApiError ? save.error.fieldMessage(path) : undefined);

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
      {check.data && (
        <p className={check.data.ok ? 'ok-text' : 'field-error'} role={check.data.ok ? 'status' : 'alert'}>
          {check.data.message}
        </p>
      )}
      {check.isError && (
        <p className="field-error" role="alert">
          {errorText(check.error)}
        </p>
      )}

      <h2>Preferences</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ language });
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
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save preferences
        </Button>
      </form>
    </section>
  );
}
