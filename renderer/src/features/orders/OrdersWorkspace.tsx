/** Support's workspace: look up one order, or a batch of thousands; the history of look-ups beside. */
import { useState } from 'react';
import type { LookupResult } from '../../../../main/ipc/contract';
import { BatchLookup } from './BatchLookup';
import { LookupHistory } from './LookupHistory';
import { OrderSearch, useLookup } from './OrderSearch';

export function OrdersWorkspace() {
  const [mode, setMode] = useState<'single' | 'batch'>('single');
  const [shown, setShown] = useState<LookupResult>();
  const [text, setText] = useState('');
  const lookup = useLookup(setShown);

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
            onShow={setShown}
            onLookup={(query) => {
              setText(query);
              lookup.mutate(query);
            }}
          />
        </div>
      ) : (
        <BatchLookup />
      )}
    </section>
  );
}
