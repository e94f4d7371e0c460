/**
 * The list the Orders workspace opens on: the orders of a period (today by default) from this computer's
 * copy, newest first, synced from the gateway when the period is opened. It says how current it is
 * ("Synced at 10:42", "Syncing… 400 of 1,200", or that the sync failed and as of when the copy is), then
 * the filters, the totals and chart of what they show, and the table, with a CSV of exactly that.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { PeriodOrder, PeriodSort } from '../../../../../main/services/periodViews';
import { call } from '../../../api/client';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useFileExport } from '../../../components/useFileExport';
import {
  COMMON_CURRENCIES,
  currencyInfo,
  customWindow,
  EMPTY_FILTERS,
  localDay,
  parseFilters,
  presetWindow,
  PRESETS,
  SORTS,
  STATES,
  type FilterDraft,
  type ListFilters,
  type PeriodQuery,
  type PeriodWindow,
  type PresetId,
} from './period';
import { coverageOf, CoverageMark, syncTime } from './CoverageMark';
import { usePeriodPage, usePeriodSync, useSyncProgress, type SyncState } from './periodData';
import { PeriodChart, PeriodTotals } from './PeriodSummary';
import { PeriodTable } from './PeriodTable';

/** How current the list is: the one line that says what the money on screen is as of. */
function SyncMark({
  state,
  syncedAt,
  onCancel,
  onRetry,
}: {
  readonly state: SyncState;
  readonly syncedAt: number | undefined;
  readonly onCancel: () => void;
  readonly onRetry: () => void;
}) {
  const progress = useSyncProgress();
  const asOf =
    syncedAt === undefined
      ? 'Nothing has been read from the gateway yet: the list is empty until a sync succeeds.'
      : `Showing this computer's copy as of the last sync at ${syncTime(syncedAt)}; orders of this period it had not read yet are missing.`;
  switch (state.kind) {
    case 'running':
      return (
        <div className="sync-mark" role="status">
          <span>
            Syncing…{progress?.total !== undefined ? ` ${progress.fetched.toLocaleString()} of ${progress.total.toLocaleString()}` : ''}
          </span>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      );
    case 'done':
      return (
        <div className="sync-mark" role="status">
          {/* The sync's own end time: the view read before it ended may still carry the one before. */}
          <span>{(state.at ?? syncedAt) !== undefined ? `Synced at ${syncTime(Math.max(state.at ?? 0, syncedAt ?? 0))}` : 'Synced'}</span>
          <Button onClick={onRetry}>Sync now</Button>
        </div>
      );
    case 'cancelled':
      return (
        <div className="sync-mark notice-panel" role="status">
          <span>Sync cancelled. {asOf}</span>
          <Button onClick={onRetry}>Sync again</Button>
        </div>
      );
    case 'failed':
      return (
        <div className="sync-failed">
          <ErrorNotice
            lead="The orders of this period could not be brought up to date:"
            message={state.reason}
            {...(state.detail ? { detail: state.detail } : {})}
          />
          <div className="sync-mark" role="status">
            <span>{asOf}</span>
            <Button onClick={onRetry}>Try again</Button>
          </div>
        </div>
      );
  }
}

