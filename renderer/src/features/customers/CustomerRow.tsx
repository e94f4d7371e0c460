import { useTranslation } from 'react-i18next';
import type { CustomerSummary } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { formatMinorIn } from '../../format/money';
import { stateWords } from '../orders/list/period';
import { CAPTURED, REFUNDED } from './shared';
import { MoneyLines } from './MoneyLines';

export function CustomerRow({
  customer: c,
  opened,
  onOpen,
}: {
  readonly customer: CustomerSummary;
  readonly opened: boolean;
  readonly onOpen: (clientId: string) => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <tr data-client-id={c.clientId} aria-current={opened ? 'true' : undefined}>
      <th scope="row" className="mono">
        <Id value={c.clientId} />
        {c.names.length > 0 && <div className="muted figure-note customer-names">{c.names.join(', ')}</div>}
      </th>
      <td className="num" data-figure="orders">
        {c.orderCount}
      </td>
      <td data-figure="captured">
        <MoneyLines money={c.money} figure={CAPTURED} />
        {c.moneyOfNewest !== undefined && <div className="muted figure-note">{t('partial', { count: c.moneyOfNewest })}</div>}
      </td>
      <td data-figure="refunded">
        <MoneyLines money={c.money} figure={REFUNDED} />
      </td>
      <td data-figure="lastOrder">
        {c.lastOrder ? (
          <>
            <Id className="mono" value={c.lastOrder.orderNumber} />
            <div>
              <StatusBadge status={c.lastOrder.status} words={stateWords(c.lastOrder.status)} />{' '}
              {formatMinorIn(c.lastOrder.amount, c.lastOrder.currency)}
            </div>
            <div className="muted figure-note">{formatDateTime(c.lastOrder.registeredAt)}</div>
          </>
        ) : (
          <span className="muted">{t('noOrders')}</span>
        )}
      </td>
      <td data-figure="cards" className="mono">
        {c.orderCards.length === 0 ? (
          <span className="muted">{t('noCards')}</span>
        ) : (
          c.orderCards.map((card) => <div key={card}>{card}</div>)
        )}
      </td>
      <td>
        <Button className="btn-small" onClick={() => onOpen(c.clientId)} aria-label={t('openLabel', { clientId: c.clientId })}>
          {t('open')}
        </Button>
      </td>
    </tr>
  );
}
