import { useTranslation } from 'react-i18next';
import { useBatchStart } from '../../api/batchLookups';
import { useUi } from '../../app/uiStore';
import { CsvForm } from '../../components/CsvForm';

/** The numbers of a batch look-up, pasted or read from a CSV file, and the button that starts it. */
export function BatchInput() {
  const { t } = useTranslation('orders');
  const showBatch = useUi((s) => s.showBatch);
  const start = useBatchStart({ onSuccess: (started) => showBatch(started.batchId) });
  return (
    <CsvForm
      title={t('batch.title')}
      label={t('batch.input')}
      submit={{ idle: t('batch.start'), pending: t('batch.starting') }}
      pending={start.isPending}
      error={start.error}
      onSubmit={(text) => start.mutate(text)}
    />
  );
}
