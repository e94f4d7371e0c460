/**
 * A client, opened from a client ID anywhere (the list, the order view, Stored cards): their stored cards
 * as the gateway lists them now (cards.find, finance's; support is told so rather than shown an empty
 * list), and their orders of the list's period with totals, from the same query as the list.
 */
import { useTranslation } from 'react-i18next';
import type { PeriodOrder } from '../../../../../main/ipc/contract';
import { Button } from '../../../components/Button';
import { formatDay } from '../../../format/dates';
import type { PeriodWindow } from './period';
import { PeriodResults } from './PeriodResults';
import { ClientCards } from './ClientCards';

export function ClientView({
  clientId,
  period,
  onBack,
  onOpen,
}: {
  readonly clientId: string;
  readonly period: PeriodWindow;
  readonly onBack: () => void;
  readonly onOpen: (order: PeriodOrder) => void;
}) {
  const { t } = useTranslation('list', { keyPrefix: 'client' });
  return (
    <article className="panel client-view" aria-labelledby="client-title">
      <header className="order-head">
        <h2 id="client-title">{t('title', { id: clientId })}</h2>
        <Button onClick={onBack}>{t('back')}</Button>
      </header>
      <section aria-labelledby="client-cards">
        <h3 id="client-cards">{t('cards')}</h3>
        <ClientCards clientId={clientId} />
      </section>
      <section aria-labelledby="client-orders">
        <h3 id="client-orders">{t('orders', { from: formatDay(period.from), to: formatDay(period.to - 1) })}</h3>
        <PeriodResults query={{ from: period.from, to: period.to, clientId }} label={t('ordersLabel', { id: clientId })} onOpen={onOpen} />
      </section>
    </article>
  );
}
