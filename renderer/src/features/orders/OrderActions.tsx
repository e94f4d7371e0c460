/**
 * Deposit, reverse and refund on an order, each behind a confirmation that names the environment and
 * restates the amount, the currency, the card and the order, with the amount typed in major units and sent
 * in minor units. A refund starts with an empty amount (the operator types what is owed, as for a charge);
 * each takes an optional reason, kept in the operations journal and the audit log; reverse and refund say
 * which of the two fits. The confirm button names the action and the amount, so a stray Enter cannot do
 * something unread. Offered only on an order the gateway just reported, never on a cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelName, EnvironmentName, OperationResult, OrderView } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { keys, useAppInfo } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { decimalText, parseMajor } from '../../format/money';
import { mayCall, useRoleProfile } from '../roles/profile';
import { orderMoney } from './OrderDetails';
import { CONFIRM_ENVIRONMENT_WORDS } from '../../format/confirmWords';

type Action = 'deposit' | 'reverse' | 'refund';

/** Each action's channel: offered only where the role profile may use it (support may not). */
const CHANNELS: Record<Action, ChannelName> = { deposit: 'orders.deposit', reverse: 'orders.reverse', refund: 'orders.refund' };

const VERBS: Record<Action, { title: string; past: string; noun: string }> = {
  deposit: { title: 'Charge the held amount', past: 'Charged', noun: 'charge' },
  reverse: { title: 'Reverse the order', past: 'Reversed', noun: 'reversal' },
  refund: { title: 'Refund', past: 'Refunded', noun: 'refund' },
};

/** When to reverse and when to refund: the two are not interchangeable, and the choice costs the merchant. */
const REVERSE_OR_REFUND =
  'Reverse on the day of the payment, before it is settled: a reversal releases the hold (or cancels the charge) at once, with no refund fees, and the customer never sees the money leave. Refund once the payment has been settled (from the next day): the money goes back as a separate transaction, which can take days and may carry fees.';

/** The longest reason main accepts (the contract says the same). */
const MAX_REASON = 200;

/** What can be done to an order in its status, and the most it can be done for. */
function available(order: OrderView): { action: Action; max?: number }[] {
  const out: { action: Action; max?: number }[] = [];
  if (order.status === 1) out.push({ action: 'deposit', max: order.approvedAmount || order.amount });
  // A reversal returns the whole charge: after a refund it would return more than is left, so it is refused.
  if (order.status === 1 || (order.status === 2 && order.refundedAmount === 0)) out.push({ action: 'reverse' });
  const refundable = order.depositedAmount - order.refundedAmount;
  if ((order.status === 2 || order.status === 4) && refundable > 0) out.push({ action: 'refund', max: refundable });
  return out;
}

/** What the order view shows after an operation: the order read again, or the cached one when it could not be. */
export type AfterOperation =
  { readonly kind: 'found'; readonly order: OrderView } | ({ readonly kind: 'cached' } & NonNullable<OperationResult['cached']>);

export function OrderActions({ order, onChanged }: { readonly order: OrderView; readonly onChanged: (next: AfterOperation) => void }) {
  const [open, setOpen] = useState<{ action: Action; max?: number }>();
  const profile = useRoleProfile().data;
  const actions = available(order).filter((a) => mayCall(profile, CHANNELS[a.action]));
  if (actions.length === 0) return null;
  return (
    <section className="order-actions" aria-label="Actions on this order">
      {actions.map((a) => (
        <Button key={a.action} variant={a.action === 'deposit' ? 'primary' : 'danger'} onClick={() => setOpen(a)}>
          {a.action === 'deposit' ? 'Charge held amount…' : a.action === 'reverse' ? 'Reverse…' : 'Refund…'}
        </Button>
      ))}
      {open && (
        <ConfirmOperation order={order} action={open.action} max={open.max} onClose={() => setOpen(undefined)} onChanged={onChanged} />
      )}
    </section>
  );
}

