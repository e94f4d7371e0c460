import { Trans, useTranslation } from 'react-i18next';
import type { ChargeView } from '../../../../main/ipc/contract';
import { useChargeReconcile } from '../../api/charges';
import { useErrorToast } from '../../components/useErrorToast';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { formatDateTime, formatStackedDateTime } from '../../format/dates';
import { say } from '../../i18n/say';
import { categoryWords, cardWords, chargeTone, reconciledOne } from './words';
import { JournalFigures } from './JournalFigures';

/** One charge of the journal: when, to whom, on which card, what it took, where it stands, and its Reconcile and Open. */
export function JournalRow({ charge: c }: { readonly charge: ChargeView }) {
  const showOrder = useUi((s) => s.showOrder);
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  const { t, i18n } = useTranslation('charges');
  const reconcile = useChargeReconcile({
    onSuccess: (r) => {
      const { settled, state } = reconciledOne(r);
      toast(settled ? 'success' : 'info', t('journal.reconciled', { order: c.orderNumber, state: state ?? t('journal.stillOpen') }));
    },
    onError: toastError,
  });
  // A charge being sent has its answer on the way: nothing to reconcile yet.
  const open = (c.state === 'UNKNOWN' || c.state === 'PENDING') && !c.sending;
  return (
    <tr data-charge-id={c.id} data-state={c.state}>
      <td className="journal-time">
        {/* Day over time, each on one line: the table keeps its Actions in view at 1280 px. */}
        <time dateTime={new Date(c.at).toISOString()}>{formatStackedDateTime(c.at)}</time>
      </td>
      <td className="mono">
        <Id value={c.orderNumber} />
      </td>
      <td className="mono">
        <Id value={c.clientId} />
      </td>
      <td>
        <Id className="mono" value={cardWords(c)} /> <span className="muted">{categoryWords(c.category)}</span>
      </td>
      <JournalFigures charge={c} />
      <td>
        <span className={`badge ${chargeTone(c)}`}>{say(i18n, c.stateWords)}</span>
        {c.standing && c.standing.source !== 'charge' && (
          <div className="muted figure-note state-note">
            <Trans
              t={t}
              i18nKey={c.standing.source === 'lookUp' ? 'journal.asOfLookUp' : 'journal.asOfOperation'}
              values={{ at: formatDateTime(c.standing.asOf) }}
              components={{
                time: <time dateTime={new Date(c.standing.asOf).toISOString()} title={formatDateTime(c.standing.asOf)} />,
              }}
            />
          </div>
        )}
      </td>
      <td>{c.reason ? say(i18n, c.reason) : ''}</td>
      <td>
        <div className="button-row">
          {open && (
            <Button
              className="btn-small"
              variant="primary"
              onClick={() => reconcile.mutate(c.id)}
              disabled={reconcile.isPending}
              aria-label={t('journal.reconcileLabel', { order: c.orderNumber })}
            >
              {reconcile.isPending ? t('journal.asking') : t('journal.reconcile')}
            </Button>
          )}
          {c.orderId && (
            <Button
              className="btn-small"
              onClick={() => showOrder(c.orderId!)}
              aria-label={t('journal.openLabel', { order: c.orderNumber })}
            >
              {t('journal.open')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
