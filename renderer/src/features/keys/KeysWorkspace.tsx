/**
 * Signing keys of the current environment: the list (subject, validity, SHA-256 fingerprint, state, an
 * expiry warning), generate with a chosen validity, import a PEM pair (the private key is sent to main
 * once, into the keychain, and the field is cleared), export a certificate for the merchant portal,
 * activate and retire behind confirmations that name the key by fingerprint, and a "sign a test request"
 * check that shows X-Hash and X-Signature for a sample body and verifies them with the certificate.
 * Private keys never come back from main; every action is audited there.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { SigningKeysView, SigningKeyView } from '../../../../main/ipc/contract';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { mayCall, useRoleProfile } from '../roles/profile';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { Copyable } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { useFileExport } from '../../components/useFileExport';
import { Field } from '../../components/Field';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Fingerprint } from './Fingerprint';
import { formatCount } from '../../format/numbers';

const DAY = 86_400_000;
/** A small form body like the gateway's requests, with no credentials in it. */
const SAMPLE_BODY = 'orderNumber=signature-check-0001&amount=100&currency=643&language=en';
/** The headers the gateway reads a signature from, and the first lines of the PEM files: names, not words. */
const X_HASH = 'X-Hash';
const X_SIGNATURE = 'X-Signature';
const PRIVATE_KEY_PEM = '-----BEGIN PRIVATE KEY-----';
const CERTIFICATE_PEM = '-----BEGIN CERTIFICATE-----';

/** The first and last groups of a fingerprint: enough to tell keys apart in a sentence or a button. */
const shortFingerprint = (fp: string) => {
  const parts = fp.split(':');
  return parts.length > 8 ? `${parts.slice(0, 4).join(':')}…${parts.slice(-4).join(':')}` : fp;
};

const STATE_TONES = { active: 'tone-success', inactive: 'tone-neutral', retired: 'tone-neutral' } as const;

function ExpiryBadge({ k, warningDays }: { readonly k: SigningKeyView; readonly warningDays: number }) {
  const { t } = useTranslation('keys');
  if (k.state === 'retired') return null;
  if (k.expired) return <span className="badge tone-danger">{t('expiry.expired')}</span>;
  if (k.expiresSoon)
    return (
      <span className="badge tone-warning" title={t('expiry.within', { count: warningDays })}>
        {k.daysLeft < 1 ? t('expiry.today') : t('expiry.in', { count: k.daysLeft })}
      </span>
    );
  return null;
}

