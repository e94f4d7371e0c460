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
import type { SigningKeysView, SigningKeyView } from '../../../../main/ipc/contract';
import { ApiError, call } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { useFileExport } from '../../components/useFileExport';
import { Field } from '../../components/Field';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Fingerprint } from './Fingerprint';

const KEYS = ['keys'] as const;
const DAY = 86_400_000;
/** A small form body like the gateway's requests, with no credentials in it. */
const SAMPLE_BODY = 'orderNumber=signature-check-0001&amount=100&currency=643&language=en';

/** The first and last groups of a fingerprint: enough to tell keys apart in a sentence or a button. */
const shortFingerprint = (fp: string) => {
  const parts = fp.split(':');
  return parts.length > 8 ? `${parts.slice(0, 4).join(':')}…${parts.slice(-4).join(':')}` : fp;
};

const STATE_WORDS = { active: 'Active: signs requests', inactive: 'Inactive', retired: 'Retired' } as const;
const STATE_TONES = { active: 'tone-success', inactive: 'tone-neutral', retired: 'tone-neutral' } as const;

function ExpiryBadge({ k, warningDays }: { readonly k: SigningKeyView; readonly warningDays: number }) {
  if (k.state === 'retired') return null;
  if (k.expired) return <span className="badge tone-danger">Expired</span>;
  if (k.expiresSoon)
    return (
      <span className="badge tone-warning" title={`Within ${warningDays} days`}>
        {k.daysLeft < 1 ? 'Expires today' : `Expires in ${k.daysLeft} day${k.daysLeft === 1 ? '' : 's'}`}
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
  const queries = useQueryClient();
  const list = useQuery({ queryKey: KEYS, queryFn: () => call('keys.list', {}), staleTime: 0 });
  const [dialog, setDialog] = useState<'generate' | 'import'>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [testKeyId, setTestKeyId] = useState<string>();

  const changed = (view?: SigningKeysView) => {
    if (view) queries.setQueryData(KEYS, view);
    else void queries.invalidateQueries({ queryKey: KEYS });
    void queries.invalidateQueries({ queryKey: ['audit'] });
  };

  const exportCertificate = useFileExport((key: SigningKeyView) => call('keys.exportCertificate', { id: key.id }), {
    saved: (name) => `Exported the certificate to ${name}; upload it to the merchant portal`,
    onSaved: changed,
  });

  if (list.isPending) return <p role="status">Loading signing keys…</p>;
  if (list.isError) return <ErrorNotice className="panel error-panel" error={list.error} />;
  const view = list.data;
  const environment = view.environment;
  const usable = view.keys.filter((k) => k.state !== 'retired');
  const testKey = usable.find((k) => k.id === testKeyId) ?? usable.find((k) => k.state === 'active') ?? usable[0];

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>Signing keys</h1>
        <div className="button-row">
          {/* A new private key goes to the keychain: said before Generate is pressed, not after. */}
          <Button
            variant="primary"
            onClick={() => setDialog('generate')}
            disabled={view.keychainProblem !== undefined}
            aria-describedby={view.keychainProblem ? `${id}-keychain` : undefined}
          >
            Generate key…
          </Button>
          <Button
            onClick={() => setDialog('import')}
            disabled={view.keychainProblem !== undefined}
            aria-describedby={view.keychainProblem ? `${id}-keychain` : undefined}
          >
            Import key…
          </Button>
        </div>
      </div>
      {view.keychainProblem && (
        <p id={`${id}-keychain`} className="panel warning-panel" role="note">
          A new key cannot be generated or imported now: its private key is kept in the OS keychain. {view.keychainProblem}
        </p>
      )}
      <p className="muted">
        Keys of the {environment} environment.{' '}
        {view.signatureRequired
          ? 'Requests here are signed with the active key (X-Hash and X-Signature).'
          : 'Requests here are not signed: turn on "Requests must be signed" in Settings once the active key’s certificate is uploaded to the merchant portal.'}{' '}
        Private keys stay in the OS keychain.
      </p>

      <div className="panel">
        <p className="muted" role="status">
          {view.keys.length === 0
            ? `No signing keys in ${environment} yet.`
            : `${view.keys.length} key${view.keys.length === 1 ? '' : 's'}; ${view.keys.some((k) => k.state === 'active') ? 'one is active' : 'none is active'}.`}
        </p>
        {view.keys.length > 0 && (
          <div className="table-scroll">
            <table className="data-table keys-table">
              <caption className="visually-hidden">Signing keys, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Valid from</th>
                  <th scope="col">Valid until</th>
                  <th scope="col">SHA-256 fingerprint</th>
                  <th scope="col">State</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {view.keys.map((k) => (
                  <tr key={k.id} data-key-id={k.id}>
                    <td>{k.subject}</td>
                    <td>{formatDateTime(k.notBefore)}</td>
                    <td>
                      {formatDateTime(k.notAfter)}
                      <ExpiryBadge k={k} warningDays={view.expiryWarningDays} />
                    </td>
                    <td>
                      <Copyable
                        value={k.fingerprint256}
                        what={`fingerprint ${shortFingerprint(k.fingerprint256)}`}
                        className="mono fingerprint"
                      >
                        <Fingerprint value={k.fingerprint256} />
                      </Copyable>
                    </td>
                    <td>
                      <span className={`badge ${STATE_TONES[k.state]}`}>{STATE_WORDS[k.state]}</span>
                    </td>
                    <td>
                      <div className="button-row">
                        <Button
                          className="btn-small"
                          onClick={() => exportCertificate.mutate(k)}
                          disabled={exportCertificate.isPending}
                          aria-label={`Export certificate ${shortFingerprint(k.fingerprint256)}`}
                        >
                          Export certificate
                        </Button>
                        {k.state === 'inactive' && !k.expired && (
                          <Button
                            className="btn-small"
                            variant="primary"
                            onClick={() => setConfirming({ action: 'activate', key: k })}
                            aria-label={`Activate key ${shortFingerprint(k.fingerprint256)}…`}
                          >
                            Activate…
                          </Button>
                        )}
                        {k.state === 'inactive' && (
                          <Button
                            className="btn-small"
                            variant="danger"
                            onClick={() => setConfirming({ action: 'retire', key: k })}
                            aria-label={`Retire key ${shortFingerprint(k.fingerprint256)}…`}
                          >
                            Retire…
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
      {dialog === 'import' && <ImportDialog environment={environment} onClose={() => setDialog(undefined)} onDone={() => changed()} />}
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
  const toast = useUi((s) => s.toast);
  const [merchantLogin, setMerchantLogin] = useState(view.merchantLogin ?? '');
  const [daysText, setDaysText] = useState('365');
  const days = /^\d{1,5}$/.test(daysText.trim()) ? Number(daysText.trim()) : NaN;
  const daysError =
    daysText.trim() === ''
      ? undefined
      : Number.isNaN(days)
        ? 'Whole days only'
        : days < 1 || days > view.maxDays
          ? `From 1 to ${view.maxDays} days`
          : undefined;
  const generate = useMutation({
    mutationFn: () => call('keys.generate', { merchantLogin: merchantLogin.trim(), days }),
    onSuccess: (key) => {
      toast(
        'success',
        `Generated key ${shortFingerprint(key.fingerprint256)} (${key.subject}); export its certificate for the merchant portal`,
      );
      onDone();
      onClose();
    },
  });
  const fieldError = (path: string) => (generate.error instanceof ApiError ? generate.error.fieldMessage(path) : undefined);
  const valid = merchantLogin.trim() !== '' && !Number.isNaN(days) && !daysError;

  return (
    <Dialog title="Generate a signing key" open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) generate.mutate();
        }}
      >
        <p>
          A new RSA 2048 key with a self-signed certificate for the {view.environment} environment. The private key goes straight to the OS
          keychain; the key starts inactive.
        </p>
        <Field
          label="Merchant login (certificate subject)"
          value={merchantLogin}
          onChange={(e) => setMerchantLogin(e.target.value)}
          required
          autoComplete="off"
          hint={view.merchantLogin ? 'From the environment’s connection settings' : 'Required: the login the merchant portal knows you by'}
          error={fieldError('merchantLogin')}
        />
        <Field
          label="Validity in days"
          inputMode="numeric"
          value={daysText}
          onChange={(e) => setDaysText(e.target.value)}
          hint={
            !Number.isNaN(days) && !daysError
              ? `From 1 to ${view.maxDays}. Valid from now until ${formatDateTime(Date.now() + days * DAY)}`
              : `From 1 to ${view.maxDays}`
          }
          error={daysError ?? fieldError('days')}
        />
        {generate.isError && !(generate.error instanceof ApiError && generate.error.fields) && (
          <ErrorNotice className="field-error" error={generate.error} />
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!valid || generate.isPending}>
            {generate.isPending ? 'Generating…' : 'Generate key'}
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
  readonly environment: string;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const id = useId();
  const toast = useUi((s) => s.toast);
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [certificatePem, setCertificatePem] = useState('');
  const [keyFile, setKeyFile] = useState<string>();
  const [certFile, setCertFile] = useState<string>();
  const keyInput = useRef<HTMLInputElement>(null);
  const importPair = useMutation({
    mutationFn: (input: { privateKeyPem: string; certificatePem: string }) => call('keys.import', input),
    onSuccess: (key) => {
      toast('success', `Imported key ${shortFingerprint(key.fingerprint256)} (${key.subject})`);
      onDone();
      onClose();
    },
  });
  const fieldError = (path: string) => (importPair.error instanceof ApiError ? importPair.error.fieldMessage(path) : undefined);
  const read = (file: File | undefined, set: (text: string) => void, setName: (name: string) => void) => {
    if (!file) return;
    setName(file.name);
    void file.text().then(set);
  };

  return (
    <Dialog title="Import a signing key" open onClose={onClose}>
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
        <p>
          A 2048-bit RSA key and its certificate, for the {environment} environment. The private key goes to the OS keychain and is never
          shown again.
        </p>
        <TextArea
          label="Private key (PEM)"
          rows={5}
          value={privateKeyPem}
          onChange={(e) => setPrivateKeyPem(e.target.value)}
          autoComplete="off"
          placeholder="-----BEGIN PRIVATE KEY-----"
          hint={keyFile ? `Read ${keyFile}` : 'Paste it, or choose the file'}
          error={fieldError('privateKeyPem')}
        >
          <label htmlFor={`${id}-keyfile`} className="btn btn-secondary file-button">
            Choose private key file…
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
          label="Certificate (PEM)"
          rows={5}
          value={certificatePem}
          onChange={(e) => setCertificatePem(e.target.value)}
          placeholder="-----BEGIN CERTIFICATE-----"
          hint={certFile ? `Read ${certFile}` : 'Paste it, or choose the file'}
          error={fieldError('certificatePem')}
        >
          <label htmlFor={`${id}-certfile`} className="btn btn-secondary file-button">
            Choose certificate file…
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
        {importPair.isError && <p className="hint">The private key field was cleared; paste or choose it again.</p>}
        <div className="dialog-buttons">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={privateKeyPem.trim() === '' || certificatePem.trim() === '' || importPair.isPending}
          >
            {importPair.isPending ? 'Importing…' : 'Import key'}
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
  const toast = useUi((s) => s.toast);
  const short = shortFingerprint(key.fingerprint256);
  const active = view.keys.find((k) => k.state === 'active');
  const run = useMutation({
    mutationFn: () => call(action === 'activate' ? 'keys.activate' : 'keys.retire', { id: key.id }),
    onSuccess: (next) => {
      toast('success', action === 'activate' ? `Key ${short} is active` : `Key ${short} is retired; its private key was deleted`);
      onDone(next);
    },
  });
  const environment = view.environment;

  return (
    <Dialog title={action === 'activate' ? 'Activate signing key' : 'Retire signing key'} open onClose={onClose}>
      <p>
        Key{' '}
        <span className="mono fingerprint">
          <Fingerprint value={key.fingerprint256} />
        </span>{' '}
        ({key.subject}), valid until {formatDateTime(key.notAfter)}.
      </p>
      {action === 'activate' ? (
        <>
          <p className="confirm-summary">
            {view.signatureRequired
              ? `From now on every request in ${environment} is signed with this key.`
              : `This key becomes the one that signs in ${environment}; requests there are signed once "Requests must be signed" is on in Settings.`}
          </p>
          <p>
            {active
              ? `The key active now (${shortFingerprint(active.fingerprint256)}) becomes inactive and stays usable until it is retired.`
              : 'No other key is active.'}{' '}
            The gateway refuses the signatures unless this key’s certificate is uploaded to the merchant portal.
          </p>
        </>
      ) : (
        <p className="confirm-summary">
          This key will never sign again: its private key is deleted from the OS keychain. This cannot be undone; the certificate stays in
          the list.
        </p>
      )}
      {run.isError && <ErrorNotice className="field-error" error={run.error} />}
      <div className="dialog-buttons">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant={action === 'activate' ? 'primary' : 'danger'} onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? 'Working…' : `${action === 'activate' ? 'Activate' : 'Retire'} key ${short}`}
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
  const [body, setBody] = useState(SAMPLE_BODY);
  const sign = useMutation({
    mutationFn: () => call('keys.testSign', { id: selected.id, body }),
    onSuccess: onSigned,
  });
  const result = sign.data?.id === selected.id ? sign.data : undefined;
  const bodyError = sign.error instanceof ApiError ? sign.error.fieldMessage('body') : undefined;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sign a test request</h2>
      <p className="muted">
        Signs the body below with the key’s private key from the keychain, as requests are signed, and verifies X-Hash and X-Signature with
        the key’s certificate, as the gateway does. Nothing is sent.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          sign.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-key`}>Key</label>
          <select id={`${id}-key`} value={selected.id} onChange={(e) => onSelect(e.target.value)}>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {shortFingerprint(k.fingerprint256)} · {k.subject}
                {k.state === 'active' ? ' · active' : ''}
              </option>
            ))}
          </select>
        </div>
        <TextArea
          label="Request body"
          rows={3}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            sign.reset();
          }}
          error={bodyError}
        />
        <Button type="submit" variant="primary" disabled={body === '' || sign.isPending}>
          {sign.isPending ? 'Signing…' : 'Sign and verify'}
        </Button>
      </form>
      {sign.isError && !bodyError && <ErrorNotice className="field-error" error={sign.error} />}
      {result && (
        <div className="test-signature" aria-label="Test signature">
          <dl>
            <dt>Body</dt>
            <dd>{result.bodyBytes.toLocaleString()} bytes (UTF-8)</dd>
            <dt>X-Hash</dt>
            <dd>
              <Copyable value={result.xHash} what="X-Hash" className="mono signature-value">
                <span data-testid="x-hash">{result.xHash}</span>
              </Copyable>
            </dd>
            <dt>X-Signature</dt>
            <dd>
              <Copyable value={result.xSignature} what="X-Signature" className="mono signature-value">
                <span data-testid="x-signature">{result.xSignature}</span>
              </Copyable>
            </dd>
          </dl>
          <p className={result.verified ? 'ok-text' : 'field-error'} role={result.verified ? 'status' : 'alert'}>
            {result.detail}
          </p>
        </div>
      )}
    </section>
  );
}
