/**
 * One request: what it would do (a refund on an order, or a charge on a client's card), how much, who asked and
 * why, when, and where it stands; a live one's actions: another's to approve or decline, one's own to withdraw.
 */
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { Id } from '../../components/Id';
import { Term } from '../../components/Term';
import { formatDateTime, formatStackedDateTime, formatTimeLeft } from '../../format/dates';
import { formatCount } from '../../format/numbers';
import { requestCard, requestMoney, requestOrder, requestTotals } from './shared';

const STATE_TONES: Record<ApprovalRequestView['state'], string> = {
  pending: 'tone-warning',
  approved: 'tone-success',
  withdrawn: 'tone-neutral',
  declined: 'tone-danger',
  expired: 'tone-neutral',
};

export function ApprovalRow({
  request: r,
  busy,
  onApprove,
  onClose,
}: {
  readonly request: ApprovalRequestView;
  /** A withdrawal or a decline is under way. */
  readonly busy: boolean;
  readonly onApprove: () => void;
  readonly onClose: (how: 'withdraw' | 'decline') => void;
}) {
  const { t } = useTranslation('approvals');
  return (
    <tr data-request={r.id}>
      <td>
        <strong>{t(`action.${r.action}`)}</strong> <span className="muted">{t('number', { id: r.id })}</span>
        <RequestSubject request={r} />
      </td>
      <td className="num">{requestMoney(r)}</td>
      <td>
        <Id value={r.requestedBy.name} />
        {r.mine && <span className="badge tone-info">{t('you')}</span>}
        {r.desk && <div className="muted">{t('atDesk', { desk: r.desk })}</div>}
      </td>
      <td>{r.reason ? <Id value={r.reason} /> : <span className="muted">{t('noReason')}</span>}</td>
      <td className="stacked-time">{formatStackedDateTime(r.createdAt)}</td>
      <td>
        <span className={`badge ${STATE_TONES[r.state]}`}>{t(`state.${r.state}`)}</span>
        <div className="muted">
          {r.state === 'pending'
            ? t('expires', { when: formatTimeLeft(r.expiresAt) })
            : r.decidedBy && t('decidedBy', { name: r.decidedBy.name, at: formatDateTime(r.decidedAt) })}
        </div>
      </td>
      <td>
        {r.state === 'pending' && (
          <div className="approval-actions">
            {r.mine ? (
              <Button aria-label={t('withdrawLabel', { id: r.id })} disabled={busy} onClick={() => onClose('withdraw')}>
                {t('withdraw')}
              </Button>
            ) : (
              <>
                <Button variant="primary" aria-label={t('approveLabel', { id: r.id })} onClick={onApprove}>
                  {t('approve')}
                </Button>
                <Button variant="danger" aria-label={t('declineLabel', { id: r.id })} disabled={busy} onClick={() => onClose('decline')}>
                  {t('decline')}
                </Button>
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The order a refund is on; the card, client and reference a charge is on; a batch's file, charges and totals. */
export function RequestSubject({ request: r }: { readonly request: ApprovalRequestView }) {
  const { t } = useTranslation('approvals');
  return (
    <dl className="approval-what">
      {r.action === 'batch' ? (
        <>
          <Term label={t('batchFile')} className="mono">
            <Id value={r.batchId ?? ''} />
          </Term>
          <Term label={t('totals')}>
            {t('charges', { count: r.charges ?? 0, n: formatCount(r.charges ?? 0) })}: {requestTotals(r)}
          </Term>
        </>
      ) : r.action === 'refund' ? (
        <Term label={t('order')} className="mono">
          <Id value={requestOrder(r)} />
        </Term>
      ) : (
        <>
          <Term label={t('card')}>
            <Id value={requestCard(r)} />
          </Term>
          {r.clientId && (
            <Term label={t('client')} className="mono">
              <Id value={r.clientId} />
            </Term>
          )}
          {r.orderNumber && (
            <Term label={t('reference')} className="mono">
              <Id value={r.orderNumber} />
            </Term>
          )}
        </>
      )}
    </dl>
  );
}
