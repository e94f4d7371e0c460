import { useTranslation } from 'react-i18next';
import type { CustomerSearch } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { mayCall } from '../roles/profile';
import { useRoleProfile } from '../../api/roles';
import { searchedWords, useBatchExport } from './shared';
import { CustomerRow } from './CustomerRow';
import { CustomerDetail } from './CustomerDetail';

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
  const profile = useRoleProfile().data;
  const exportBatch = useBatchExport();
  const what = searchedWords(t, found);
  const mayExport = mayCall(profile, 'customers.exportBatch');
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
        <div className="table-scroll">
          <table className="data-table customers-table">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('column.clientId')}</th>
                <th scope="col" className="num">
                  {t('column.orders')}
                </th>
                <th scope="col">{t('column.captured')}</th>
                <th scope="col">{t('column.refunded')}</th>
                <th scope="col">{t('column.lastOrder')}</th>
                <th scope="col">{t('column.cards')}</th>
                <th scope="col">{t('column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {found.customers.map((c) => (
                <CustomerRow key={c.clientId} customer={c} opened={opened === c.clientId} onOpen={onOpen} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened !== undefined && <CustomerDetail clientId={opened} onClose={() => onOpen(undefined)} mayExport={mayExport} />}
    </div>
  );
}
