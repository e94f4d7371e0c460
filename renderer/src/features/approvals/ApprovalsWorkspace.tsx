/**
 * Approvals (four-eyes, issue 29), for finance and administrators: the refunds and charges above their threshold
 * that wait for a second person, in the environment in use; every request, decided and expired too, on asking.
 * Another person's request may be approved (behind a confirmation that says what money moves, and where) or
 * declined; one's own only withdrawn. Main decides who may do which, in the journal's transaction: the screen
 * only offers what it would allow.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView, ApprovalResult } from '../../../../main/ipc/contract';
import { useApprovalClose, useApprovals } from '../../api/approvals';
import { useUi } from '../../app/uiStore';
import { DataTable, numeric } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';
import { useMayCall } from '../session/offered';
import { ApprovalOutcome } from './ApprovalOutcome';
import { ApprovalRow } from './ApprovalRow';
import { ConfirmApproval } from './ConfirmApproval';
import { usePersonId } from './shared';
import './approvals.css';

export function ApprovalsWorkspace() {
  const { t } = useTranslation('approvals');
  const [all, setAll] = useState(false);
  const requests = useApprovals(usePersonId(), !all, useMayCall('approvals.list'));
  const [approving, setApproving] = useState<ApprovalRequestView>();
  const [approved, setApproved] = useState<{ readonly request: ApprovalRequestView; readonly result: ApprovalResult }>();
  const toast = useUi((s) => s.toast);
  const close = useApprovalClose({
    onSuccess: (r, { how }) => toast('success', t(how === 'withdraw' ? 'withdrawn' : 'declined', { id: r.id })),
  });
  return (
    <WorkspaceFrame
      title={t('title')}
      className="approvals"
      tools={
        <label className="checkbox">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> {t('showAll')}
        </label>
      }
    >
      <p className="hint">{t('lead')}</p>
      {approved && <ApprovalOutcome key={approved.request.id} request={approved.request} result={approved.result} />}
      {close.isError && <ErrorNotice className="field-error" error={close.error} />}
      {requests.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : requests.isError ? (
        <ErrorNotice error={requests.error} lead={t('failed')} />
      ) : requests.data.length === 0 ? (
        <p role="status">{all ? t('noneAll') : t('noneLive')}</p>
      ) : (
        <DataTable
          caption={t('caption')}
          className="approvals-table"
          columns={[
            t('column.request'),
            numeric(t('column.amount')),
            t('column.askedBy'),
            t('column.reason'),
            t('column.asked'),
            t('column.state'),
            t('column.actions'),
          ]}
        >
          {requests.data.map((r) => (
            <ApprovalRow
              key={r.id}
              request={r}
              busy={close.isPending}
              onApprove={() => setApproving(r)}
              onClose={(how) => close.mutate({ how, id: r.id })}
            />
          ))}
        </DataTable>
      )}
      {approving && (
        <ConfirmApproval
          request={approving}
          onClose={() => setApproving(undefined)}
          onDone={(result) => {
            setApproved({ request: approving, result });
            setApproving(undefined);
          }}
        />
      )}
    </WorkspaceFrame>
  );
}
