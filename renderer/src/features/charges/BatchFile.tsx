import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { ErrorNotice } from '../../components/ErrorNotice';

export function BatchFile() {
  const id = useId();
  const { t } = useTranslation('charges');
  const [text, setText] = useState('');
  const queries = useQueryClient();
  const show = useUi((s) => s.showChargeBatch);
  const check = useMutation({
    mutationFn: () => call('charges.batch.plan', { text }),
    onSuccess: (plan) => {
      queries.setQueryData(keys.chargeBatchPlan(plan.batchId), plan);
      void queries.invalidateQueries({ queryKey: keys.chargeBatchStatus(plan.batchId) });
      show(plan.batchId);
    },
  });

  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate();
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
