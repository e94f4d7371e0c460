import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChargeBatchCheck } from '../../api/chargeBatches';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { ErrorNotice } from '../../components/ErrorNotice';

export function BatchFile() {
  const id = useId();
  const { t } = useTranslation('charges');
  const [text, setText] = useState('');
  const show = useUi((s) => s.showChargeBatch);
  const check = useChargeBatchCheck({ onSuccess: (plan) => show(plan.batchId) });

  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate(text);
      }}
    >
      <h2 id={`${id}-title`}>{t('batch.title')}</h2>
      <CsvDropZone label={t('batch.columns')} text={text} onText={setText} />
      {check.isError && <ErrorNotice className="field-error" error={check.error} />}
      <p className="muted">{t('batch.dryRunExplained')}</p>
      <Button type="submit" variant="primary" disabled={text.trim() === '' || check.isPending}>
        {check.isPending ? t('batch.checking') : t('batch.check')}
      </Button>
    </form>
  );
}