/** A labelled textarea with its hint and error wired for assistive technology, like Field. */
function TextArea({
  label,
  hint,
  error,
  children,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  readonly label: string;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described} spellCheck={false} {...area} />
      {hint && (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
      {children}
    </div>
  );
}

type Confirming = { readonly action: 'activate' | 'retire'; readonly key: SigningKeyView };

export function KeysWorkspace() {
  const id = useId();
  const { t, i18n } = useTranslation('keys');
  const queries = useQueryClient();
  // Not asked once the profile may not have it (a switch closes this screen a moment later).
  const allowed = mayCall(useRoleProfile().data, 'keys.list');
  const list = useQuery({ queryKey: keys.signingKeys, queryFn: () => call('keys.list', {}), staleTime: 0, enabled: allowed });
  const [dialog, setDialog] = useState<'generate' | 'import'>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [testKeyId, setTestKeyId] = useState<string>();

  const changed = (view?: SigningKeysView) => {
    if (view) queries.setQueryData(keys.signingKeys, view);
    else void queries.invalidateQueries({ queryKey: keys.signingKeys });
    void queries.invalidateQueries({ queryKey: keys.audit });
  };

  const exportCertificate = useFileExport((key: SigningKeyView) => call('keys.exportCertificate', { id: key.id }), {
    saved: (name) => t('exported', { name }),
    onSaved: changed,
  });

  if (list.isPending) return <p role="status">{t('loading')}</p>;
  if (list.isError) return <ErrorNotice className="panel error-panel" error={list.error} />;
  const view = list.data;
  const environment = t(`environment.${view.environment}`);
  const usable = view.keys.filter((k) => k.state !== 'retired');
  const testKey = usable.find((k) => k.id === testKeyId) ?? usable.find((k) => k.state === 'active') ?? usable[0];

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>{t('title')}</h1>
        <div className="button-row">
          {/* A new private key goes to the keychain: said before Generate is pressed, not after. */}
          <Button
            variant="primary"
            onClick={() => setDialog('generate')}
            disabled={view.keychainProblem !== undefined}
            aria-describedby={view.keychainProblem ? `${id}-keychain` : undefined}
          >
            {t('generateOpen')}
          </Button>
          <Button
            onClick={() => setDialog('import')}
            disabled={view.keychainProblem !== undefined}
            aria-describedby={view.keychainProblem ? `${id}-keychain` : undefined}
          >
            {t('importOpen')}
          </Button>
        </div>
      </div>
      {view.keychainProblem && (
        <p id={`${id}-keychain`} className="panel warning-panel" role="note">
          {t('keychainProblem', { problem: say(i18n, view.keychainProblem) })}
        </p>
      )}
      <p className="muted">{t(view.signatureRequired ? 'introSigned' : 'introUnsigned', { environment })}</p>

      <div className="panel">
        <p className="muted" role="status">
          {view.keys.length === 0
            ? t('none', { environment })
            : t(view.keys.some((k) => k.state === 'active') ? 'countActive' : 'countNoneActive', { count: view.keys.length })}
        </p>
        {view.keys.length > 0 && (
          <div className="table-scroll">
            <table className="data-table keys-table">
              <caption className="visually-hidden">{t('table.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('table.subject')}</th>
                  <th scope="col">{t('table.validFrom')}</th>
                  <th scope="col">{t('table.validUntil')}</th>
                  <th scope="col">{t('table.fingerprint')}</th>
                  <th scope="col">{t('table.state')}</th>
                  <th scope="col">{t('table.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {view.keys.map((k) => (
                  <tr key={k.id} data-key-id={k.id}>
                    <td>
                      <Id value={k.subject} />
                    </td>
                    <td>{formatDateTime(k.notBefore)}</td>
                    <td>
                      {formatDateTime(k.notAfter)}
                      <ExpiryBadge k={k} warningDays={view.expiryWarningDays} />
                    </td>
                    <td>
                      <Copyable
                        value={k.fingerprint256}
                        what={t('row.copyFingerprint', { fingerprint: shortFingerprint(k.fingerprint256) })}
                        className="mono fingerprint"
                      >
                        <Fingerprint value={k.fingerprint256} />
                      </Copyable>
                    </td>
                    <td>
                      <span className={`badge ${STATE_TONES[k.state]}`}>{t(`state.${k.state}`)}</span>
                    </td>
                    <td>
                      <div className="button-row">
                        <Button
                          className="btn-small"
                          onClick={() => exportCertificate.mutate(k)}
                          disabled={exportCertificate.isPending}
                          aria-label={t('row.exportLabel', { fingerprint: shortFingerprint(k.fingerprint256) })}
                        >
                          {t('row.export')}
                        </Button>
                        {k.state === 'inactive' && !k.expired && (
                          <Button
                            className="btn-small"
                            variant="primary"
                            onClick={() => setConfirming({ action: 'activate', key: k })}
                            aria-label={t('row.activateLabel', { fingerprint: shortFingerprint(k.fingerprint256) })}
                          >
                            {t('row.activate')}
                          </Button>
                        )}
                        {k.state === 'inactive' && (
                          <Button
                            className="btn-small"
                            variant="danger"
                            onClick={() => setConfirming({ action: 'retire', key: k })}
                            aria-label={t('row.retireLabel', { fingerprint: shortFingerprint(k.fingerprint256) })}
                          >
                            {t('row.retire')}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {testKey && <TestSignature keys={usable} selected={testKey} onSelect={setTestKeyId} onSigned={() => changed()} />}

      {dialog === 'generate' && <GenerateDialog view={view} onClose={() => setDialog(undefined)} onDone={() => changed()} />}
      {dialog === 'import' && <ImportDialog environment={view.environment} onClose={() => setDialog(undefined)} onDone={() => changed()} />}
      {confirming && (
        <ConfirmKeyAction
          confirming={confirming}
          view={view}
          onClose={() => setConfirming(undefined)}
          onDone={(next) => {
            changed(next);
            setConfirming(undefined);
          }}
        />
      )}
    </section>
  );
}

function GenerateDialog({
  view,
  onClose,
  onDone,
}: {
  readonly view: SigningKeysView;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const [merchantLogin, setMerchantLogin] = useState(view.merchantLogin ?? '');
  const [daysText, setDaysText] = useState('365');
  const days = /^\d{1,5}$/.test(daysText.trim()) ? Number(daysText.trim()) : NaN;
  const daysError =
    daysText.trim() === ''
      ? undefined
      : Number.isNaN(days)
        ? t('generate.daysWhole')
        : days < 1 || days > view.maxDays
          ? t('generate.daysRange', { count: view.maxDays })
          : undefined;
  const generate = useMutation({
    mutationFn: () => call('keys.generate', { merchantLogin: merchantLogin.trim(), days }),
    onSuccess: (key) => {
      toast('success', t('generate.done', { fingerprint: shortFingerprint(key.fingerprint256), subject: key.subject }));
      onDone();
      onClose();
    },
  });
  const fieldError = (path: string) => (generate.error instanceof ApiError ? generate.error.fieldMessage(path) : undefined);
  const merchantLoginError = fieldError('merchantLogin');
  const daysFieldError = fieldError('days');
  const valid = merchantLogin.trim() !== '' && !Number.isNaN(days) && !daysError;

  return (
    <Dialog title={t('generate.title')} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) generate.mutate();
        }}
      >
        <p>{t('generate.intro', { environment: t(`environment.${view.environment}`) })}</p>
        <Field
          label={t('generate.merchantLogin')}
          value={merchantLogin}
          onChange={(e) => setMerchantLogin(e.target.value)}
          required
          autoComplete="off"
          hint={view.merchantLogin ? t('generate.merchantLoginFromSettings') : t('generate.merchantLoginRequired')}
          error={merchantLoginError}
        />
        <Field
          label={t('generate.days')}
          inputMode="numeric"
          value={daysText}
          onChange={(e) => setDaysText(e.target.value)}
          hint={
            !Number.isNaN(days) && !daysError
              ? t('generate.daysHintUntil', { max: view.maxDays, until: formatDateTime(Date.now() + days * DAY) })
              : t('generate.daysHint', { max: view.maxDays })
          }
          error={daysError ?? daysFieldError}
        />
        {generate.isError && !(generate.error instanceof ApiError && generate.error.fields) && (
          <ErrorNotice className="field-error" error={generate.error} />
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!valid || generate.isPending}>
            {generate.isPending ? t('generate.pending') : t('generate.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ImportDialog({
  environment,
  onClose,
  onDone,
}: {
  readonly environment: SigningKeysView['environment'];
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const id = useId();
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [certificatePem, setCertificatePem] = useState('');
  const [keyFile, setKeyFile] = useState<string>();
  const [certFile, setCertFile] = useState<string>();
  const keyInput = useRef<HTMLInputElement>(null);
  const importPair = useMutation({
    mutationFn: (input: { privateKeyPem: string; certificatePem: string }) => call('keys.import', input),
    onSuccess: (key) => {
      toast('success', t('import.done', { fingerprint: shortFingerprint(key.fingerprint256), subject: key.subject }));
      onDone();
      onClose();
    },
  });
  const fieldError = (path: string) => (importPair.error instanceof ApiError ? importPair.error.fieldMessage(path) : undefined);
  const privateKeyError = fieldError('privateKeyPem');
  const certificateError = fieldError('certificatePem');
  const read = (file: File | undefined, set: (text: string) => void, setName: (name: string) => void) => {
    if (!file) return;
    setName(file.name);
    void file.text().then(set);
  };

  return (
    <Dialog title={t('import.title')} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          importPair.mutate({ privateKeyPem, certificatePem });
          // The private key is sent once: it leaves the page now, whatever main answers.
          setPrivateKeyPem('');
          setKeyFile(undefined);
          if (keyInput.current) keyInput.current.value = '';
        }}
      >
        <p>{t('import.intro', { environment: t(`environment.${environment}`) })}</p>
        <TextArea
          label={t('import.privateKey')}
          rows={5}
          value={privateKeyPem}
          onChange={(e) => setPrivateKeyPem(e.target.value)}
          autoComplete="off"
          placeholder={PRIVATE_KEY_PEM}
          hint={keyFile ? t('import.read', { name: keyFile }) : t('import.pasteOrChoose')}
          error={privateKeyError}
        >
          <label htmlFor={`${id}-keyfile`} className="btn btn-secondary file-button">
            {t('import.chooseKeyFile')}
          </label>
          <input
            id={`${id}-keyfile`}
            ref={keyInput}
            className="visually-hidden"
            type="file"
            accept=".pem,.key,application/x-pem-file"
            onChange={(e) => read(e.target.files?.[0], setPrivateKeyPem, setKeyFile)}
          />
        </TextArea>
        <TextArea
          label={t('import.certificate')}
          rows={5}
          value={certificatePem}
          onChange={(e) => setCertificatePem(e.target.value)}
          placeholder={CERTIFICATE_PEM}
          hint={certFile ? t('import.read', { name: certFile }) : t('import.pasteOrChoose')}
          error={certificateError}
        >
          <label htmlFor={`${id}-certfile`} className="btn btn-secondary file-button">
            {t('import.chooseCertificateFile')}
          </label>
          <input
            id={`${id}-certfile`}
            className="visually-hidden"
            type="file"
            accept=".pem,.crt,.cer,application/x-pem-file"
            onChange={(e) => read(e.target.files?.[0], setCertificatePem, setCertFile)}
          />
        </TextArea>
        {importPair.isError && !(importPair.error instanceof ApiError && importPair.error.fields) && (
          <ErrorNotice className="field-error" error={importPair.error} />
        )}
        {importPair.isError && <p className="hint">{t('import.cleared')}</p>}
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={privateKeyPem.trim() === '' || certificatePem.trim() === '' || importPair.isPending}
          >
            {importPair.isPending ? t('import.pending') : t('import.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ConfirmKeyAction({
  confirming: { action, key },
  view,
  onClose,
  onDone,
}: {
  readonly confirming: Confirming;
  readonly view: SigningKeysView;
  readonly onClose: () => void;
  readonly onDone: (view: SigningKeysView) => void;
}) {
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const short = shortFingerprint(key.fingerprint256);
  const active = view.keys.find((k) => k.state === 'active');
  const run = useMutation({
    mutationFn: () => call(action === 'activate' ? 'keys.activate' : 'keys.retire', { id: key.id }),
    onSuccess: (next) => {
      toast('success', t(action === 'activate' ? 'confirm.activated' : 'confirm.retired', { fingerprint: short }));
      onDone(next);
    },
  });
  const environment = t(`environment.${view.environment}`);

  return (
    <Dialog title={t(action === 'activate' ? 'confirm.activateTitle' : 'confirm.retireTitle')} open onClose={onClose}>
      <p>
        <Trans
          t={t}
          i18nKey="confirm.key"
          values={{ subject: key.subject, until: formatDateTime(key.notAfter) }}
          components={{
            fp: (
              <span className="mono fingerprint">
                <Fingerprint value={key.fingerprint256} />
              </span>
            ),
          }}
        />
      </p>
      {action === 'activate' ? (
        <>
          <p className="confirm-summary">
            {t(view.signatureRequired ? 'confirm.activateSigned' : 'confirm.activateUnsigned', { environment })}
          </p>
          <p>{active ? t('confirm.replaces', { fingerprint: shortFingerprint(active.fingerprint256) }) : t('confirm.noneActive')}</p>
        </>
      ) : (
        <p className="confirm-summary">{t('confirm.retireSummary')}</p>
      )}
      {run.isError && <ErrorNotice className="field-error" error={run.error} />}
      <div className="dialog-buttons">
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant={action === 'activate' ? 'primary' : 'danger'} onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? t('confirm.pending') : t(action === 'activate' ? 'confirm.activate' : 'confirm.retire', { fingerprint: short })}
        </Button>
      </div>
    </Dialog>
  );
}

function TestSignature({
  keys,
  selected,
  onSelect,
  onSigned,
}: {
  readonly keys: readonly SigningKeyView[];
  readonly selected: SigningKeyView;
  readonly onSelect: (id: string) => void;
  readonly onSigned: () => void;
}) {
  const id = useId();
  const { t, i18n } = useTranslation('keys');
  const [body, setBody] = useState(SAMPLE_BODY);
  const sign = useMutation({
    mutationFn: () => call('keys.testSign', { id: selected.id, body }),
    onSuccess: onSigned,
  });
  const result = sign.data?.id === selected.id ? sign.data : undefined;
  const bodyError = sign.error instanceof ApiError ? sign.error.fieldMessage('body') : undefined;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('test.title')}</h2>
      <p className="muted">{t('test.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          sign.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-key`}>{t('test.key')}</label>
          <select id={`${id}-key`} value={selected.id} onChange={(e) => onSelect(e.target.value)}>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {t(k.state === 'active' ? 'test.optionActive' : 'test.option', {
                  fingerprint: shortFingerprint(k.fingerprint256),
                  subject: k.subject,
                })}
              </option>
            ))}
          </select>
        </div>
        <TextArea
          label={t('test.body')}
          rows={3}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            sign.reset();
          }}
          error={bodyError}
        />
        <Button type="submit" variant="primary" disabled={body === '' || sign.isPending}>
          {sign.isPending ? t('test.pending') : t('test.submit')}
        </Button>
      </form>
      {sign.isError && !bodyError && <ErrorNotice className="field-error" error={sign.error} />}
      {result && (
        <div className="test-signature" aria-label={t('test.result')}>
          <dl>
            <dt>{t('test.resultBody')}</dt>
            <dd>{t('test.bytes', { count: result.bodyBytes, bytes: formatCount(result.bodyBytes) })}</dd>
            <dt>{X_HASH}</dt>
            <dd>
              <Copyable value={result.xHash} what={X_HASH} className="mono signature-value">
                <span data-testid="x-hash">{result.xHash}</span>
              </Copyable>
            </dd>
            <dt>{X_SIGNATURE}</dt>
            <dd>
              <Copyable value={result.xSignature} what={X_SIGNATURE} className="mono signature-value">
                <span data-testid="x-signature">{result.xSignature}</span>
              </Copyable>
            </dd>
          </dl>
          <p className={result.verified ? 'ok-text' : 'field-error'} role={result.verified ? 'status' : 'alert'}>
            {say(i18n, result.detail)}
          </p>
        </div>
      )}
    </section>
  );
}
