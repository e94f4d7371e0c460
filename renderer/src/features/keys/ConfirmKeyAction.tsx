import { Trans, useTranslation } from 'react-i18next';
import type { SigningKeysView } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Fingerprint } from './Fingerprint';
import { shortFingerprint, type Confirming } from './shared';
import { useKeyStateChange } from '../../api/signingKeys';

export function ConfirmKeyAction({
  confirming: { action, key },
  view,
  onClose,
}: {
  readonly confirming: Confirming;
  readonly view: SigningKeysView;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('keys');
  const toast = useUi((s) => s.toast);
  const short = shortFingerprint(key.fingerprint256);
  const active = view.keys.find((k) => k.state === 'active');
  const run = useKeyStateChange({
    onSuccess: () => {
      toast('success', t(action === 'activate' ? 'confirm.activated' : 'confirm.retired', { fingerprint: short }));
      onClose();
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
        <Button
          variant={action === 'activate' ? 'primary' : 'danger'}
          onClick={() => run.mutate({ action, id: key.id })}
          disabled={run.isPending}
        >
          {run.isPending ? t('confirm.pending') : t(action === 'activate' ? 'confirm.activate' : 'confirm.retire', { fingerprint: short })}
        </Button>
      </div>
    </Dialog>
  );
}
