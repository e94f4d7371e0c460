/**
 * Signing keys of the current environment: the list (subject, validity, SHA-256 fingerprint, state, an
 * expiry warning), generate with a chosen validity, import a PEM pair (the private key is sent to main
 * once, into the keychain, and the field is cleared), export a certificate for the merchant portal,
 * activate and retire behind confirmations that name the key by fingerprint, and a "sign a test request"
 * check that shows X-Hash and X-Signature for a sample body and verifies them with the certificate.
 * Private keys never come back from main; every action is audited there.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { SigningKeyView } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useMayCall } from '../session/offered';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { Copyable } from '../../components/Copyable';
import { useFileExport } from '../../components/useFileExport';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Fingerprint } from './Fingerprint';
import { actionsOn, shortFingerprint, STATE_TONES, type Confirming } from './shared';
import { ExpiryBadge } from './ExpiryBadge';
import { GenerateDialog } from './GenerateDialog';
import { ImportDialog } from './ImportDialog';
import { ConfirmKeyAction } from './ConfirmKeyAction';
import { TestSignature } from './TestSignature';
import { useSigningKeys, useSigningKeysChanged } from '../../api/signingKeys';
import { DataTable } from '../../components/DataTable';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';

/** The columns, by their key in the catalogue (`keys:table.<key>`). */
const COLUMNS = ['subject', 'validFrom', 'validUntil', 'fingerprint', 'state', 'actions'] as const;

export function KeysWorkspace() {
  const id = useId();
  const { t, i18n } = useTranslation('keys');
  // Not asked once the person may not have it (a change of role closes this screen a moment later).
  const allowed = useMayCall('keys.list');
  const list = useSigningKeys(allowed);
  const [dialog, setDialog] = useState<'generate' | 'import'>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [testKeyId, setTestKeyId] = useState<string>();

  const changed = useSigningKeysChanged();

  const exportCertificate = useFileExport((key: SigningKeyView) => call('keys.exportCertificate', { id: key.id }), {
    saved: (name) => t('exported', { name }),
    onSaved: () => changed(),
  });

  if (list.isPending) return <p role="status">{t('loading')}</p>;
  if (list.isError) return <ErrorNotice className="panel error-panel" error={list.error} />;
  const view = list.data;
  const environment = t(`environment.${view.environment}`);
  const usable = view.keys.filter((k) => k.state !== 'retired');
  const testKey = usable.find((k) => k.id === testKeyId) ?? usable.find((k) => k.state === 'active') ?? usable[0];

  return (
    <WorkspaceFrame
      title={t('title')}
      tools={
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
      }
    >
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
          <DataTable caption={t('table.caption')} className="keys-table" columns={COLUMNS.map((c) => t(`table.${c}`))}>
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
                  <span className={`badge ${STATE_TONES[k.state]}`}>{t(`state.${k.state}`)}</span>{' '}
                  {k.usableHere === false && (
                    <span className="badge tone-warning" title={t('notHereHint')}>
                      {t('notHere')}
                    </span>
                  )}
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
                    {actionsOn(k).map((action) => (
                      <Button
                        key={action}
                        className="btn-small"
                        variant={action === 'activate' ? 'primary' : 'danger'}
                        onClick={() => setConfirming({ action, key: k })}
                        aria-label={t(`row.${action}Label`, { fingerprint: shortFingerprint(k.fingerprint256) })}
                      >
                        {t(`row.${action}`)}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>

      {testKey && <TestSignature keys={usable} selected={testKey} onSelect={setTestKeyId} />}

      {dialog === 'generate' && <GenerateDialog view={view} onClose={() => setDialog(undefined)} />}
      {dialog === 'import' && <ImportDialog environment={view.environment} onClose={() => setDialog(undefined)} />}
      {confirming && <ConfirmKeyAction confirming={confirming} view={view} onClose={() => setConfirming(undefined)} />}
    </WorkspaceFrame>
  );
}
