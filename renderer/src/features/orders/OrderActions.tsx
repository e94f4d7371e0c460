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
import { useTranslation } from 'react-i18next';
import type { ChannelName, EnvironmentName, OperationResult, OrderView } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { keys, useAppInfo } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { Id } from '../../components/Id';
import { formatTime } from '../../format/dates';
import { amountProblemText, decimalText, parseMajor } from '../../format/money';
import { mayCall, useRoleProfile } from '../roles/profile';
import { orderMoney } from './OrderDetails';
import { say } from '../../i18n/say';

type Action = 'deposit' | 'reverse' | 'refund';

/** Each action's channel: offered only where the role profile may use it (support may not). */
const CHANNELS: Record<Action, ChannelName> = { deposit: 'orders.deposit', reverse: 'orders.reverse', refund: 'orders.refund' };

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
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState<{ action: Action; max?: number }>();
  const profile = useRoleProfile().data;
  const actions = available(order).filter((a) => mayCall(profile, CHANNELS[a.action]));
  if (actions.length === 0) return null;
  return (
    <section className="order-actions" aria-label={t('actions.label')}>
      {actions.map((a) => (
        <Button key={a.action} variant={a.action === 'deposit' ? 'primary' : 'danger'} onClick={() => setOpen(a)}>
          {t(`actions.open.${a.action}`)}
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
  const { t, i18n } = useTranslation('orders');
  const toast = useUi((s) => s.toast);
  const queries = useQueryClient();
  const environment = useAppInfo().data?.environment;
  // A refund starts empty: what the customer is owed is typed, never taken from a default by habit.
  const [text, setText] = useState(max !== undefined && action === 'deposit' ? decimalText(max, order.exponent) : '');
  const [reason, setReason] = useState('');
  const reasonError = reason.trim().length > MAX_REASON ? t('actions.reasonTooLong', { max: MAX_REASON }) : undefined;
  const withReason = reason.trim() ? { reason: reason.trim() } : {};
  const parsed = action === 'reverse' ? undefined : parseMajor(text, order.exponent);
  const amountError =
    parsed && !parsed.ok
      ? amountProblemText(i18n, parsed.error)
      : parsed?.ok && max !== undefined && parsed.minor > max
        ? t('actions.amountTooHigh', { amount: orderMoney(order, max) })
        : undefined;
  const amount = parsed?.ok ? parsed.minor : undefined;
  const card = order.card?.maskedPan ?? t('actions.unknownCard');
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
      const money = r.amount ? orderMoney(order, r.amount) : undefined;
      if (r.outcome === 'needsConfirmation') {
        // Nothing was sent: the dialog stays, saying what was refunded lately, until the operator confirms.
        setRepeat({ amount: amount!, earlier: r.earlier ?? [] });
        return;
      }
      if (r.outcome === 'notSent')
        toast('error', t('actions.notSent', { reason: r.reason ? say(i18n, r.reason) : t('actions.notSentReason') }));
      else if (r.outcome === 'done')
        toast(
          'success',
          money
            ? t(`actions.doneAmount.${action}`, { amount: money, order: order.orderNumber })
            : t(`actions.done.${action}`, { order: order.orderNumber }),
        );
      else if (r.outcome === 'refused') {
        const reason = r.reason ? say(i18n, r.reason) : t('actions.noReason');
        toast(
          'error',
          money ? t(`actions.refusedAmount.${action}`, { amount: money, reason }) : t(`actions.refused.${action}`, { reason }),
        );
      } else toast('info', money ? t(`actions.unknownAmount.${action}`, { amount: money }) : t(`actions.unknown.${action}`));
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
      ? t(order.status === 1 ? 'actions.summary.reverseHold' : 'actions.summary.reverseCharge', {
          order: order.orderNumber,
          amount: orderMoney(order, order.status === 1 ? order.approvedAmount || order.amount : order.depositedAmount),
          card,
        })
      : amount !== undefined && !amountError
        ? t(action === 'refund' ? 'actions.summary.refund' : 'actions.summary.deposit', {
            amount: orderMoney(order, amount),
            card,
            order: order.orderNumber,
          })
        : t('actions.summary.incomplete', { order: order.orderNumber, card });

  const production = environment === 'production';
  return (
    <Dialog title={t(`actions.title.${action}`)} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (environment && !amountError && !reasonError && (action === 'reverse' || amount !== undefined)) run.mutate(environment);
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>{t('actions.environment')}</dt>
          <dd>
            <strong>{environment ? t(`confirmEnvironment.${environment}`, { ns: 'common' }) : t('actions.environmentUnknown')}</strong>
          </dd>
          <dt>{t('actions.order')}</dt>
          <dd className="mono">
            <Id value={order.orderNumber || order.orderId} />
          </dd>
          <dt>{t('actions.card')}</dt>
          <dd>
            <Id value={card} />
          </dd>
        </dl>
        {action !== 'reverse' && (
          <Field
            label={t('actions.amountLabel', { currency: order.currencyAlpha ?? order.currency })}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={text === '' ? undefined : amountError}
            hint={max !== undefined ? t('actions.upTo', { amount: orderMoney(order, max) }) : undefined}
          />
        )}
        <Field
          label={t('actions.reasonLabel')}
          autoComplete="off"
          maxLength={MAX_REASON + 20}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
          hint={t('actions.reasonHint')}
        />
        <p className="confirm-summary">{summary}</p>
        {action !== 'deposit' && <p className="hint reverse-or-refund">{t('actions.reverseOrRefund')}</p>}
        {confirmingRepeat && (
          <p className="field-error" role="alert">
            {t('actions.repeat', {
              earlier: repeat.earlier.map((e) => t('actions.repeatEarlier', { time: formatTime(e.at), operator: e.operator })).join(', '),
            })}
          </p>
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button
            type="submit"
            variant={action === 'deposit' ? 'primary' : 'danger'}
            disabled={run.isPending || !environment || !!amountError || !!reasonError || (action !== 'reverse' && amount === undefined)}
          >
            {run.isPending
              ? t('actions.sending')
              : action === 'reverse'
                ? t('actions.confirm.reverse', { order: order.orderNumber })
                : t(`actions.confirm.${action}${confirmingRepeat ? 'Again' : ''}`, {
                    amount: amount !== undefined && !amountError ? orderMoney(order, amount) : '',
                  })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
