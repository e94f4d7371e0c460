/**
 * One gateway environment's connection: address, auth mode, API user, merchant login, signed requests,
 * and its secrets. A secret field is always empty on screen; main answers only whether one is stored.
 */
import { useId, useState } from 'react';
import type { ConnectionView, EnvironmentName, Input } from '../../../../main/ipc/contract';
import { ApiError, call } from '../../api/client';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { ENVIRONMENT_WORDS, useSettingsChange } from './SettingsWorkspace';

type Gateway = Exclude<EnvironmentName, 'sandbox'>;

export function ConnectionForm({
  environment,
  connection,
  current,
}: {
  readonly environment: Gateway;
  readonly connection: ConnectionView;
  readonly current: boolean;
}) {
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl ?? '');
  const [authMode, setAuthMode] = useState(connection.authMode);
  const [userName, setUserName] = useState(connection.userName ?? '');
  const [merchantLogin, setMerchantLogin] = useState(connection.merchantLogin ?? '');
  const [signatureRequired, setSignatureRequired] = useState(connection.signatureRequired);
  const [secret, setSecret] = useState('');
  const save = useSettingsChange(
    (input: Input<'settings.setConnection'>) => call('settings.setConnection', input),
    `${ENVIRONMENT_WORDS[environment]}: connection saved`,
  );
  const store = useSettingsChange(
    (input: Input<'settings.setCredential'>) => call('settings.setCredential', input),
    `${ENVIRONMENT_WORDS[environment]}: ${authMode} stored in the keychain`,
  );
  const clear = useSettingsChange(
    (kind: 'password' | 'token') => call('settings.clearCredential', { environment, kind }),
    `${ENVIRONMENT_WORDS[environment]}: ${authMode} removed from the keychain`,
  );
  // Unknown while the keychain cannot be read (the note at the top says why): neither "set" nor "not set".
  const isSet = connection.credentials?.[authMode];

  return (
    <section className={`panel connection${current ? ' current' : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {ENVIRONMENT_WORDS[environment]}
        {current && <span className="badge tone-info">in use</span>}
      </h2>
      {connection.problem && <p className="muted">{connection.problem}</p>}
      <form
        className="grid-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            environment,
            baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim(),
            authMode,
            userName: userName.trim() === '' ? null : userName.trim(),
            merchantLogin: merchantLogin.trim() === '' ? null : merchantLogin.trim(),
            signatureRequired,
          });
        }}
      >
        <Field
          label="Base URL"
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="https://…"
          hint={connection.effectiveBaseUrl ? `Requests go to ${connection.effectiveBaseUrl}` : undefined}
          // main's refusal (user:password@, not HTTPS...) under the field as well as in the toast
          error={save.error instanceof ApiError ? save.error.fieldMessage('baseUrl') : undefined}
        />
        <fieldset className="field">
          <legend>Sign in with</legend>
          <label>
            <input type="radio" name={`${id}-auth`} checked={authMode === 'password'} onChange={() => setAuthMode('password')} /> API user
            and password
          </label>
          <label>
            <input type="radio" name={`${id}-auth`} checked={authMode === 'token'} onChange={() => setAuthMode('token')} /> API token
          </label>
        </fieldset>
        {authMode === 'password' && (
          <Field label="API user name" value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="off" />
        )}
        <Field label="Merchant login" value={merchantLogin} onChange={(e) => setMerchantLogin(e.target.value)} autoComplete="off" />
        <label className="checkbox">
          <input type="checkbox" checked={signatureRequired} onChange={(e) => setSignatureRequired(e.target.checked)} /> Requests must be
          signed (X-Hash and X-Signature)
        </label>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save connection
        </Button>
      </form>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          store.mutate({ environment, kind: authMode, secret }, { onSettled: () => setSecret('') });
        }}
      >
        <Field
          label={authMode === 'password' ? 'API password' : 'API token'}
          type="password"
          autoComplete="new-password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          hint={
            isSet === undefined
              ? 'Unknown: the OS keychain cannot be read now.'
              : isSet
                ? 'Set: stored in the OS keychain. Type a new one to replace it.'
                : 'Not set'
          }
        />
        <Button type="submit" variant="primary" disabled={secret === '' || store.isPending}>
          Store {authMode}
        </Button>
        {isSet && (
          <Button variant="danger" onClick={() => clear.mutate(authMode)} disabled={clear.isPending}>
            Remove {authMode}
          </Button>
        )}
      </form>
    </section>
  );
}
