/**
 * Customers: found without knowing a client ID, by the beginning of one or a card's first six or last four
 * digits (the app keeps no cardholder names, and says so). Each customer with their orders read, what was
 * captured and refunded on them per currency, their last order and the cards they paid with; one opened
 * shows their stored cards as the gateway lists them (category, expiry, binding ID). "Export cards as a
 * batch file" writes the batch-charge template of the customers' usable cards for finance to fill in.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerSearch, CustomerSummary, StoredCardView } from '../../../../main/ipc/contract';
import type { MovedMoney } from '../../../../main/ipc/contract';
import { ApiError, call, errorDetail, errorText } from '../../api/client';
import { useAppInfo, keys } from '../../api/queries';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { download } from '../../components/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Id } from '../../components/Id';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { formatMinorIn } from '../../format/money';
import { CardState } from '../cards/CardState';
import { expiryWords } from '../cards/CardsWorkspace';
import { stateWords } from '../orders/list/period';
import { mayCall, useRoleProfile } from '../roles/profile';
import './customers.css';

/** What the search said it looked in, in one phrase: "whose client ID begins with … or whose card ends with …". */
function searchedWords(t: ReturnType<typeof useTranslation<'customers'>>['t'], found: CustomerSearch): string {
  return found.searchedBy.map((by) => t(`searchedBy.${by}`, { query: found.query })).join(t('or'));
}

/**
 * The batch-charge file as main wrote it: its column names stay the ones the batch reader takes, whatever
 * Settings asks of exported files' headers.
 */
function useBatchExport() {
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

export function CustomersWorkspace() {
  const { t } = useTranslation('customers');
  const id = useId();
  const environment = useAppInfo().data?.environment;
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string>();
  const [opened, setOpened] = useState<string>();
  const found = useQuery({
    queryKey: keys.customerSearch(environment, search),
    queryFn: () => call('customers.search', { text: search! }),
    enabled: search !== undefined,
    staleTime: 0,
    retry: false,
  });
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

/** Money per currency, one currency a line; held money apart, after what was captured. */
const CAPTURED = 'captured';
const REFUNDED = 'refunded';

function MoneyLines({ money, figure }: { readonly money: readonly MovedMoney[]; readonly figure: typeof CAPTURED | typeof REFUNDED }) {
  const { t } = useTranslation('customers');
  if (money.length === 0) return <>–</>;
  return (
    <>
      {money.map((m) => (
        <div key={m.currency} className="money-line">
          {formatMinorIn(m[figure], m.currency)}
          {figure === CAPTURED && m.held > 0 && (
            <div className="muted figure-note">{t('held', { amount: formatMinorIn(m.held, m.currency) })}</div>
          )}
        </div>
      ))}
    </>
  );
}

function Results({
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

function CustomerRow({
  customer: c,
  opened,
  onOpen,
}: {
  readonly customer: CustomerSummary;
  readonly opened: boolean;
  readonly onOpen: (clientId: string) => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <tr data-client-id={c.clientId} aria-current={opened ? 'true' : undefined}>
      <th scope="row" className="mono">
        <Id value={c.clientId} />
        {c.names.length > 0 && <div className="muted figure-note customer-names">{c.names.join(', ')}</div>}
      </th>
      <td className="num" data-figure="orders">
        {c.orderCount}
      </td>
      <td data-figure="captured">
        <MoneyLines money={c.money} figure={CAPTURED} />
        {c.moneyOfNewest !== undefined && <div className="muted figure-note">{t('partial', { count: c.moneyOfNewest })}</div>}
      </td>
      <td data-figure="refunded">
        <MoneyLines money={c.money} figure={REFUNDED} />
      </td>
      <td data-figure="lastOrder">
        {c.lastOrder ? (
          <>
            <Id className="mono" value={c.lastOrder.orderNumber} />
            <div>
              <StatusBadge status={c.lastOrder.status} words={stateWords(c.lastOrder.status)} />{' '}
              {formatMinorIn(c.lastOrder.amount, c.lastOrder.currency)}
            </div>
            <div className="muted figure-note">{formatDateTime(c.lastOrder.registeredAt)}</div>
          </>
        ) : (
          <span className="muted">{t('noOrders')}</span>
        )}
      </td>
      <td data-figure="cards" className="mono">
        {c.orderCards.length === 0 ? (
          <span className="muted">{t('noCards')}</span>
        ) : (
          c.orderCards.map((card) => <div key={card}>{card}</div>)
        )}
      </td>
      <td>
        <Button className="btn-small" onClick={() => onOpen(c.clientId)} aria-label={t('openLabel', { clientId: c.clientId })}>
          {t('open')}
        </Button>
      </td>
    </tr>
  );
}

function CustomerDetail({
  clientId,
  onClose,
  mayExport,
}: {
  readonly clientId: string;
  readonly onClose: () => void;
  readonly mayExport: boolean;
}) {
  const { t } = useTranslation(['customers', 'cards']);
  const id = useId();
  const showOrder = useUi((s) => s.showOrder);
  const exportBatch = useBatchExport();
  const customer = useQuery({
    queryKey: keys.customer(clientId),
    queryFn: () => call('customers.get', { clientId }),
    staleTime: 0,
    retry: false,
  });
  const c = customer.data;
  return (
    <section className="customer-detail" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h2 id={`${id}-title`}>{t('detail.heading', { clientId })}</h2>
        <div className="button-row">
          {c?.lastOrder && <Button onClick={() => showOrder(c.lastOrder!.orderId)}>{t('detail.openLastOrder')}</Button>}
          {mayExport && (
            <Button
              variant="primary"
              onClick={() => exportBatch.mutate([clientId])}
              disabled={exportBatch.isPending}
              title={t('exportHint')}
            >
              {t('exportOne')}
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('detail.close')}
          </Button>
        </div>
      </div>
      {customer.isPending && (
        <p className="muted" role="status">
          {t('detail.loading')}
        </p>
      )}
      {customer.isError && <ErrorNotice className="panel error-panel" error={customer.error} lead={t('detail.failed')} />}
      {c && (
        <>
          <p className="muted">{t('detail.orders', { count: c.orderCount })}</p>
          {c.cards.length === 0 ? (
            <p className="muted">{t('detail.noStoredCards')}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table customer-cards">
                <caption className="visually-hidden">{t('detail.cardsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('detail.column.category')}</th>
                    <th scope="col">{t('detail.column.card')}</th>
                    <th scope="col">{t('detail.column.expiry')}</th>
                    <th scope="col">{t('detail.column.state')}</th>
                    <th scope="col">{t('detail.column.bindingId')}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.cards.map((card: StoredCardView) => (
                    <tr key={card.bindingId} data-binding-id={card.bindingId}>
                      <td>{t(`cards:category.${card.category}`)}</td>
                      <td className="mono">{card.maskedPan ?? '—'}</td>
                      <td>{expiryWords(card.expiry)}</td>
                      <td>
                        <CardState card={card} />
                      </td>
                      <td className="mono">
                        <Id value={card.bindingId} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
