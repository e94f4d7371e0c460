/**
 * One order as support reads it: status in words with its colour and number, paid or not, the amounts in
 * the order's currency, the masked card, the 3-D Secure result, a timeline of everything known about it
 * (the gateway's dates and refunds and what this app did, built in main), the stored card used, and copy
 * buttons for every identifier. An order from the cache says so and as of when, and offers no action on money.
 */
import type { OrderLookup, OrderView, TimelineEntry } from '../../../../main/ipc/contract';
import { Copyable } from '../../components/CopyButton';
import { ErrorDetails } from '../../components/ErrorNotice';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';
import { OrderActions, type AfterOperation } from './OrderActions';
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

const OUTCOME_WORDS: Record<NonNullable<TimelineEntry['outcome']>, string> = {
  done: 'done',
  refused: 'refused',
  unknown: 'no answer yet',
  declined: 'declined',
  failed: 'not made',
};

/** One timeline entry in words: what, how much, by whom, how it ended, and why. */
function entryText(order: OrderView, e: TimelineEntry): string {
  return [
    e.what,
    e.amount !== undefined ? ` ${orderMoney(order, e.amount)}` : '',
    e.by ? ` by ${e.by}` : '',
    e.outcome ? `: ${OUTCOME_WORDS[e.outcome]}` : '',
    e.detail ? ` (${e.detail})` : '',
    e.note ? `. Reason given: “${e.note}”` : '',
  ].join('');
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
  const { order } = shown;
  // The gateway zeroes held and charged after a reversal; what was cancelled is in the timeline.
  const reversedAmount =
    order.status === 3
      ? (order.timeline.find((e) => e.what === 'Reversal' && e.outcome === 'done') ?? order.timeline.find((e) => e.key === 'authorised'))
          ?.amount
      : undefined;
  return (
    <article className="panel order" aria-labelledby="order-title">
      <header className="order-head">
        <h2 id="order-title">Order {order.orderNumber || order.orderId}</h2>
        <StatusBadge status={order.status} words={order.headline} />
        <span className={`paid-flag ${order.paid ? 'is-paid' : 'not-paid'}`}>{order.paid ? 'Paid' : 'Not paid'}</span>
      </header>
      {shown.kind === 'cached' && (
        <div className="cached-notice" role="status">
          <strong>As of {formatDateTime(shown.fetchedAt)}</strong>, the gateway could not be reached: this is the order as it was then, from
          this computer&apos;s cache, and may have changed since. Nothing can be done to its money until a look-up reaches the gateway.{' '}
          {shown.reason}
          <ErrorDetails detail={shown.detail} />
        </div>
      )}
      {/* Only a declined order carries a decline: the action code of an order still waiting (status 0 or 5) says no attempt yet. */}
      {order.status === 6 && (
        <p className="decline-reason" role="note">
          Declined: {order.actionCodeDescription || 'no reason given'} (action code {order.actionCode ?? 'not given'})
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
            {reversedAmount !== undefined && <Row label="Reversed">{orderMoney(order, reversedAmount)}</Row>}
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
                  {onClient && (
                    <button type="button" className="link-button" onClick={() => onClient(order.binding!.clientId!)}>
                      Open client
                    </button>
                  )}
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
          {order.timeline.length === 0 ? (
            <p>No dates reported.</p>
          ) : (
            <ol className="timeline">
              {order.timeline.map((t) => (
                <li key={t.key}>
                  {t.at !== undefined ? (
                    <time dateTime={new Date(t.at).toISOString()}>{formatDateTime(t.at)}</time>
                  ) : (
                    <span className="muted">time not reported</span>
                  )}{' '}
                  {entryText(order, t)}
                  {t.source === 'app' && <span className="muted"> · from this app</span>}
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
