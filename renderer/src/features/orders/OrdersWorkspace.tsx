/**
 * Support's workspace. It opens on the list of today's orders (the place to start: filters, totals, a
 * click opens an order); the one look-up box stays at the top for an ID or number already known; a batch
 * of thousands has its own tab; a client ID anywhere opens the client.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLookup } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { BatchLookup } from './BatchLookup';
import { ClientView } from './list/ClientView';
import { OrderList, type ListPeriod } from './list/OrderList';
import { presetWindow } from './list/period';
import { LookupHistory } from './LookupHistory';
import { OrderSearch, useLookup } from './OrderSearch';

type Mode = 'list' | 'client' | 'single' | 'batch';

export function OrdersWorkspace() {
  const { t } = useTranslation('orders');
  const [mode, setMode] = useState<Mode>('list');
  const [shown, setShown] = useState<OrderLookup>();
  const [text, setText] = useState('');
  const [period, setPeriod] = useState<ListPeriod>(() => ({ preset: 'today', window: presetWindow('today') }));
  const [client, setClient] = useState<string>();
  const lookup = useLookup((r) => {
    setShown(r);
    setMode('single');
  });
  const takeOrderQuery = useUi((s) => s.takeOrderQuery);
  const asked = useUi((s) => s.orderQuery);
  const takeClientQuery = useUi((s) => s.takeClientQuery);
  const askedClient = useUi((s) => s.clientQuery);
  const { mutate } = lookup;

  // Another workspace (a charge's result, the journal) asked for an order: look it up here.
  useEffect(() => {
    const query = asked !== undefined ? takeOrderQuery() : undefined;
    if (query === undefined) return;
    setMode('single');
    setText(query);
    mutate(query);
  }, [asked, takeOrderQuery, mutate]);

  // A client ID clicked anywhere (Stored cards, the order view): open the client.
  useEffect(() => {
    const clientId = askedClient !== undefined ? takeClientQuery() : undefined;
    if (clientId === undefined) return;
    setClient(clientId);
    setMode('client');
  }, [askedClient, takeClientQuery]);

  const open = (orderId: string) => {
    // The order's own view, looked up live now; the list or batch stays as it was behind its tab.
    setText(orderId);
    mutate(orderId);
  };
  const openClient = (clientId: string) => {
    setClient(clientId);
    setMode('client');
  };

  return (
    <section className="workspace" aria-labelledby="orders-title">
      <div className="workspace-head">
        <h1 id="orders-title">{t('title')}</h1>
        <div className="segmented" role="group" aria-label={t('view.label')}>
          <button type="button" aria-pressed={mode === 'list' || mode === 'client'} onClick={() => setMode('list')}>
            {t('view.list')}
          </button>
          <button type="button" aria-pressed={mode === 'single'} onClick={() => setMode('single')}>
            {t('view.single')}
          </button>
          <button type="button" aria-pressed={mode === 'batch'} onClick={() => setMode('batch')}>
            {t('view.batch')}
          </button>
        </div>
      </div>
      {mode === 'batch' ? (
        <BatchLookup
          onOpen={(orderId) => {
            setMode('single');
            open(orderId);
          }}
        />
      ) : mode === 'single' ? (
        <div className="orders-single">
          <OrderSearch text={text} setText={setText} lookup={lookup} shown={shown} onShow={setShown} onClient={openClient} />
          <LookupHistory
            onLookup={(query) => {
              setText(query);
              lookup.mutate(query);
            }}
          />
        </div>
      ) : (
        <>
          <OrderSearch text={text} setText={setText} lookup={lookup} onShow={setShown} />
          {mode === 'client' && client !== undefined ? (
            <ClientView clientId={client} window={period.window} onBack={() => setMode('list')} onOpen={(o) => open(o.orderId)} />
          ) : (
            <OrderList period={period} setPeriod={setPeriod} onOpen={(o) => open(o.orderId)} onClient={openClient} />
          )}
        </>
      )}
    </section>
  );
}
