/**
 * One order as support reads it: status in words with its colour and number, paid or not, the amounts in
 * the order's currency, the masked card, the 3-D Secure result, a timeline of everything known about it
 * (the gateway's dates and refunds and what this app did, built in main), the stored card used, and copy
 * buttons for every identifier. An order from the cache says so and as of when, and offers no action on money.
 */
import { Trans, useTranslation } from 'react-i18next';
import type { OrderLookup, OrderView, TimelineEntry } from '../../../../main/ipc/contract';
import { Copyable } from '../../components/Copyable';
import { Id } from '../../components/Id';
import { Term } from '../../components/Term';
import { ErrorDetails } from '../../components/ErrorDetails';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { i18n } from '../../i18n';
import { say } from '../../i18n/say';
import { OrderActions } from './OrderActions';
import { type AfterOperation, orderMoney } from './shared';
import { eciWords, paymentWayWords } from './status';
import { orderMoney as whatMoved } from '../../../../main/domain/orderMoney';
import { OrderStatus } from '../../../../main/domain/orderStatus';

/** One timeline entry in words: what, how much, by whom, how it ended, and why. */
function entryText(order: OrderView, e: TimelineEntry): string {
  return i18n.t('orders:timeline.entry', {
    what: say(i18n, e.what),
    amount: e.amount !== undefined ? i18n.t('orders:timeline.amount', { amount: orderMoney(order, e.amount) }) : '',
    released: e.released ? i18n.t('orders:timeline.released', { amount: orderMoney(order, e.released) }) : '',
    by: e.by ? i18n.t('orders:timeline.by', { by: e.by }) : '',
    outcome: e.outcome ? i18n.t('orders:timeline.outcome', { outcome: i18n.t(`orders:timeline.outcomes.${e.outcome}`) }) : '',
    detail: e.detail ? i18n.t('orders:timeline.detail', { detail: say(i18n, e.detail) }) : '',
    note: e.note ? i18n.t('orders:timeline.note', { note: e.note }) : '',
  });
}

/** An order the gateway reported now ('found'), or one from the cache while it cannot be reached ('cached'). */
export type ShownOrder = Extract<OrderLookup, { kind: 'found' | 'cached' }>;

