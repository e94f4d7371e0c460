import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchStarted } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { CsvDropZone } from '../../components/CsvDropZone';
import { ErrorNotice } from '../../components/ErrorNotice';

/** The numbers of a batch look-up, pasted or read from a CSV file, and the button that starts it. */
export function BatchInput() {
  const { t } = useTranslation('orders');
  const id = useId();
  const [text, setText] = useState('');
  const queries = useQueryClient();
  const showBatch = useUi((s) => s.showBatch);
  const start = useMutation({
    mutationFn: (input: string) => call('orders.batch.start', { text: input }),
    onSuccess: (started) => {
      queries.setQueryData<BatchStarted>(['batch', started.batchId, 'started'], started);
      showBatch(started.batchId);
    },
  });

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
