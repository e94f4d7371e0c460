import { Trans, useTranslation } from 'react-i18next';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { say } from '../../i18n/say';
import { cardWords, chargeAmount } from './words';
import { useChargeReconcile, useOpenCharges } from '../../api/charges';
import { useErrorToast } from '../../components/useErrorToast';

/**
 * Charges whose outcome is not known because their answer was lost (or the app stopped before it came):
 * always in view, with what is known and a way to settle them now. A charge still being sent is not one of
 * them, however slow its answer: it is "being sent" in the journal and in a batch run.
 */
export function OpenCharges() {
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  const { t, i18n } = useTranslation('charges');
  const open = useOpenCharges();
  const reconcile = useChargeReconcile({
    onSuccess: (r) =>
      r.stillOpen === undefined
        ? toast('info', t('open.notCounted'))
        : toast(
            r.stillOpen === 0 ? 'success' : 'info',
            r.stillOpen === 0 ? t('open.settled') : t('open.stillUnknown', { count: r.stillOpen }),
          ),
    onError: toastError,
  });
  const entries = open.data?.entries ?? [];
  if (!open.data || open.data.openCount === 0) return null;
  return (
    <section className="panel warning-panel open-charges" aria-labelledby="open-charges-title">
      <div className="workspace-head">
        <h2 id="open-charges-title">{t('open.title', { count: open.data.openCount })}</h2>
        <Button variant="primary" onClick={() => reconcile.mutate(undefined)} disabled={reconcile.isPending}>
          {reconcile.isPending ? t('askingGateway') : t('reconcileNow')}
        </Button>
      </div>
      <p>{t('open.explain')}</p>
      <ul>
        {entries.map((c) => (
          <li key={c.id}>
            <Trans
              t={t}
              i18nKey={c.reason ? 'open.entryWithReason' : 'open.entry'}
              values={{
                order: c.orderNumber,
                amount: chargeAmount(c),
                card: cardWords(c),
                client: c.clientId,
                reason: c.reason ? say(i18n, c.reason) : undefined,
              }}
              components={{ mono: <span className="mono" /> }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
