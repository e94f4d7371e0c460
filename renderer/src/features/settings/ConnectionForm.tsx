/**
 * One gateway environment's connection: address, auth mode, API user, merchant login, signed requests,
 * the requests per second its gateway allows, and its secrets. A secret field is always empty on screen; main answers only whether one is stored.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say, sayPhrase } from '../../i18n/say';
import { MAX_GATEWAY_RATE, readGatewayRate } from '../../../../main/domain/gatewayRate';
import { phrase } from '../../../../main/phrases/phrase';
import type { ConnectionView } from '../../../../main/ipc/contract';
import { ApiError, call, errorDetail, errorText } from '../../api/client';
import { useConnectionSave, useSettingsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { useErrorToast } from '../../components/useErrorToast';
import type { Gateway } from './shared';

/** main's own words for a rate it refuses (the contract's), said here before anything is sent. */
const RATE_REFUSED = phrase('settings.input.gatewayRate', { max: MAX_GATEWAY_RATE });

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
  const { t, i18n } = useTranslation('settings');
  const name = t(`environment.${environment}`);
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl ?? '');
  const [authMode, setAuthMode] = useState(connection.authMode);
  const [userName, setUserName] = useState(connection.userName ?? '');
  const [merchantLogin, setMerchantLogin] = useState(connection.merchantLogin ?? '');
  const [signatureRequired, setSignatureRequired] = useState(connection.signatureRequired);
  const [gatewayRate, setGatewayRate] = useState(connection.gatewayRate === undefined ? '' : String(connection.gatewayRate));
  // What was typed is no rate (text, a fraction, out of bounds): said under the field, and nothing is sent.
  const [rateRefused, setRateRefused] = useState(false);
  const [secret, setSecret] = useState('');
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  // Says what was saved, the secret included; a secret the keychain refused after the connection was saved is
  // said as such, not as a failure of the whole.
  const save = useConnectionSave(environment, {
    onSuccess: (r) => {
      if (r.secret === 'refused') {
        toast('error', t(`connection.secretNotStored.${r.kind}`, { environment: name, reason: errorText(r.err) }), errorDetail(r.err));
        return;
      }
      const said = { stored: 'saved', kept: 'savedKept', none: 'savedWithout' } as const;
      toast('success', t(`connection.${said[r.secret]}.${r.kind}`, { environment: name }));
    },
    onError: toastError,
  });
  const clear = useSettingsChange((kind: 'password' | 'token') => call('settings.clearCredential', { environment, kind }), {
    onSuccess: () => toast('success', t(`connection.removed.${authMode}`, { environment: name })),
    onError: toastError,
  });
  // Unknown while the keychain cannot be read (the note at the top says why): neither "set" nor "not set".
  const isSet = connection.credentials?.[authMode];

  return (
    <section className={`panel connection${current ? ' current' : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {name}
        {current && <span className="badge tone-info">{t('connection.inUse')}</span>}
      </h2>
      {connection.problem && <p className="muted">{connection.problem.map((p) => say(i18n, p)).join('; ')}</p>}
      <form
        className="grid-form"
        onSubmit={(e) => {
          e.preventDefault();
          const rate = readGatewayRate(gatewayRate);
          setRateRefused(rate === undefined);
          if (rate === undefined) return;
          save.mutate(
            {
              connection: {
                environment,
                baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim(),
                authMode,
                userName: userName.trim() === '' ? null : userName.trim(),
                merchantLogin: merchantLogin.trim() === '' ? null : merchantLogin.trim(),
                signatureRequired,
                gatewayRate: rate,
              },
              kind: authMode,
              secret,
            },
            // The secret sent leaves the field; one typed while it was on its way stays, to be saved next.
            { onSettled: () => setSecret((now) => (now === secret ? '' : now)) },
          );
        }}
      >
        <Field
          label={t('connection.baseUrl')}
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder={t('connection.baseUrlPlaceholder')}
          hint={connection.effectiveBaseUrl ? t('connection.requestsGoTo', { url: connection.effectiveBaseUrl }) : undefined}
          // main's refusal (user:password@, not HTTPS...) under the field as well as in the toast
          error={save.error instanceof ApiError ? save.error.fieldMessage('baseUrl') : undefined}
        />
        <fieldset className="field">
          <legend>{t('connection.signInWith')}</legend>
          <label>
            <input type="radio" name={`${id}-auth`} checked={authMode === 'password'} onChange={() => setAuthMode('password')} />{' '}
            {t('connection.withPassword')}
          </label>
          <label>
            <input type="radio" name={`${id}-auth`} checked={authMode === 'token'} onChange={() => setAuthMode('token')} />{' '}
            {t('connection.withToken')}
          </label>
        </fieldset>
        {authMode === 'password' && (
          <Field label={t('connection.userName')} value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="off" />
        )}
        <Field
          label={t(`connection.secret.${authMode}`)}
          type="password"
          autoComplete="new-password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          hint={isSet === undefined ? t('connection.secretUnknown') : isSet ? t('connection.secretSet') : t('connection.secretNotSet')}
        />
        <Field
          label={t('connection.merchantLogin')}
          value={merchantLogin}
          onChange={(e) => setMerchantLogin(e.target.value)}
          autoComplete="off"
        />
        <Field
          label={t('connection.gatewayRate')}
          inputMode="numeric"
          value={gatewayRate}
          onChange={(e) => setGatewayRate(e.target.value)}
          autoComplete="off"
          hint={t('connection.gatewayRateHint')}
          error={
            rateRefused
              ? sayPhrase(i18n, RATE_REFUSED)
              : save.error instanceof ApiError
                ? save.error.fieldMessage('gatewayRate')
                : undefined
          }
        />
        <label className="checkbox">
          <input type="checkbox" checked={signatureRequired} onChange={(e) => setSignatureRequired(e.target.checked)} />{' '}
          {t('connection.signed')}
        </label>
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('connection.save')}
          </Button>
          {isSet && (
            <Button variant="danger" onClick={() => clear.mutate(authMode)} disabled={clear.isPending}>
              {t(`connection.remove.${authMode}`)}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
