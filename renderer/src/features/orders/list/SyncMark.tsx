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
  switch (state.kind) {
    case 'running':
      return (
        <div className="sync-mark" role="status">
          <span>
            {progress?.total !== undefined
              ? t('runningProgress', { fetched: formatCount(progress.fetched), total: formatCount(progress.total) })
              : t('running')}
          </span>
          <Button onClick={onCancel}>{t('cancel')}</Button>
        </div>
      );
    case 'done':
      return (
        <div className="sync-mark" role="status">
          {/* The sync's own end time: the view read before it ended may still carry the one before. */}
          <span>
            {(state.at ?? syncedAt) !== undefined ? t('syncedAt', { time: syncTime(Math.max(state.at ?? 0, syncedAt ?? 0)) }) : t('synced')}
          </span>
          <Button onClick={onRetry}>{t('syncNow')}</Button>
        </div>
      );
    case 'cancelled':
      return (
        <div className="sync-mark notice-panel" role="status">
          <span>{t('cancelled', { asOf })}</span>
          <Button onClick={onRetry}>{t('syncAgain')}</Button>
        </div>
      );
    case 'failed':
      return (
        <div className="sync-failed">
          <ErrorNotice lead={t('failedLead')} message={state.reason} {...(state.detail ? { detail: state.detail } : {})} />
          <div className="sync-mark" role="status">
            <span>{asOf}</span>
            <Button onClick={onRetry}>{t('tryAgain')}</Button>
          </div>
        </div>
      );
  }
}
