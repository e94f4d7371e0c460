/**
 * The navigation's count of live requests that await the person signed in: others', which are theirs to approve
 * or decline (their own wait for someone else). Read while they may read requests at all, again whenever a
 * request changes at any desk of the team (main's approvals.changed) and when the session changes (api/events.ts);
 * nothing is shown while none awaits them.
 */
import { useTranslation } from 'react-i18next';
import { useApprovals } from '../../api/approvals';
import { useMayCall } from '../session/offered';
import { usePersonId } from './shared';

export function AwaitingCount() {
  const { t } = useTranslation('approvals');
  const live = useApprovals(usePersonId(), true, useMayCall('approvals.list'));
  const count = live.data?.filter((r) => !r.mine).length ?? 0;
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span className="badge tone-warning" data-testid="approvals-count">
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{t('awaitingYou', { count })}</span>
      </span>
    </>
  );
}