function Filters({
  draft,
  setDraft,
  errors,
  currencies,
}: {
  readonly draft: FilterDraft;
  readonly setDraft: (d: FilterDraft) => void;
  readonly errors: Readonly<Record<string, string>>;
  readonly currencies: readonly string[];
}) {
  const id = useId();
  const text = (
    field: keyof FilterDraft,
    label: string,
    props: { placeholder?: string; inputMode?: 'numeric' | 'decimal'; className?: string } = {},
  ) => (
    <div className={`field compact${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        value={draft[field] as string}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        autoComplete="off"
        spellCheck={false}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
      />
      {errors[field] && (
        <div id={`${id}-${field}-error`} className="field-error" role="alert">
          {errors[field]}
        </div>
      )}
    </div>
  );
  const unit = draft.currency ? (currencyInfo(draft.currency).alpha ?? draft.currency) : 'major units';
  return (
    <form className="period-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="state-filter">
        <legend>State</legend>
        {STATES.map((s) => (
          <label key={s.code} className="check">
            <input
              type="checkbox"
              checked={draft.statuses.includes(s.code)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  statuses: e.target.checked ? [...draft.statuses, s.code] : draft.statuses.filter((c) => c !== s.code),
                })
              }
            />
            {s.words}
          </label>
        ))}
      </fieldset>
      <div className="filter-fields">
        <div className="field compact">
          <label htmlFor={`${id}-paid`}>Paid</label>
          <select
            id={`${id}-paid`}
            value={draft.paid}
            onChange={(e) => setDraft({ ...draft, paid: e.target.value as FilterDraft['paid'] })}
          >
            <option value="any">Paid or not</option>
            <option value="paid">Paid</option>
            <option value="unpaid">Not paid</option>
          </select>
        </div>
        <div className="field compact">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select id={`${id}-currency`} value={draft.currency} onChange={(e) => setDraft({ ...draft, currency: e.target.value })}>
            <option value="">Any currency</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {currencyInfo(c).alpha ?? c}
              </option>
            ))}
          </select>
        </div>
        {text('minAmount', `From (${unit})`, { inputMode: 'decimal', className: 'amount' })}
        {text('maxAmount', `To (${unit})`, { inputMode: 'decimal', className: 'amount' })}
        {text('first6', 'Card first six', { inputMode: 'numeric', className: 'digits' })}
        {text('last4', 'Card last four', { inputMode: 'numeric', className: 'digits' })}
        {text('clientId', 'Client ID')}
        {text('text', 'Order number or text', { placeholder: 'number, description, client' })}
        <Button onClick={() => setDraft(EMPTY_FILTERS)} disabled={draft === EMPTY_FILTERS}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

/** How many of the filters are set, for the Filters button while they are folded away. */
function filtersSet(draft: FilterDraft): number {
  return (Object.keys(EMPTY_FILTERS) as (keyof FilterDraft)[]).filter((k) =>
    k === 'statuses' ? draft.statuses.length > 0 : draft[k] !== EMPTY_FILTERS[k],
  ).length;
}

/** The filters as typed, applied a moment after the last keystroke and only once every field is right. */
function useAppliedFilters(draft: FilterDraft): { applied: ListFilters; errors: Readonly<Record<string, string>> } {
  const parsed = useMemo(() => parseFilters(draft), [draft]);
  const [applied, setApplied] = useState<ListFilters>({});
  const key = parsed.ok ? JSON.stringify(parsed.value) : undefined;
  useEffect(() => {
    if (key === undefined) return;
    const t = setTimeout(() => setApplied(JSON.parse(key) as ListFilters), 250);
    return () => clearTimeout(t);
  }, [key]);
  return { applied, errors: parsed.ok ? {} : parsed.errors };
}

/**
 * The summary and table of a query: used by the list and by the client view (the same query with the
 * client's ID), so both count and sum the same way.
 */
export function PeriodResults({
  query,
  sort,
  label,
  onOpen,
  onClient,
  syncing = false,
  onSync,
  tools,
  children,
}: {
  readonly query: PeriodQuery;
  readonly sort: PeriodSort;
  readonly label: string;
  readonly onOpen: (order: PeriodOrder) => void;
  readonly onClient?: (clientId: string) => void;
  /** A sync of the period is running: the totals say they are what was read so far. */
  readonly syncing?: boolean;
  /** Syncs the period again: offered beside the totals when the period was only partly read. */
  readonly onSync?: () => void;
  /** Shown at the end of the totals' line (the sort, the export). */
  readonly tools?: React.ReactNode;
  /** Shown under the table (how to move through it). */
  readonly children?: React.ReactNode;
}) {
  const first = usePeriodPage(query, sort, 0);
  const view = first.data;
  return (
    <>
      {first.isError && <ErrorNotice lead="The list could not be read:" error={first.error} />}
      {view && (
        <>
          <PeriodTotals
            totals={view.totals}
            total={view.total}
            syncing={syncing}
            coverage={<CoverageMark coverage={coverageOf(view, syncing)} {...(onSync ? { onSync } : {})} />}
            chart={<PeriodChart perDay={view.perDay} currency={query.currency} />}
            tools={tools}
          />
          <PeriodTable
            query={query}
            sort={sort}
            total={view.total}
            firstPage={view.orders}
            label={label}
            onOpen={onOpen}
            {...(onClient ? { onClient } : {})}
          />
          {children}
        </>
      )}
    </>
  );
}

export interface ListPeriod {
  readonly preset: PresetId;
  readonly window: PeriodWindow;
}

export function OrderList({
  period,
  setPeriod,
  onOpen,
  onClient,
}: {
  readonly period: ListPeriod;
  readonly setPeriod: (p: ListPeriod) => void;
  readonly onOpen: (order: PeriodOrder) => void;
  readonly onClient: (clientId: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_FILTERS);
  const [sort, setSort] = useState<PeriodSort>('newest');
  const [firstDay, setFirstDay] = useState(localDay(period.window.from));
  const [lastDay, setLastDay] = useState(localDay(period.window.to - 1));
  const { applied, errors } = useAppliedFilters(draft);
  const filtersOpen = useUi((s) => s.listFiltersOpen);
  const toggleFilters = useUi((s) => s.toggleListFilters);
  const setFilters = filtersSet(draft);
  const sync = usePeriodSync(period.window);
  const query: PeriodQuery = useMemo(() => ({ from: period.window.from, to: period.window.to, ...applied }), [period.window, applied]);
  const first = usePeriodPage(query, sort, 0);
  const custom = customWindow(firstDay, lastDay);
  const [seen, setSeen] = useState<readonly string[]>(COMMON_CURRENCIES);
  const totals = first.data?.totals;
  useEffect(() => {
    const fresh = (totals ?? []).map((t) => t.currency).filter((c) => !seen.includes(c));
    if (fresh.length > 0) setSeen([...seen, ...new Set(fresh)]);
  }, [totals, seen]);

  const exportCsv = useFileExport(() => call('period.export', { query, sort }), {
    saved: (name) => `Exported ${(first.data?.total ?? 0).toLocaleString()} orders to ${name}`,
  });

  const choose = (preset: PresetId) => {
    if (preset === 'custom') {
      setPeriod({ preset, window: custom.ok ? custom.value : period.window });
      return;
    }
    const window = presetWindow(preset);
    setFirstDay(localDay(window.from));
    setLastDay(localDay(window.to - 1));
    setPeriod({ preset, window });
  };

  return (
    <section className="order-list" aria-labelledby={`${id}-title`}>
      <div className="period-bar">
        <h2 id={`${id}-title`} className="visually-hidden">
          Orders of the period
        </h2>
        <div className="segmented" role="group" aria-label="Period">
          {PRESETS.map((p) => (
            <button key={p.id} type="button" aria-pressed={period.preset === p.id} onClick={() => choose(p.id)}>
              {p.label}
            </button>
          ))}
        </div>
        <Button className="disclosure" aria-expanded={filtersOpen} aria-controls={`${id}-filters`} onClick={toggleFilters}>
          {/* Folded away, the filters still say that they narrow the list. */}
          Filters{setFilters > 0 ? ` (${setFilters} set)` : ''}
        </Button>
        {period.preset === 'custom' && (
          <form
            className="custom-period"
            aria-label="Custom period"
            onSubmit={(e) => {
              e.preventDefault();
              if (custom.ok) setPeriod({ preset: 'custom', window: custom.value });
            }}
          >
            <div className="field compact">
              <label htmlFor={`${id}-first`}>First day</label>
              <input id={`${id}-first`} type="date" value={firstDay} onChange={(e) => setFirstDay(e.target.value)} />
            </div>
            <div className="field compact">
              <label htmlFor={`${id}-last`}>Last day</label>
              <input
                id={`${id}-last`}
                type="date"
                value={lastDay}
                onChange={(e) => setLastDay(e.target.value)}
                aria-invalid={custom.ok ? undefined : true}
                aria-describedby={custom.ok ? undefined : `${id}-period-error`}
              />
            </div>
            <Button type="submit" variant="primary" disabled={!custom.ok}>
              Show period
            </Button>
            {!custom.ok && (
              <div id={`${id}-period-error`} className="field-error" role="alert">
                {Object.values(custom.errors)[0]}
              </div>
            )}
          </form>
        )}
        <SyncMark state={sync.state} syncedAt={first.data?.syncedAt} onCancel={sync.cancel} onRetry={sync.retry} />
      </div>
      <div id={`${id}-filters`} hidden={!filtersOpen}>
        {filtersOpen && <Filters draft={draft} setDraft={setDraft} errors={errors} currencies={seen} />}
      </div>
      <PeriodResults
        query={query}
        sort={sort}
        label="Orders of the period"
        onOpen={onOpen}
        onClient={onClient}
        syncing={sync.state.kind === 'running'}
        onSync={sync.retry}
        tools={
          <div className="list-tools">
            <div className="field compact inline">
              <label htmlFor={`${id}-sort`}>Sort</label>
              <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as PeriodSort)}>
                {SORTS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || (first.data?.total ?? 0) === 0}>
              Export CSV
            </Button>
          </div>
        }
      >
        <p className="hint">Arrows, PageUp/PageDown, Home/End move; Enter or a click opens the order.</p>
      </PeriodResults>
    </section>
  );
}
