import { useTranslation } from 'react-i18next';
import { useBatch, useBatchCancel, useBatchRetry, useBatchStarted } from '../../api/batchLookups';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { ProgressCounts } from '../../components/ProgressCounts';
import { BatchResults } from './BatchResults';
import { ErrorNotice } from '../../components/ErrorNotice';
import { say } from '../../i18n/say';
import { formatCount } from '../../format/numbers';
import { useErrorToast } from '../../components/useErrorToast';

/** The counts under the progress: their names for tests and styles, and their words' keys (`orders:batch.counts.<name>`). */
const COUNTS = ['found', 'notFound', 'failed', 'cancelled'] as const;

/** A batch look-up under way or done: its progress in counts, what was skipped, Cancel or Retry, and its rows. */
export function BatchRun({ batchId, onOpen }: { readonly batchId: string; readonly onOpen: (orderId: string) => void }) {
  const { t, i18n } = useTranslation('orders');
  const showBatch = useUi((s) => s.showBatch);
  const toastError = useErrorToast();
  const started = useBatchStarted(batchId);
  const batch = useBatch(batchId);
  const cancel = useBatchCancel(batchId, { onError: toastError });
  const retry = useBatchRetry(batchId, { onSuccess: (r) => showBatch(r.batchId), onError: toastError });
  const p = batch.data?.progress;
  const running = !batch.data || batch.data.state === 'running';
  const again = p ? p.failed + p.cancelled : 0;

  return (
    <div className="batch-run">
      <section className="panel" aria-labelledby="batch-progress-title">
        <div className="workspace-head">
          <h2 id="batch-progress-title">
            {running ? t('batch.running') : batch.data?.state === 'cancelled' ? t('batch.cancelled') : t('batch.finished')}
          </h2>
          {running ? (
            <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {t('batch.cancel')}
            </Button>
          ) : (
            <div className="button-row">
              {again > 0 && (
                <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
                  {t('batch.retry', { number: formatCount(again) })}
                </Button>
              )}
              <Button onClick={() => showBatch(undefined)}>{t('batch.newBatch')}</Button>
            </div>
          )}
        </div>
        {batch.isError && <ErrorNotice error={batch.error} />}
        {p && (
          <>
            <ProgressCounts
              done={p.done}
              total={p.total}
              label={t('batch.progress')}
              counts={COUNTS.map((c) => [c, t(`batch.counts.${c}`), p[c]])}
              quiet
            />
          </>
        )}
        {started && (started.skipped.length > 0 || started.duplicates > 0) && (
          <details className="skipped">
            <summary>
              {[
                started.skipped.length > 0 ? t('batch.skipped', { count: started.skipped.length }) : '',
                started.duplicates > 0 ? t('batch.duplicates', { count: started.duplicates }) : '',
              ]
                .filter((part) => part !== '')
                .join(', ')}
            </summary>
            <ul>
              {started.skipped.map((s, i) => (
                <li key={i}>
                  {s.line > 0 ? t('batch.skippedLine', { line: s.line, value: s.value, reason: say(i18n, s.reason) }) : say(i18n, s.reason)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      {batch.data && <BatchResults batchId={batchId} rows={batch.data.rows} running={running} onOpen={onOpen} />}
    </div>
  );
}
