/**
 * The orders of a period as a virtualised table: only the rows in view are in the page, and only their
 * pages are asked of main (period.view by offset), so a month of orders scrolls like a day. The keyboard
 * moves one row with the arrows, a screen with PageUp/PageDown, to the ends with Home/End; Enter or a
 * click opens the order, and a client ID opens the client.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodOrder, PeriodSort } from '../../../../../main/ipc/contract';
import { Id, shownText } from '../../../components/Id';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatStackedDateTime } from '../../../format/dates';
import { i18n } from '../../../i18n';
import { stateWords, type PeriodQuery } from './period';
import { PAGE_ROWS } from '../../../api/period';
import { OrderStatus } from '../../../../../main/domain/orderStatus';
import { amountIn, inPart } from './shared';
import { AmountCell } from './AmountCell';
import { PageRows } from './PageRows';

/** 36 px fits a two-line status badge (3-D Secure in progress) and leaves room, at 1280x720, for the paid and refunded line above ten rows. */
const ROW_HEIGHT = 36;
/** Where a row sits in the scrolled body; its offset is added per row. */
const ROW_STYLE = { position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT } as const;
const BODY_STYLE = { position: 'relative' } as const;

/** The columns, by their key in the catalogue (`list:column.<key>`). */
const COLUMNS = ['registered', 'orderNumber', 'status', 'amount', 'refunded', 'card', 'clientId', 'description'] as const;

/** The state in words; a charge of part of the amount says so ("Charged in part"), not a bare "Charged". */
const rowStateWords = (o: PeriodOrder): string =>
  o.status === OrderStatus.DEPOSITED && inPart(o) === 'charged' ? i18n.t('list:state.chargedPart') : stateWords(o.status);

export function PeriodTable({
  query,
  sort,
  total,
  firstPage,
  label,
  onOpen,
  onClient,
}: {
  readonly query: PeriodQuery;
  readonly sort: PeriodSort;
  readonly total: number;
  /** Page 0, which the screen has read already for its totals. */
  readonly firstPage: readonly PeriodOrder[];
  readonly label: string;
  readonly onOpen: (order: PeriodOrder) => void;
  readonly onClient?: (clientId: string) => void;
}) {
  const { t } = useTranslation('list');
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [pages, setPages] = useState<ReadonlyMap<number, readonly PeriodOrder[]>>(new Map());
  const queryKey = JSON.stringify([query, sort]);
  const virtual = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  // Another query: back to the top, and the pages held belong to the old one.
  useEffect(() => {
    setActive(0);
    setPages(new Map());
    virtual.scrollToOffset(0);
  }, [queryKey, virtual]);

  const items = virtual.getVirtualItems();
  const wanted = [...new Set(items.map((i) => Math.floor(i.index / PAGE_ROWS)))].filter((p) => p > 0);
  const onRows = (page: number, rows: readonly PeriodOrder[] | undefined) =>
    setPages((held) => {
      if (held.get(page) === rows) return held;
      const next = new Map(held);
      if (rows) next.set(page, rows);
      else next.delete(page);
      return next;
    });
  const rowAt = (index: number): PeriodOrder | undefined =>
    index < PAGE_ROWS ? firstPage[index] : pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS];

  const move = (index: number) => {
    const next = Math.max(0, Math.min(total - 1, index));
    setActive(next);
    virtual.scrollToIndex(next, { align: 'auto' });
  };
  // Keep the focus on the active row as it is moved by the keyboard (its element is made on scrolling).
  const focusWanted = useRef(false);
  useEffect(() => {
    if (!focusWanted.current) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (row && document.activeElement !== row) row.focus({ preventScroll: true });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const perScreen = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const steps: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + perScreen,
      PageUp: active - perScreen,
      Home: 0,
      End: total - 1,
    };
    if (e.key in steps) {
      e.preventDefault();
      focusWanted.current = true;
      move(steps[e.key]!);
    } else if (e.key === 'Enter' && e.target instanceof HTMLElement && e.target.getAttribute('role') === 'row') {
      const order = rowAt(active);
      if (order) onOpen(order);
    }
  };

  return (
    <div className="vtable period-table" role="table" aria-label={label} aria-rowcount={total + 1}>
      {wanted.map((p) => (
        <PageRows key={`${queryKey}/${p}`} query={query} sort={sort} page={p} onRows={onRows} />
      ))}
      <div role="rowgroup" className="vtable-head">
        <div role="row" className="vrow period-row" aria-rowindex={1}>
          {COLUMNS.map((c) => (
            <div role="columnheader" key={c} className={c === 'amount' || c === 'refunded' ? 'num' : undefined}>
              {t(`column.${c}`)}
            </div>
          ))}
        </div>
      </div>
      <div ref={scroller} role="rowgroup" className="vtable-body" data-testid="period-scroller" onKeyDown={onKeyDown}>
        <div role="presentation" style={{ ...BODY_STYLE, height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const o = rowAt(item.index);
            const style = { ...ROW_STYLE, transform: `translateY(${item.start}px)` };
            if (!o)
              return (
                <div
                  role="row"
                  className="vrow period-row"
                  key={item.key}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  style={style}
                >
                  <div role="cell" className="muted">
                    {t('table.reading')}
                  </div>
                </div>
              );
            return (
              <div
                role="row"
                className={`vrow period-row opens${item.index === active ? ' active' : ''}`}
                key={item.key}
                data-index={item.index}
                data-order-number={o.orderNumber}
                aria-rowindex={item.index + 2}
                tabIndex={item.index === active ? 0 : -1}
                title={t('table.openOrder')}
                style={style}
                onFocus={() => setActive(item.index)}
                onClick={() => onOpen(o)}
              >
                <div role="cell" className="stacked-time">
                  {formatStackedDateTime(o.registeredAt)}
                </div>
                <div role="cell" className="mono" title={shownText(o.orderNumber)}>
                  <Id value={o.orderNumber} />
                </div>
                <div role="cell" className="status-cell">
                  <StatusBadge status={o.status} words={rowStateWords(o)} />
                </div>
                <AmountCell order={o} />
                <div role="cell" className="num">
                  {o.refunded > 0 ? amountIn(o.currency, o.refunded) : ''}
                </div>
                <div role="cell" className="mono">
                  {o.first6 && o.last4 ? `${o.first6}…${o.last4}` : ''}
                </div>
                <div role="cell" className="mono">
                  {o.clientId && onClient ? (
                    <button
                      type="button"
                      className="link-button"
                      tabIndex={-1}
                      title={t('table.openClient', { id: o.clientId })}
                      onClick={(e) => {
                        e.stopPropagation();
                        onClient(o.clientId!);
                      }}
                    >
                      <Id value={o.clientId} />
                    </button>
                  ) : (
                    <Id value={o.clientId ?? ''} />
                  )}
                </div>
                <div role="cell" {...(o.description ? { title: shownText(o.description) } : {})}>
                  <Id value={o.description ?? ''} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
