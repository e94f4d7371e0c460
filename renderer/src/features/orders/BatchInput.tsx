import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useBatchStart } from '../../api/batchLookups';

/** The numbers of a batch look-up, pasted or read from a CSV file, and the button that starts it. */
export function BatchInput() {
  const { t } = useTranslation('orders');
  const id = useId();
  const [text, setText] = useState('');
  const showBatch = useUi((s) => s.showBatch);
  const start = useBatchStart({ onSuccess: (started) => showBatch(started.batchId) });

  return (
    <form
      className="panel batch-input"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate(text);
      }}
    >
      <h2 id={`${id}-title`}>{t('batch.title')}</h2>
      <CsvDropZone label={t('batch.input')} text={text} onText={setText} />
      {start.isError && <ErrorNotice className="field-error" error={start.error} />}
      <Button type="submit" variant="primary" disabled={text.trim() === '' || start.isPending}>
        {start.isPending ? t('batch.starting') : t('batch.start')}
      </Button>
    </form>
  );
}
