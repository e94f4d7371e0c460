import { useTranslation } from 'react-i18next';
import { useChargeBatchCheck } from '../../api/chargeBatches';
import { useUi } from '../../app/uiStore';
import { CsvForm } from '../../components/CsvForm';

/** The file of a batch of charges, pasted or read from a CSV file, and the dry run that checks it. */
export function BatchFile() {
  const { t } = useTranslation('charges');
  const show = useUi((s) => s.showChargeBatch);
  const check = useChargeBatchCheck({ onSuccess: (plan) => show(plan.batchId) });
  return (
    <CsvForm
      title={t('batch.title')}
      label={t('batch.columns')}
      note={<p className="muted">{t('batch.dryRunExplained')}</p>}
      submit={{ idle: t('batch.check'), pending: t('batch.checking') }}
      pending={check.isPending}
      error={check.error}
      onSubmit={(text) => check.mutate(text)}
    />
  );
}
