import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnvironmentName, OperationResult, OrderView, Phrase } from '../../../../main/ipc/contract';
import { refundWay, type RefundWay } from '../../../../main/domain/refundWay';
import { useAppInfo } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Field } from '../../components/Field';
import { Id } from '../../components/Id';
import { formatTime } from '../../format/dates';
import { amountProblemText, decimalText, parseMajor } from '../../format/money';
import { orderMoney, type AfterOperation, type Action } from './shared';
import { operationOutcomeWords } from './operationWords';
import { say } from '../../i18n/say';
import { useOrderOperation, useRefundPlan, type Operation } from '../../api/operations';
import { useErrorToast } from '../../components/useErrorToast';
import { FormDialog } from '../../components/FormDialog';
import { Term } from '../../components/Term';
import { useCancelledOnLock } from '../session/cancelOnLock';

/** The longest reason main accepts (the contract says the same). */
const MAX_REASON = 200;

/** The confirmation of one operation on an order (charge a hold, release it, refund), and what became of it. */
export function ConfirmOperation({
  order,
  action,
  max,
  onClose,
  onChanged,
  onAwaiting,
}: {
  readonly order: OrderView;
  readonly action: Action;
  readonly max: number | undefined;
  readonly onClose: () => void;
  readonly onChanged: (next: AfterOperation) => void;
  /** Sent nothing: the operation awaits a second person's approval, for the reason main gives (over what). */
  readonly onAwaiting: (why: Phrase | undefined) => void;
}) {
  const { t, i18n } = useTranslation('orders');
  const toast = useUi((s) => s.toast);
  const toastError = useErrorToast();
  const environment = useAppInfo().data?.environment;
  // A refund starts empty: what the customer is owed is typed, never taken from a default by habit.
  const [text, setText] = useState(max !== undefined && action === 'deposit' ? decimalText(max, order.exponent) : '');
  const [reason, setReason] = useState('');
  /** Why the dialog is still open after a confirmation: the way changed, or the gateway refused the reversal. */
  const [notice, setNotice] = useState<string>();
  const plan = useRefundPlan(order.orderId, action === 'refund');
  const reasonError = reason.trim().length > MAX_REASON ? t('actions.reasonTooLong', { max: MAX_REASON }) : undefined;
  const withReason = reason.trim() ? { reason: reason.trim() } : {};
  const parsed = action === 'release' ? undefined : parseMajor(text, order.exponent);
  const amountError =
    parsed && !parsed.ok
      ? amountProblemText(i18n, parsed.error)
      : parsed?.ok && max !== undefined && parsed.minor > max
        ? t('actions.amountTooHigh', { amount: orderMoney(order, max) })
        : undefined;
  const amount = parsed?.ok ? parsed.minor : undefined;
  const card = order.card?.maskedPan ?? t('actions.unknownCard');
  const reversible = plan.data && plan.data.chance !== 'unreadable' ? plan.data.reversible : undefined;
  /** How the money goes back, as the dialog says and tells main; main sends nothing if it differs by then. */
  const way: RefundWay = refundWay(reversible, amount ?? -1);
  /** The same refund made lately, for the amount it was asked about: the next press confirms the repeat. */
  const [repeat, setRepeat] = useState<{ amount: number; earlier: NonNullable<OperationResult['earlier']> }>();
  const confirmingRepeat = repeat !== undefined && repeat.amount === amount && way === 'refund';

  /** The operation as confirmed, in the environment the dialog named. */
  const operation = (confirmedIn: EnvironmentName): Operation =>
    action === 'release'
      ? { action, environment: confirmedIn, orderId: order.orderId, ...withReason }
      : action === 'deposit'
        ? { action, environment: confirmedIn, orderId: order.orderId, amount: amount!, ...withReason }
        : {
            action,
            environment: confirmedIn,
            orderId: order.orderId,
            amount: amount!,
            way,
            ...(confirmingRepeat ? { confirmRepeat: true } : {}),
            ...withReason,
          };

  const run = useOrderOperation({
    onSuccess: (r) => {
      // What was sent: a refund that went back as a reversal is told as a reversal.
      const sent = r.operation === 'reverse' ? (action === 'release' ? 'release' : 'reverse') : r.operation;
      const money = r.amount ? orderMoney(order, r.amount) : undefined;
      if (r.outcome === 'needsConfirmation') {
        // Nothing was sent: the dialog stays, saying what was refunded lately, until the operator confirms.
        setRepeat({ amount: amount!, earlier: r.earlier ?? [] });
        return;
      }
      if (r.outcome === 'wayChanged' && r.plan) {
        // Nothing was sent: the dialog stays, now saying the way main would take, until the operator confirms.
        setNotice(t(`actions.wayChanged.${r.plan.way}`));
        return;
      }
      if (r.outcome === 'refused' && sent === 'reverse') {
        // The gateway refused the reversal all the same: said in main's words, and the refund offered here.
        setNotice(r.reason ? say(i18n, r.reason) : t('actions.noReason'));
        if (r.order) onChanged({ kind: 'found', order: r.order });
        return;
      }
      if (r.outcome === 'awaitingApproval') {
        // Nothing was sent: over its threshold it waits for a second person; the order view says so, not a toast.
        onAwaiting(r.reason);
        onClose();
        return;
      }
      const said = operationOutcomeWords(r, sent, money, order.orderNumber);
      toast(said.tone, said.text);
      // Read again, or (unreadable now) the cached order marked as such: never the view from before as live.
      if (r.order) onChanged({ kind: 'found', order: r.order });
      else if (r.cached) onChanged({ kind: 'cached', ...r.cached });
      onClose();
    },
    onError: toastError,
  });

  useCancelledOnLock(onClose, run.isPending);

  const summary =
    action === 'release'
      ? t('actions.summary.release', { order: order.orderNumber, amount: orderMoney(order, order.approvedAmount || order.amount), card })
      : amount !== undefined && !amountError
        ? t(action === 'deposit' ? 'actions.summary.deposit' : way === 'reverse' ? 'actions.summary.reverse' : 'actions.summary.refund', {
            amount: orderMoney(order, amount),
            card,
            order: order.orderNumber,
          })
        : t('actions.summary.incomplete', { order: order.orderNumber, card });
  const amountText = amount !== undefined && !amountError ? orderMoney(order, amount) : '';
  const confirmText =
    action === 'release'
      ? t('actions.confirm.release', { amount: orderMoney(order, order.approvedAmount || order.amount) })
      : action === 'deposit'
        ? t('actions.confirm.deposit', { amount: amountText })
        : way === 'reverse'
          ? t('actions.confirm.reverse', { amount: amountText })
          : t(`actions.confirm.refund${confirmingRepeat ? 'Again' : ''}`, { amount: amountText });

  // Said before the confirmation: how the money goes back. Unreadable now, a refund; main asks again if not.
  const chance = plan.isError ? 'unreadable' : plan.data?.chance;
  const wayWords =
    chance === undefined
      ? t('actions.way.checking')
      : chance === 'unreadable'
        ? t('actions.way.unreadable')
        : way === 'reverse'
          ? t('actions.way.reverse')
          : t(`actions.way.refund.${chance}`, { amount: reversible !== undefined ? orderMoney(order, reversible) : '' });

  const production = environment === 'production';
  const waiting = action === 'refund' && plan.isPending;
  return (
    <FormDialog
      title={t(`actions.title.${action}`)}
      onClose={onClose}
      onSubmit={() => {
        if (environment && !waiting && !amountError && !reasonError && (action === 'release' || amount !== undefined)) {
          setNotice(undefined);
          run.mutate(operation(environment));
        }
      }}
      cancel={t(`actions.dismiss.${action}`)}
      submit={run.isPending ? t('actions.sending') : confirmText}
      variant={action === 'deposit' ? 'primary' : 'danger'}
      submitDisabled={
        run.isPending || waiting || !environment || !!amountError || !!reasonError || (action !== 'release' && amount === undefined)
      }
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <Term label={t('actions.environment')}>
          <strong>{environment ? t(`confirmEnvironment.${environment}`, { ns: 'common' }) : t('actions.environmentUnknown')}</strong>
        </Term>
        <Term label={t('actions.order')} className="mono">
          <Id value={order.orderNumber || order.orderId} />
        </Term>
        <Term label={t('actions.card')}>
          <Id value={card} />
        </Term>
      </dl>
      {action !== 'release' && (
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
      {action === 'refund' && (
        <p className="hint refund-way" aria-live="polite">
          {wayWords}
        </p>
      )}
      <p className="confirm-summary">{summary}</p>
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
      {confirmingRepeat && (
        <p className="field-error" role="alert">
          {t('actions.repeat', {
            earlier: repeat.earlier.map((e) => t('actions.repeatEarlier', { time: formatTime(e.at), operator: e.operator })).join(', '),
          })}
        </p>
      )}
    </FormDialog>
  );
}
