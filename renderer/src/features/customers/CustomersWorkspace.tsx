/**
 * Customers: found without knowing a client ID, by the beginning of one or a card's first six or last four
 * digits (the app keeps no cardholder names, and says so). Each customer with their orders read, what was
 * captured and refunded on them per currency, their last order and the cards they paid with; one opened
 * shows their stored cards as the gateway lists them (category, expiry, binding ID). "Export cards as a
 * batch file" writes the batch-charge template of the customers' usable cards for finance to fill in.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useAppInfo } from '../../api/settings';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import './customers.css';
import { Results } from './Results';
import { useCustomerSearch } from '../../api/customers';

export function CustomersWorkspace() {
  const { t } = useTranslation('customers');
  const id = useId();
  const environment = useAppInfo().data?.environment;
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string>();
  const [opened, setOpened] = useState<string>();
  const found = useCustomerSearch(environment, search);
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage('text') : undefined;

  return (
    <section className="workspace customers" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>{t('title')}</h1>
      </div>
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
        <div className="search-row">
          <Field
            className="grow"
            label={t('field')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            hint={t('hint')}
            error={fieldError}
          />
          <Button type="submit" variant="primary" disabled={found.isFetching}>
            {found.isFetching ? t('finding') : t('find')}
          </Button>
        </div>
      </form>
      {found.isError && !fieldError && <ErrorNotice className="panel error-panel" error={found.error} lead={t('searchFailed')} />}
      {found.data && <Results found={found.data} opened={opened} onOpen={setOpened} />}
    </section>
  );
}
