/**
 * Support's workspace. It opens on the list of today's orders (the place to start: filters, totals, a
 * click opens an order); the one look-up box stays at the top for an ID or number already known; a batch
 * of thousands has its own tab; a client ID anywhere opens the client. Each of these is a place in the
 * window's history (app/history.ts): Back from an order returns to the list as it was left.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLookup } from '../../../../main/ipc/contract';
import { BACK_KEYS, goBack, goTo } from '../../app/history';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { BatchLookup } from './BatchLookup';
import { ClientView } from './list/ClientView';
import { OrderList } from './list/OrderList';
import { useListWindow } from './list/shared';
import { LookupHistory } from './LookupHistory';
import { OrderSearch } from './OrderSearch';
import { useOrderKeptCurrent, useOrderLookup } from '../../api/orders';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';

export function OrdersWorkspace() {
  const { t } = useTranslation('orders');
  const place = useUi((s) => s.ordersPlace);
  const from = useUi((s) => s.ordersFrom);
  const [shown, setShown] = useState<OrderLookup>();
  const [text, setText] = useState('');
  const period = useListWindow();
  /** The query last sent, so that a place asking for it again (Back, Forward, a reload) is not looked up twice. */
  const asked = useRef<string>(undefined);
  const lookup = useOrderLookup({
    onSuccess: (r) => {
      setShown(r);
      // Each look-up is a place of its own, named by what main kept: a found order by its orderId, else the
      // query as main echoed it. Never by what was typed: that may hold a card number, which main echoes
      // masked, and a masked number finds no order when the place is shown again (Back, Forward, a reload).
      const key = r.kind === 'found' || r.kind === 'cached' ? r.order.orderId : r.query;
      asked.current = key;
      goTo({ mode: 'single', query: key });
    },
  });
  const takeOrderQuery = useUi((s) => s.takeOrderQuery);
  const askedOrder = useUi((s) => s.orderQuery);
  const takeClientQuery = useUi((s) => s.takeClientQuery);
  const askedClient = useUi((s) => s.clientQuery);
  const { mutate } = lookup;
  const look = (query: string) => {
    asked.current = query;
    setText(query);
    mutate(query);
  };

  // An order's place names what it looks up: shown again after Back and Forward, and after a reload.
  const query = place.mode === 'single' ? place.query : undefined;
  useEffect(() => {
    if (query === undefined || query === asked.current) return;
    asked.current = query;
    setText(query);
    mutate(query);
  }, [query, mutate]);

  // Another workspace (a charge's result, the journal) asked for an order: look it up here.
  useEffect(() => {
    const q = askedOrder !== undefined ? takeOrderQuery() : undefined;
    if (q !== undefined) goTo({ mode: 'single', query: q });
  }, [askedOrder, takeOrderQuery]);

  // A client ID clicked anywhere (Stored cards, the order view): open the client.
  useEffect(() => {
    const clientId = askedClient !== undefined ? takeClientQuery() : undefined;
    if (clientId !== undefined) goTo({ mode: 'client', clientId });
  }, [askedClient, takeClientQuery]);

  // Another desk of the team charged or operated on the order shown: it is read again, if it is still the one shown.
  const shownOrder = place.mode === 'single' && (shown?.kind === 'found' || shown?.kind === 'cached') ? shown.order.orderId : undefined;
  useOrderKeptCurrent(shownOrder, (orderId, lookup) =>
    setShown((now) => ((now?.kind === 'found' || now?.kind === 'cached') && now.order.orderId === orderId ? lookup : now)),
  );

  // The order's own view, looked up live now; the list or batch stays as it was, behind Back.
  const open = (orderId: string) => goTo({ mode: 'single', query: orderId });
  const openClient = (clientId: string) => goTo({ mode: 'client', clientId });
  // The client's "Back to the list" goes to the list: one step back only where the list is the entry before
  // (a client opened from an order or another client would otherwise land there).
  const backToList = () => (from === 'list' ? goBack() : goTo({ mode: 'list' }));
  const mode = place.mode;

  return (
    <WorkspaceFrame
      title={t('title')}
      tools={
        <>
          {mode !== 'list' && from !== undefined && (
            <Button className="back-button" aria-keyshortcuts={BACK_KEYS} title={t('back.shortcut')} onClick={goBack}>
              {t(`back.to.${from}`)}
            </Button>
          )}
          <div className="segmented" role="group" aria-label={t('view.label')}>
            <button type="button" aria-pressed={mode === 'list' || mode === 'client'} onClick={() => goTo({ mode: 'list' })}>
              {t('view.list')}
            </button>
            <button
              type="button"
              aria-pressed={mode === 'single'}
              onClick={() => goTo({ mode: 'single', ...(asked.current !== undefined ? { query: asked.current } : {}) })}
            >
              {t('view.single')}
            </button>
            <button type="button" aria-pressed={mode === 'batch'} onClick={() => goTo({ mode: 'batch' })}>
              {t('view.batch')}
            </button>
          </div>
        </>
      }
    >
      {mode === 'batch' ? (
        <BatchLookup onOpen={open} />
      ) : mode === 'single' ? (
        <div className="orders-single">
          <OrderSearch text={text} setText={setText} lookup={lookup} shown={shown} onShow={setShown} onClient={openClient} />
          <LookupHistory onLookup={look} />
        </div>
      ) : (
        <>
          <OrderSearch text={text} setText={setText} lookup={lookup} onShow={setShown} />
          {mode === 'client' ? (
            <ClientView clientId={place.clientId} period={period} onBack={backToList} onOpen={(o) => open(o.orderId)} />
          ) : (
            <OrderList onOpen={(o) => open(o.orderId)} onClient={openClient} />
          )}
        </>
      )}
    </WorkspaceFrame>
  );
}
