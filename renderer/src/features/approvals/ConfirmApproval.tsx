/**
 * The confirmation an approval cannot skip: what money moves (a refund to an order's card, or a charge of a
 * client's card), how much, in which environment, asked by whom and why. Approving sends it now, as the
 * approver's; focus starts on Cancel, so a stray Enter approves nothing. Main checks again, in the journal's
 * transaction, that the request is still pending, unexpired and not the approver's own.
 */
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView, ApprovalResult } from '../../../../main/ipc/contract';
import { useApprove } from '../../api/approvals';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormDialog } from '../../components/FormDialog';
import { Id } from '../../components/Id';
import { Term } from '../../components/Term';
import { formatTimeLeft } from '../../format/dates';
import { environmentInSentence } from '../../format/environment';
import { useCancelledOnLock } from '../session/cancelOnLock';
import { RequestSubject } from './ApprovalRow';
import { confirmedEnvironment, requestCard, requestMoney, requestOrder, requestTotals } from './shared';

export function ConfirmApproval({
  request: r,
  onClose,
  onDone,
}: {
  readonly request: ApprovalRequestView;
  readonly onClose: () => void;
  readonly onDone: (result: ApprovalResult) => void;
}) {
  const { t, i18n } = useTranslation('approvals');
  const approve = useApprove({ onSuccess: onDone });
  useCancelledOnLock(onClose, approve.isPending);
  const money = requestMoney(r);
  const production = r.environment === 'production';
  const environment = environmentInSentence(i18n, r.environment);
  const moves =
    r.action === 'refund'
      ? t('confirm.moves.refund', { amount: money, order: requestOrder(r), environment })
      : r.action === 'batch'
        ? t('confirm.moves.batch', { batchId: r.batchId ?? '', totals: requestTotals(r), environment })
        : t('confirm.moves.charge', { amount: money, card: requestCard(r), client: r.clientId ?? '', environment });
  return (
    <FormDialog
      title={t(`confirm.title.${r.action}`)}
      lead={<p className="confirm-summary">{moves}</p>}
      onClose={onClose}
      busy={approve.isPending}
      onSubmit={() => {
        if (!approve.isPending) approve.mutate(r);
      }}
      cancel={t('confirm.cancel')}
      cancelFocused
      cancelDisabled={approve.isPending}
      submit={
        approve.isPending
          ? t('confirm.approving')
          : t(`confirm.submit.${r.action}`, { amount: r.action === 'batch' ? requestTotals(r) : money })
      }
      variant={production ? 'danger' : 'primary'}
      submitDisabled={approve.isPending}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <Term label={t('confirm.environment')}>
          <strong>{confirmedEnvironment(r.environment)}</strong>
        </Term>
        <Term label={t('confirm.request')}>
          {t(`action.${r.action}`)} <span className="muted">{t('number', { id: r.id })}</span>
          <RequestSubject request={r} />
        </Term>
        <Term label={t('confirm.amount')}>
          <strong className="confirm-amount">{money}</strong>
        </Term>
        <Term label={t('confirm.askedBy')}>
          <Id value={r.requestedBy.name} />
        </Term>
        <Term label={t('confirm.reason')}>{r.reason ? <Id value={r.reason} /> : <span className="muted">{t('noReason')}</span>}</Term>
        <Term label={t('confirm.expires')}>{formatTimeLeft(r.expiresAt)}</Term>
      </dl>
      {approve.isError && <ErrorNotice className="field-error" error={approve.error} />}
    </FormDialog>
  );
}
