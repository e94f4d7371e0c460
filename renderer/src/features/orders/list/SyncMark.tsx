import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { syncTime } from './CoverageMark';
import { useSyncProgress, type SyncState } from '../../../api/period';
import { formatCount } from '../../../format/numbers';

/** How current the list is: the one line that says what the money on screen is as of. */
export function SyncMark({
  state,
  syncedAt,
  onCancel,
  onRetry,
}: {
  readonly state: SyncState;
  readonly syncedAt: number | undefined;
  readonly onCancel: () => void;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation('list', { keyPrefix: 'sync' });
  const progress = useSyncProgress();
  const asOf = syncedAt === undefined ? t('neverRead') : t('asOf', { time: syncTime(syncedAt) });
  /** The line itself: where the sync stands, and what can be done about it. */
  const mark = (words: string, button: string, onClick: () => void, className = 'sync-mark') => (
    <div className={className} role="status">
      <span>{words}</span>
      <Button onClick={onClick}>{button}</Button>
    </div>
  );
  switch (state.kind) {
    case 'running':
      return mark(
        progress?.total !== undefined
          ? t('runningProgress', { fetched: formatCount(progress.fetched), total: formatCount(progress.total) })
          : t('running'),
        t('cancel'),
        onCancel,
      );
    case 'done':
      // The sync's own end time: the view read before it ended may still carry the one before.
      return mark(
        (state.at ?? syncedAt) !== undefined ? t('syncedAt', { time: syncTime(Math.max(state.at ?? 0, syncedAt ?? 0)) }) : t('synced'),
        t('syncNow'),
        onRetry,
      );
    case 'cancelled':
      return mark(t('cancelled', { asOf }), t('syncAgain'), onRetry, 'sync-mark notice-panel');
    case 'failed':
      return (
        <div className="sync-failed">
          <ErrorNotice lead={t('failedLead')} message={state.reason} {...(state.detail ? { detail: state.detail } : {})} />
          {mark(asOf, t('tryAgain'), onRetry)}
        </div>
      );
  }
}
