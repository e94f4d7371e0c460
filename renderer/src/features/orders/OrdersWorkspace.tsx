/** Support's workspace: look up one order, or a batch of thousands; the history of look-ups beside. */
import { useEffect, useState } from 'react';
import type { OrderLookup } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { BatchLookup } from './BatchLookup';
import { LookupHistory } from './LookupHistory';
import { OrderSearch, useLookup } from './OrderSearch';

export function OrdersWorkspace() {
  const [mode, setMode] = useState<'single' | 'batch'>('single');
  const [shown, setShown] = useState<OrderLookup>();
  const [text, setText] = useState('');
  const lookup = useLookup(setShown);
  const takeOrderQuery = useUi((s) => s.takeOrderQuery);
  const asked = useUi((s) => s.orderQuery);
  const { mutate } = lookup;

  // Another workspace (a charge's result, the journal) asked for an order: look it up here.
  useEffect(() => {
    const query = asked !== undefined ? takeOrderQuery() : undefined;
    if (query === undefined) return;
    setMode('single');
    setText(query);
    mutate(query);
  }, [asked, takeOrderQuery, mutate]);

  return (
    <section className="workspace" aria-labelledby="orders-title">
      <div className="workspace-head">
        <h1 id="orders-title">Orders</h1>
        <div className="segmented" role="group" aria-label="Look up">
          <button type="button" aria-pressed={mode === 'single'} onClick={() => setMode('single')}>
            One order
          </button>
          <button type="button" aria-pressed={mode === 'batch'} onClick={() => setMode('batch')}>
            Batch look-up
          </button>
        </div>
      </div>
      {mode === 'single' ? (
        <div className="orders-single">
          <OrderSearch text={text} setText={setText} lookup={lookup} shown={shown} onShow={setShown} />
          <LookupHistory
            onLookup={(query) => {
              setText(query);
              lookup.mutate(query);
            }}
          />
        </div>
      ) : (
        <BatchLookup
          onOpen={(orderId) => {
            // The order's own view, looked up now; the batch stays on screen for "Batch look-up".
            setMode('single');
            setText(orderId);
            mutate(orderId);
          }}
        />
      )}
    </section>
  );
}
