/**
 * Charging a hold, releasing it, and giving money back on a charge, each behind a confirmation that names
 * the environment and restates the amount, the currency, the card and the order, with the amount typed in
 * major units and sent in minor units. Money goes back through one "Refund": the dialog asks main how it
 * would go back (reversed where the gateway allows it, refunded otherwise) and says so before the
 * confirmation; main decides again when it sends, and sends nothing if the way changed meanwhile. A refund
 * starts with an empty amount (the operator types what is owed, as for a charge); each takes an optional
 * reason, kept in the operations journal and the audit log. The confirm button names the action and the
 * amount, so a stray Enter cannot do something unread. Offered only on an order the gateway just reported,
 * never on a cached one. Money given back above its approval threshold is not sent: it becomes a request that
 * a second person approves in Approvals, and the order view says so.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelName, OrderView, Phrase } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { AwaitingApproval } from '../approvals/AwaitingApproval';
import { mayCall } from '../session/access';
import { useOffered } from '../session/offered';
import { OrderStatus, wasCaptured } from '../../../../main/domain/orderStatus';
import { type AfterOperation, type Action } from './shared';
import { ConfirmOperation } from './ConfirmOperation';

/** Each action's channel: offered only where the signed-in person's role may use it (support may not). */
const CHANNELS: Record<Action, ChannelName> = { deposit: 'orders.deposit', release: 'orders.reverse', refund: 'orders.refund' };

/** What can be done to an order in its status, and the most it can be done for. */
function available(order: OrderView): { action: Action; max?: number }[] {
  const out: { action: Action; max?: number }[] = [];
  if (order.status === OrderStatus.HELD) out.push({ action: 'deposit', max: order.approvedAmount || order.amount }, { action: 'release' });
  const refundable = order.depositedAmount - order.refundedAmount;
  if (wasCaptured(order.status) && refundable > 0) out.push({ action: 'refund', max: refundable });
  return out;
}

export function OrderActions({ order, onChanged }: { readonly order: OrderView; readonly onChanged: (next: AfterOperation) => void }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState<Action>();
  /**
   * An operation asked for that awaits a second person's approval (why: over what), said until another is opened
   * or the order's money changes (approved, here or at another desk).
   */
  const [awaiting, setAwaiting] = useState<{ readonly why: Phrase | undefined; readonly standing: string }>();
  /** The order's money as it stands now: its status and what was refunded of it. */
  const standing = `${order.status}/${order.refundedAmount}`;
  const session = useOffered();
  const actions = available(order).filter((a) => mayCall(session, CHANNELS[a.action]));
  // The dialog follows the order as it is now (another desk may refund it meanwhile): its most is today's,
  // and an action no longer possible closes it.
  const opened = actions.find((a) => a.action === open);
  if (actions.length === 0) return null;
  return (
    <section className="order-actions" aria-label={t('actions.label')}>
      {actions.map((a) => (
        <Button
          key={a.action}
          variant={a.action === 'deposit' ? 'primary' : 'danger'}
          onClick={() => {
            setAwaiting(undefined);
            setOpen(a.action);
          }}
        >
          {t(`actions.open.${a.action}`)}
        </Button>
      ))}
      {opened && (
        <ConfirmOperation
          order={order}
          action={opened.action}
          max={opened.max}
          onClose={() => setOpen(undefined)}
          onChanged={onChanged}
          onAwaiting={(why) => setAwaiting({ why, standing })}
        />
      )}
      {awaiting?.standing === standing && <AwaitingApproval why={awaiting.why} />}
    </section>
  );
}
