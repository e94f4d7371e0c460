/**
 * Customers: found without knowing a client ID, by the beginning of one or a card's first six or last four
 * digits (the app keeps no cardholder names, and says so). Each customer with their orders read, what was
 * captured and refunded on them per currency, their last order and the cards they paid with; one opened
 * shows their stored cards as the gateway lists them (category, expiry, binding ID). "Export cards as a
 * batch file" writes the batch-charge template of the customers' usable cards for finance to fill in.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useAppInfo } from '../../api/settings';
import { ErrorNotice } from '../../components/ErrorNotice';
import './customers.css';
import { Results } from './Results';
import { useCustomerSearch } from '../../api/customers';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';
import { SearchRow } from '../../components/SearchRow';

export function CustomersWorkspace() {
  const { t } = useTranslation('customers');
  const environment = useAppInfo().data?.environment;
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string>();
  const [opened, setOpened] = useState<string>();
  const found = useCustomerSearch(environment, search);
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage('text') : undefined;

  return (
    <WorkspaceFrame title={t('title')} className="customers">
      <p className="muted">{t('intro')}</p>
      <form
        role="search"
        aria-label={t('searchLabel')}
        className="panel customers-search"
        onSubmit={(e) => {
          e.preventDefault();
          setOpened(undefined);
          setSearch(text.trim());
        }}
      >
        <SearchRow
          label={t('field')}
          text={text}
          onText={setText}
          hint={t('hint')}
          error={fieldError}
          find={{ idle: t('find'), pending: t('finding') }}
          finding={found.isFetching}
        />
      </form>
      {found.isError && !fieldError && <ErrorNotice className="panel error-panel" error={found.error} lead={t('searchFailed')} />}
      {found.data && <Results found={found.data} opened={opened} onOpen={setOpened} />}
    </WorkspaceFrame>
  );
}
