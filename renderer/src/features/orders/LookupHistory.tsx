/**
 * Earlier look-ups and the orders they found, kept by main, so support can find an order again without
 * the network: the history when the filter is empty, otherwise cached orders by number, id or last digits.
 */
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../../main/ipc/contract';
import { Id } from '../../components/Id';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format/dates';
import { say } from '../../i18n/say';
import { orderMoney } from './shared';
import { useCachedOrders, useLookupHistory } from '../../api/orders';

/** What a history entry looks up again: the order it found, by orderId, or the text that was typed. */
const lookupText = (key: NonNullable<HistoryEntry['key']>) => ('orderId' in key ? key.orderId : key.query);

export function LookupHistory({ onLookup }: { readonly onLookup: (query: string) => void }) {
  const { t, i18n } = useTranslation('orders');
  const [text, setText] = useState('');
  const filter = useDeferredValue(text.trim());
  const id = useId();
  const history = useLookupHistory();
  const cached = useCachedOrders(filter);

  return (
    <aside className="panel history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('history.title')}</h2>
      <label htmlFor={`${id}-filter`}>{t('history.filterLabel')}</label>
      <input
        id={`${id}-filter`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('history.filterPlaceholder')}
      />
      {filter === '' ? (
        <ul className="history-list">
          {(history.data ?? []).map((h) => (
            <li key={`${h.at}-${h.label}`}>
              {h.key ? (
                // The key, never the label: the label may be masked, and a masked text is nobody's number.
                <button type="button" className="link-button" onClick={() => onLookup(lookupText(h.key!))} title={t('history.again')}>
                  <Id value={h.label} />
                </button>
              ) : (
                <span className="mono" title={t('history.masked')}>
                  <Id value={h.label} />
                </span>
              )}
              <span className={`history-outcome outcome-${h.outcome}`}>{t(`history.outcome.${h.outcome}`)}</span>
              <time className="muted">{formatDateTime(h.at)}</time>
            </li>
          ))}
          {history.data?.length === 0 && <li className="muted">{t('history.empty')}</li>}
        </ul>
      ) : (
        <ul className="history-list">
          {(cached.data ?? []).map((o) => (
            <li key={o.orderId}>
              {/* Looked up live: main answers from the cache, marked as such, only when the gateway cannot be reached. */}
              <button type="button" className="link-button" onClick={() => onLookup(o.orderId)}>
                <Id value={o.orderNumber || o.orderId} />
              </button>
              <StatusBadge status={o.status} words={say(i18n, o.headline)} />
              <span className="muted">{orderMoney(o, o.amount)}</span>
            </li>
          ))}
          {cached.data?.length === 0 && <li className="muted">{t('history.noMatch')}</li>}
        </ul>
      )}
    </aside>
  );
}
