import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredCardView } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Id } from '../../components/Id';
import { CardState } from '../cards/CardState';
import { expiryWords } from '../cards/CardText';
import { useBatchExport } from './shared';
import { useCustomer } from '../../api/customers';
import { DataTable } from '../../components/DataTable';

/** The columns of the cards, by their key in the catalogue (`customers:detail.column.<key>`). */
const CARD_COLUMNS = ['category', 'card', 'expiry', 'state', 'bindingId'] as const;

export function CustomerDetail({
  clientId,
  onClose,
  mayExport,
}: {
  readonly clientId: string;
  readonly onClose: () => void;
  readonly mayExport: boolean;
}) {
  const { t } = useTranslation(['customers', 'cards']);
  const id = useId();
  const showOrder = useUi((s) => s.showOrder);
  const exportBatch = useBatchExport();
  const customer = useCustomer(clientId);
  const c = customer.data;
  return (
    <section className="customer-detail" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h2 id={`${id}-title`}>{t('detail.heading', { clientId })}</h2>
        <div className="button-row">
          {c?.lastOrder && <Button onClick={() => showOrder(c.lastOrder!.orderId)}>{t('detail.openLastOrder')}</Button>}
          {mayExport && (
            <Button
              variant="primary"
              onClick={() => exportBatch.mutate([clientId])}
              disabled={exportBatch.isPending}
              title={t('exportHint')}
            >
              {t('exportOne')}
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('detail.close')}
          </Button>
        </div>
      </div>
      {customer.isPending && (
        <p className="muted" role="status">
          {t('detail.loading')}
        </p>
      )}
      {customer.isError && <ErrorNotice className="panel error-panel" error={customer.error} lead={t('detail.failed')} />}
      {c && (
        <>
          <p className="muted">{t('detail.orders', { count: c.orderCount })}</p>
          {c.cards.length === 0 ? (
            <p className="muted">{t('detail.noStoredCards')}</p>
          ) : (
            <DataTable
              caption={t('detail.cardsCaption')}
              className="customer-cards"
              columns={CARD_COLUMNS.map((c) => t(`detail.column.${c}`))}
            >
              {c.cards.map((card: StoredCardView) => (
                <tr key={card.bindingId} data-binding-id={card.bindingId}>
                  <td>{t(`cards:category.${card.category}`)}</td>
                  <td className="mono">{card.maskedPan ?? '—'}</td>
                  <td>{expiryWords(card.expiry)}</td>
                  <td>
                    <CardState card={card} />
                  </td>
                  <td className="mono">
                    <Id value={card.bindingId} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </section>
  );
}
