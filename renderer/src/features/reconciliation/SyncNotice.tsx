import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../format/dates';
import { say } from '../../i18n/say';
import type { Run } from '../../api/reconciliation';
import { When } from './When';

/** Whether the gateway side is as of now or as of an earlier sync, said plainly before any figure. */
export function SyncNotice({ run }: { readonly run: Run }) {
  const { t, i18n } = useTranslation('reconciliation', { keyPrefix: 'sync' });
  const at = run.syncedAt;
  const time = at !== undefined ? { values: { time: formatDateTime(at) }, components: { time: <When at={at} /> } } : undefined;
  if (run.sync === 'done') {
    return (
      <p className="muted" role="status">
        {time ? <Trans t={t} i18nKey="doneAt" {...time} /> : t('done')}
      </p>
    );
  }
  return (
    <div className="panel warning-panel sync-notice" role="alert">
      <strong>{run.sync === 'failed' ? t('failed') : t('cancelled')}</strong> {run.syncReason ? <>{say(i18n, run.syncReason)} </> : null}
      {!run.complete ? <>{t('partial')} </> : null}
      {time ? <Trans t={t} i18nKey="asOf" {...time} /> : t('never')}
    </div>
  );
}