export function OrderDetails({
  shown,
  onChanged,
  onClient,
}: {
  readonly shown: ShownOrder;
  readonly onChanged: (next: AfterOperation) => void;
  /** Opens the client (their cards and orders) from the client ID. */
  readonly onClient?: (clientId: string) => void;
}) {
  const { t } = useTranslation('orders');
  const { order } = shown;
  // What moved (domain/orderMoney.ts): a hold charged in part is charged at that part, the rest released.
  const moved = whatMoved({ ...order, status: order.status ?? 0 });
  // The gateway zeroes held and charged after a reversal; what was cancelled is in the timeline.
  const reversedAmount =
    order.status === OrderStatus.REVERSED
      ? (
          order.timeline.find((e) => e.what.code === 'order.timeline.reverse' && e.outcome === 'done') ??
          order.timeline.find((e) => e.key === 'authorised')
        )?.amount
      : undefined;
  return (
    <article className="panel order" aria-labelledby="order-title">
      <header className="order-head">
        <h2 id="order-title">{t('order.title', { name: order.orderNumber || order.orderId })}</h2>
        <StatusBadge status={order.status} words={say(i18n, order.headline)} />
        <span className={`paid-flag ${order.paid ? 'is-paid' : 'not-paid'}`}>{order.paid ? t('order.paid') : t('order.notPaid')}</span>
      </header>
      {shown.kind === 'cached' && (
        <div className="cached-notice" role="status">
          <Trans t={t} i18nKey="order.cached" values={{ time: formatDateTime(shown.fetchedAt) }} components={{ strong: <strong /> }} />{' '}
          {say(i18n, shown.reason)}
          <ErrorDetails detail={shown.detail} />
        </div>
      )}
      {/* Only a declined order carries a decline: the action code of an order still waiting (status 0 or 5) says no attempt yet. */}
      {order.status === OrderStatus.DECLINED && (
        <p className="decline-reason" role="note">
          {t('order.declined', {
            reason: order.actionCodeDescription || t('order.noReason'),
            code: order.actionCode ?? t('order.noCode'),
          })}
        </p>
      )}
      <div className="order-grid">
        <section aria-labelledby="order-ids">
          <h3 id="order-ids">{t('order.ids')}</h3>
          <dl>
            <Term label={t('order.orderId')}>
              <Copyable value={order.orderId} what={t('order.copyOrderId')} />
            </Term>
            <Term label={t('order.orderNumber')}>
              {order.orderNumber ? <Copyable value={order.orderNumber} what={t('order.copyOrderNumber')} /> : <code>—</code>}
            </Term>
            {order.description && (
              <Term label={t('order.description')}>
                <Id value={order.description} />
              </Term>
            )}
          </dl>
        </section>
        <section aria-labelledby="order-amounts">
          <h3 id="order-amounts">{t('order.amounts')}</h3>
          <dl className="amounts">
            <Term label={t('order.amount')}>{orderMoney(order, order.amount)}</Term>
            <Term label={t('order.held')}>{orderMoney(order, moved.held)}</Term>
            <Term label={t('order.charged')}>{orderMoney(order, moved.captured)}</Term>
            {moved.released > 0 && <Term label={t('order.released')}>{orderMoney(order, moved.released)}</Term>}
            <Term label={t('order.refunded')}>{orderMoney(order, moved.refunded)}</Term>
            {reversedAmount !== undefined && <Term label={t('order.reversed')}>{orderMoney(order, reversedAmount)}</Term>}
          </dl>
        </section>
        <section aria-labelledby="order-card">
          <h3 id="order-card">{t('order.cardSection')}</h3>
          <dl>
            <Term label={t('order.card')}>
              <Id value={order.card?.maskedPan ?? '—'} />
            </Term>
            {order.card?.paymentSystem && (
              <Term label={t('order.paymentSystem')}>
                <Id value={order.card.paymentSystem} />
              </Term>
            )}
            {order.card?.expiry && (
              <Term label={t('order.expiry')}>{`${order.card.expiry.slice(4, 6)}/${order.card.expiry.slice(0, 4)}`}</Term>
            )}
            {order.card?.cardholderName && (
              <Term label={t('order.cardholder')}>
                <Id value={order.card.cardholderName} />
              </Term>
            )}
            <Term label={t('order.threeDS')}>
              {order.threeDS
                ? order.threeDS.version
                  ? t('order.threeDSVersion', { result: eciWords(order.threeDS.eci), version: order.threeDS.version })
                  : eciWords(order.threeDS.eci)
                : t('eci.none')}
            </Term>
            {order.paymentWay && <Term label={t('order.paymentWay')}>{paymentWayWords(order.paymentWay)}</Term>}
          </dl>
        </section>
        {order.binding && (
          <section aria-labelledby="order-binding">
            <h3 id="order-binding">{t('order.binding')}</h3>
            <dl>
              {order.binding.clientId && (
                <Term label={t('order.clientId')}>
                  <Copyable value={order.binding.clientId} what={t('order.copyClientId')} />
                  {onClient && (
                    <button type="button" className="link-button" onClick={() => onClient(order.binding!.clientId!)}>
                      {t('order.openClient')}
                    </button>
                  )}
                </Term>
              )}
              {order.binding.bindingId && (
                <Term label={t('order.bindingId')}>
                  <Copyable value={order.binding.bindingId} what={t('order.copyBindingId')} />
                </Term>
              )}
            </dl>
          </section>
        )}
        <section aria-labelledby="order-timeline">
          <h3 id="order-timeline">{t('timeline.title')}</h3>
          {order.timeline.length === 0 ? (
            <p>{t('timeline.empty')}</p>
          ) : (
            <ol className="timeline">
              {order.timeline.map((e) => (
                <li key={e.key}>
                  {e.at !== undefined ? (
                    <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
                  ) : (
                    <span className="muted">{t('timeline.noTime')}</span>
                  )}{' '}
                  {entryText(order, e)}
                  {e.source === 'app' && <span className="muted">{t('timeline.fromApp')}</span>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {shown.kind === 'found' && <OrderActions order={order} onChanged={onChanged} />}
    </article>
  );
}
