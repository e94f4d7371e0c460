/**
 * One order as support reads it: status in words with its colour and number, paid or not, the amounts in
 * the order's currency, the masked card, the 3-D Secure result, a timeline of dates and refunds, the
 * stored card used, and copy buttons for every identifier.
 */
import type { OrderView } from '../../../../main/ipc/contract';
import { Copyable } from '../../components/CopyButton';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';
import { OrderActions } from './OrderActions';
import { eciWords } from './status';

export const orderMoney = (order: OrderView, minor: number) => formatAmount(minor, order.exponent, order.currencyAlpha ?? order.currency);

function Row({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function OrderDetails({ order, onChanged }: { readonly order: OrderView; readonly onChanged: (order: OrderView) => void }) {
  const timeline = [
    ...(order.registeredAt !== undefined ? [{ at: order.registeredAt, what: 'Registered' }] : []),
    ...(order.authorisedAt !== undefined ? [{ at: order.authorisedAt, what: order.paid ? 'Paid' : 'Authorisation attempted' }] : []),
    ...order.refunds.map((r) => ({
      at: r.at,
      what: `Refunded ${orderMoney(order, r.amount)}${r.referenceNumber ? ` (ref. ${r.referenceNumber})` : ''}`,
    })),
  ].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));

  return (
    <article className="panel order" aria-labelledby="order-title">
      <header className="order-head">
        <h2 id="order-title">Order {order.orderNumber || order.orderId}</h2>
        <StatusBadge status={order.status} words={order.statusWords} />
        <span className={`paid-flag ${order.paid ? 'is-paid' : 'not-paid'}`}>{order.paid ? 'Paid' : 'Not paid'}</span>
      </header>
      {order.actionCode !== undefined && order.actionCode !== 0 && (
        <p className="decline-reason" role="note">
          Declined: {order.actionCodeDescription || 'no reason given'} (action code {order.actionCode})
        </p>
      )}
      <div className="order-grid">
        <section aria-labelledby="order-ids">
          <h3 id="order-ids">Identifiers</h3>
          <dl>
            <Row label="Order ID">
              <Copyable value={order.orderId} what="order ID" />
            </Row>
            <Row label="Order number">
              {order.orderNumber ? <Copyable value={order.orderNumber} what="order number" /> : <code>—</code>}
            </Row>
            {order.description && <Row label="Description">{order.description}</Row>}
          </dl>
        </section>
        <section aria-labelledby="order-amounts">
          <h3 id="order-amounts">Amounts</h3>
          <dl className="amounts">
            <Row label="Order amount">{orderMoney(order, order.amount)}</Row>
            <Row label="Held (approved)">{orderMoney(order, order.approvedAmount)}</Row>
            <Row label="Charged (deposited)">{orderMoney(order, order.depositedAmount)}</Row>
            <Row label="Refunded">{orderMoney(order, order.refundedAmount)}</Row>
          </dl>
        </section>
        <section aria-labelledby="order-card">
          <h3 id="order-card">Card</h3>
          <dl>
            <Row label="Card">{order.card?.maskedPan ?? '—'}</Row>
            {order.card?.paymentSystem && <Row label="Payment system">{order.card.paymentSystem}</Row>}
            {order.card?.expiry && <Row label="Expiry">{`${order.card.expiry.slice(4, 6)}/${order.card.expiry.slice(0, 4)}`}</Row>}
            {order.card?.cardholderName && <Row label="Cardholder">{order.card.cardholderName}</Row>}
            <Row label="3-D Secure">
              {order.threeDS
                ? `${eciWords(order.threeDS.eci)}${order.threeDS.version ? `, version ${order.threeDS.version}` : ''}`
                : 'No 3-D Secure data'}
            </Row>
            {order.paymentWay && <Row label="Payment way">{order.paymentWay}</Row>}
          </dl>
        </section>
        {order.binding && (
          <section aria-labelledby="order-binding">
            <h3 id="order-binding">Stored card used</h3>
            <dl>
              {order.binding.clientId && (
                <Row label="Client ID">
                  <Copyable value={order.binding.clientId} what="client ID" />
                </Row>
              )}
              {order.binding.bindingId && (
                <Row label="Binding ID">
                  <Copyable value={order.binding.bindingId} what="binding ID" />
                </Row>
              )}
            </dl>
          </section>
        )}
        <section aria-labelledby="order-timeline">
          <h3 id="order-timeline">Timeline</h3>
          {timeline.length === 0 ? (
            <p>No dates reported.</p>
          ) : (
            <ol className="timeline">
              {timeline.map((t, i) => (
                <li key={i}>
                  <time>{formatDateTime(t.at)}</time> {t.what}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <OrderActions order={order} onChanged={onChanged} />
    </article>
  );
}
