/**
 * Beside the totals: whether the period shown has been read whole from the gateway. "Synced at" alone is
 * environment-wide and can be true while the period on screen (last month, say) was never read, and then
 * the totals understate money; this mark says which of the three the figures are.
 */
import { useTranslation } from 'react-i18next';
import type { ListedView } from '../../../../../main/ipc/contract';
import { Button } from '../../../components/Button';
import { formatRecent } from '../../../format/dates';

/** The time alone today, the day and the time another day, as every moment is shown (format/dates.ts). */
export const syncTime = (ms: number) => formatRecent(ms);

/** What the totals of the period on screen are worth. */
export type Coverage =
  /** A sync is running: the figures may still change. */
  | { readonly kind: 'reading' }
  /** Every order registered in the period up to syncedAt is in the copy. */
  | { readonly kind: 'whole'; readonly syncedAt: number }
  /** Part of the period was never read whole (or nothing has been read at all): the totals may be short. */
  | { readonly kind: 'partial'; readonly syncedAt: number | undefined };

/**
 * From main's view of the period and whether this screen's own sync is running (main's `syncing` is
 * only as current as the last read of the view, while the screen knows at once that it started one).
 */
export function coverageOf(view: Pick<ListedView, 'complete' | 'syncedAt' | 'syncing'>, running: boolean): Coverage {
  if (running || view.syncing) return { kind: 'reading' };
  if (view.complete && view.syncedAt !== undefined) return { kind: 'whole', syncedAt: view.syncedAt };
  return { kind: 'partial', syncedAt: view.syncedAt };
}

export function CoverageMark({ coverage, onSync }: { readonly coverage: Coverage; readonly onSync?: () => void }) {
  const { t } = useTranslation('list');
  switch (coverage.kind) {
    case 'reading':
      return (
        <p className="coverage-mark" role="status" data-testid="period-coverage" data-coverage="reading">
          {t('coverage.reading')}
        </p>
      );
    case 'whole':
      return (
        <p className="coverage-mark" role="status" data-testid="period-coverage" data-coverage="whole">
          {t('coverage.whole', { time: syncTime(coverage.syncedAt) })}
        </p>
      );
    case 'partial':
      return (
        <div className="coverage-mark" role="status" data-testid="period-coverage" data-coverage="partial">
          <span>{coverage.syncedAt === undefined ? t('coverage.neverRead') : t('coverage.partial')}</span>
          {onSync && <Button onClick={onSync}>{t('coverage.syncPeriod')}</Button>}
        </div>
      );
  }
}