function ConfirmOperation({
  order,
  action,
  max,
  onClose,
  onChanged,
}: {
  readonly order: OrderView;
  readonly action: Action;
  readonly max: number | undefined;
  readonly onClose: () => void;
  readonly onChanged: (next: AfterOperation) => void;
}) {
  const toast = useUi((s) => s.toast);
  const queries = useQueryClient();
  const environment = useAppInfo().data?.environment;
  // A refund starts empty: what the customer is owed is typed, never taken from a default by habit.
  const [text, setText] = useState(max !== undefined && action === 'deposit' ? decimalText(max, order.exponent) : '');
  const [reason, setReason] = useState('');
  const reasonError = reason.trim().length > MAX_REASON ? `At most ${MAX_REASON} characters` : undefined;
  const withReason = reason.trim() ? { reason: reason.trim() } : {};
  const parsed = action === 'reverse' ? undefined : parseMajor(text, order.exponent);
  const amountError =
    parsed && !parsed.ok
      ? parsed.error
      : parsed?.ok && max !== undefined && parsed.minor > max
        ? `At most ${orderMoney(order, max)}`
        : undefined;
  const amount = parsed?.ok ? parsed.minor : undefined;
  const card = order.card?.maskedPan ?? 'the card used';
  /** The same refund made lately, for the amount it was asked about: the next press confirms the repeat. */
  const [repeat, setRepeat] = useState<{ amount: number; earlier: NonNullable<OperationResult['earlier']> }>();
  const confirmingRepeat = repeat !== undefined && repeat.amount === amount;

  const run = useMutation({
    mutationFn: (confirmedIn: EnvironmentName): Promise<OperationResult> =>
      action === 'reverse'
        ? call('orders.reverse', { environment: confirmedIn, orderId: order.orderId, ...withReason })
        : action === 'deposit'
          ? call('orders.deposit', { environment: confirmedIn, orderId: order.orderId, amount: amount!, ...withReason })
          : call('orders.refund', {
              environment: confirmedIn,
              orderId: order.orderId,
              amount: amount!,
              ...(confirmingRepeat ? { confirmRepeat: true } : {}),
              ...withReason,
            }),
    onSuccess: (r) => {
      const what = `${VERBS[action].noun}${r.amount ? ` of ${orderMoney(order, r.amount)}` : ''}`;
      if (r.outcome === 'needsConfirmation') {
        // Nothing was sent: the dialog stays, saying what was refunded lately, until the operator confirms.
        setRepeat({ amount: amount!, earlier: r.earlier ?? [] });
        return;
      }
      if (r.outcome === 'notSent') toast('error', `Nothing was sent: ${r.reason ?? 'another operation on this order is open'}`);
      else if (r.outcome === 'done')
        toast('success', `${VERBS[action].past}${r.amount ? ` ${orderMoney(order, r.amount)}` : ''} on order ${order.orderNumber}`);
      else if (r.outcome === 'refused') toast('error', `The ${what} was not made. ${r.reason ?? 'No reason was given.'}`);
      else toast('info', `No answer yet to the ${what}; it is recorded and will be reconciled before anything else.`);
      // Read again, or (unreadable now) the cached order marked as such: never the view from before as live.
      if (r.order) onChanged({ kind: 'found', order: r.order });
      else if (r.cached) onChanged({ kind: 'cached', ...r.cached });
      void queries.invalidateQueries({ queryKey: keys.history });
      onClose();
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });

  const summary =
    action === 'reverse'
      ? `Reverse order ${order.orderNumber}: the ${order.status === 1 ? 'hold' : 'charge'} of ${orderMoney(order, order.status === 1 ? order.approvedAmount || order.amount : order.depositedAmount)} on card ${card} is cancelled. An order can be reversed once.`
      : amount !== undefined && !amountError
        ? `${action === 'refund' ? 'Refund' : 'Charge'} ${orderMoney(order, amount)} ${action === 'refund' ? 'to' : 'from'} card ${card} on order ${order.orderNumber}.`
        : `Order ${order.orderNumber}, card ${card}.`;

  const production = environment === 'production';
  return (
    <Dialog title={VERBS[action].title} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (environment && !amountError && !reasonError && (action === 'reverse' || amount !== undefined)) run.mutate(environment);
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>Environment</dt>
          <dd>
            <strong>{environment ? CONFIRM_ENVIRONMENT_WORDS[environment] : 'Not known yet'}</strong>
          </dd>
          <dt>Order</dt>
          <dd className="mono">{order.orderNumber || order.orderId}</dd>
          <dt>Card</dt>
          <dd>{card}</dd>
        </dl>
        {action !== 'reverse' && (
          <Field
            label={`Amount in ${order.currencyAlpha ?? order.currency}`}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={text === '' ? undefined : amountError}
            hint={max !== undefined ? `Up to ${orderMoney(order, max)}` : undefined}
          />
        )}
        <Field
          label="Reason (optional)"
          autoComplete="off"
          maxLength={MAX_REASON + 20}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
          hint="Kept with the operation in the journal and the audit log, e.g. “goods returned”."
        />
        <p className="confirm-summary">{summary}</p>
        {action !== 'deposit' && <p className="hint reverse-or-refund">{REVERSE_OR_REFUND}</p>}
        {confirmingRepeat && (
          <p className="field-error" role="alert">
            {`The same amount was refunded on this order ${repeat.earlier
              .map((e) => `at ${new Date(e.at).toLocaleTimeString()} by ${e.operator}`)
              .join(', ')}. Nothing was sent this time; refund it again only if the customer is owed it twice.`}
          </p>
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant={action === 'deposit' ? 'primary' : 'danger'}
            disabled={run.isPending || !environment || !!amountError || !!reasonError || (action !== 'reverse' && amount === undefined)}
          >
            {run.isPending
              ? 'Sending…'
              : action === 'reverse'
                ? `Reverse order ${order.orderNumber}`
                : `${action === 'refund' ? 'Refund' : 'Charge'} ${amount !== undefined && !amountError ? orderMoney(order, amount) : ''}${confirmingRepeat ? ' again' : ''}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
