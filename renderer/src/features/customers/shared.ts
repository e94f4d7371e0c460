/** What the parts of the Customers workspace share: what a search looked in, and the batch-charge file. */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerSearch } from '../../../../main/ipc/contract';
import { call, errorDetail, errorText } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { download } from '../../components/download';

/** What the search said it looked in, in one phrase: "whose client ID begins with … or whose card ends with …". */
export function searchedWords(t: ReturnType<typeof useTranslation<'customers'>>['t'], found: CustomerSearch): string {
  return found.searchedBy.map((by) => t(`searchedBy.${by}`, { query: found.query })).join(t('or'));
}

/**
 * The batch-charge file as main wrote it: its column names stay the ones the batch reader takes, whatever
 * Settings asks of exported files' headers.
 */
export function useBatchExport() {
  const { t } = useTranslation('customers');
  const toast = useUi((s) => s.toast);
  return useMutation({
    mutationFn: (clientIds: readonly string[]) => call('customers.exportBatch', { clientIds: [...clientIds] }),
    onSuccess: (file) => {
      download(file.fileName, file.content, file.mimeType);
      toast('success', t('exported', { name: file.fileName, count: file.rows }));
    },
    onError: (err) => toast('error', errorText(err), errorDetail(err)),
  });
}

/** Money per currency, one currency a line; held money apart, after what was captured. */
export const CAPTURED = 'captured';

export const REFUNDED = 'refunded';
