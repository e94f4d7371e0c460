import { useTranslation } from 'react-i18next';
import type { CustomerSearch } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { useMayCall } from '../session/offered';
import { searchedWords, useBatchExport } from './shared';
import { CustomerRow } from './CustomerRow';
import { CustomerDetail } from './CustomerDetail';
import { DataTable, numeric } from '../../components/DataTable';

/** The columns, by their key in the catalogue (`customers:column.<key>`); the orders counted are a figure. */
const COLUMNS = ['clientId', 'orders', 'captured', 'refunded', 'lastOrder', 'cards', 'actions'] as const;

export function Results({
  found,
  opened,
  onOpen,
}: {
  readonly found: CustomerSearch;
  readonly opened: string | undefined;
  readonly onOpen: (clientId: string | undefined) => void;
}) {
  const { t } = useTranslation('customers');
  const exportBatch = useBatchExport();
  const what = searchedWords(t, found);
  const mayExport = useMayCall('customers.exportBatch');
  const ids = found.customers.map((c) => c.clientId);
  return (
    <div className="panel customers-results">
      <div className="workspace-head">
        <p role="status" className="muted">
          {found.customers.length === 0 ? t('none', { what }) : t('found', { count: found.customers.length, what })}
          {found.more && <> {t('more', { count: found.customers.length })}</>}
        </p>
        {mayExport && found.customers.length > 0 && (
          <Button variant="primary" onClick={() => exportBatch.mutate(ids)} disabled={exportBatch.isPending} title={t('exportHint')}>
            {t('exportAll', { count: ids.length })}
          </Button>
        )}
      </div>
      {found.customers.length > 0 && (
        <DataTable
          caption={t('caption')}
          className="customers-table"
          columns={COLUMNS.map((c) => (c === 'orders' ? numeric(t(`column.${c}`)) : t(`column.${c}`)))}
        >
          {found.customers.map((c) => (
            <CustomerRow key={c.clientId} customer={c} opened={opened === c.clientId} onOpen={onOpen} />
          ))}
        </DataTable>
      )}
      {opened !== undefined && <CustomerDetail clientId={opened} onClose={() => onOpen(undefined)} mayExport={mayExport} />}
    </div>
  );
}
