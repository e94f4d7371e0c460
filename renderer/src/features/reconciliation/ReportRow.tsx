import { Trans, useTranslation } from 'react-i18next';
import type { ReconciliationRow } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { formatDateTime } from '../../format/dates';
import { useMayCall } from '../session/offered';
import { CLASS_TONES, classWords, gatewayWords, journalWords, operationCounts, rowCurrency, rowFindings } from './words';
import { rowName } from './shared';
import { When } from './When';
import { useChargeReconcile } from '../../api/charges';
import { useErrorToast } from '../../components/useErrorToast';
import { reconciledOne } from '../charges/words';

export function ReportRow({ row, onSettled }: { readonly row: ReconciliationRow; readonly onSettled: () => void }) {
  const { t } = useTranslation('reconciliation', { keyPrefix: 'row' });
  const showOrder = useUi((s) => s.showOrder);
  const openWorkspace = useUi((s) => s.open);
  const openChargesTab = useUi((s) => s.openChargesTab);
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  const j = row.journal;
  const g = row.gateway;
  const charge = j?.source === 'charge' ? j : undefined;
  const chargeOpen = charge !== undefined && (charge.state === 'PENDING' || charge.state === 'UNKNOWN');
  const name = rowName(row);
  const reconcile = useChargeReconcile({
    onSuccess: (r) => {
      const { settled, state } = reconciledOne(r);
      toast(settled ? 'success' : 'info', t('reconciled', { order: name, state: state ?? t('stillOpen') }));
      // What the report said of this row is no longer true: run it again.
      onSettled();
    },
    onError: toastError,
  });
  // The gateway's id where known; the number finds the order otherwise.
  const open = () => showOrder(row.orderId ?? name);
  const openJournal = () => {
    openChargesTab('journal');
    openWorkspace('charges');
  };
  const mayReconcile = useMayCall('charges.reconcile');
  /** A moment of the row, for a sentence's `time`: its words, and their markup with the instant. */
  const time = (at: number) => ({ values: { time: formatDateTime(at) }, components: { time: <When at={at} /> } });

  return (
    <tr data-class={row.class} data-order-number={name} className="report-row" onClick={open}>
      <td>
        <span className={`badge ${CLASS_TONES[row.class]}`}>{classWords(row.class)}</span>
      </td>
      <td className="mono">
        <Id value={name} />
      </td>
      <td data-side="journal">
        {j ? (
          <>
            {journalWords(j, rowCurrency(row))}
            {j.source === 'operations' && <div className="muted figure-note">{operationCounts(j)}</div>}
            <div className="muted figure-note">
              <Trans t={t} i18nKey="by" values={{ ...time(j.at).values, operator: j.operator }} components={time(j.at).components} />
            </div>
          </>
        ) : (
          <span className="muted">{t('noCharge')}</span>
        )}
      </td>
      <td data-side="gateway">
        {g ? (
          <>
            {gatewayWords(g)}
            <div className="muted figure-note">
              <Trans
                t={t}
                i18nKey="status"
                values={{ ...time(g.registeredAt).values, status: g.status }}
                components={time(g.registeredAt).components}
              />
            </div>
          </>
        ) : (
          <span className="muted">{t('noOrder')}</span>
        )}
      </td>
      <td data-side="differences">
        <ul className="findings">
          {rowFindings(row).map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      </td>
      <td>
        {/* The buttons do their own thing, not the row's. */}
        <div className="button-row" onClick={(e) => e.stopPropagation()}>
          <Button className="btn-small" onClick={open} aria-label={t('openLabel', { order: name })}>
            {t('open')}
          </Button>
          {chargeOpen && mayReconcile && (
            <Button
              className="btn-small"

              variant="primary"
              onClick={() => reconcile.mutate(charge.chargeId)}
              disabled={reconcile.isPending}
              aria-label={t('reconcileLabel', { order: name })}
            >
              {reconcile.isPending ? t('asking') : t('reconcile')}
            </Button>
          )}
          {row.class === 'open' && (
            <Button
              className="btn-small"

              variant="ghost"
              onClick={openJournal}
            >
              {t('chargeJournal')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
