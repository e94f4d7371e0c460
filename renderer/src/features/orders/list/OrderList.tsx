/**
 * The list the Orders workspace opens on: the orders of a period (today by default) from this computer's
 * copy, newest first, synced from the gateway when the period is opened. It says how current it is
 * ("Synced at 10:42", "Syncing… 400 of 1,200", or that the sync failed and as of when the copy is), then
 * the filters, the totals and chart of what they show, and the table, with a CSV of exactly that.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodOrder, PeriodSort } from '../../../../../main/ipc/contract';
import { call } from '../../../api/client';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useFileExport } from '../../../components/useFileExport';
import {
  COMMON_CURRENCIES,
  currencyInfo,
  customWindow,
  daysOf,
  draftOf,
  EMPTY_FILTERS,
  parseFilters,
  PRESETS,
  sameView,
  SORTS,
  STATES,
  stateWords,
  type FilterDraft,
  type ListFilters,
  type ListPeriod,
  type PeriodQuery,
  type PeriodWindow,
  type PresetId,
  windowOf,
} from './period';
import { coverageOf, CoverageMark, syncTime } from './CoverageMark';
import { usePeriodPage, usePeriodSync, useSyncProgress, type SyncState } from './periodData';
import { PeriodChart, PeriodTotals } from './PeriodSummary';
import { PeriodTable } from './PeriodTable';
import { SavedViews } from './SavedViews';
import { useKeptScroll } from './keptScroll';
import { formatCount } from '../../../format/numbers';

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
  const { t } = useTranslation('list', { keyPrefix: 'sync' });
  const progress = useSyncProgress();
  const asOf = syncedAt === undefined ? t('neverRead') : t('asOf', { time: syncTime(syncedAt) });
  switch (state.kind) {
    case 'running':
      return (
        <div className="sync-mark" role="status">
          <span>
            {progress?.total !== undefined
              ? t('runningProgress', { fetched: formatCount(progress.fetched), total: formatCount(progress.total) })
              : t('running')}
          </span>
          <Button onClick={onCancel}>{t('cancel')}</Button>
        </div>
      );
    case 'done':
      return (
        <div className="sync-mark" role="status">
          {/* The sync's own end time: the view read before it ended may still carry the one before. */}
          <span>
            {(state.at ?? syncedAt) !== undefined ? t('syncedAt', { time: syncTime(Math.max(state.at ?? 0, syncedAt ?? 0)) }) : t('synced')}
          </span>
          <Button onClick={onRetry}>{t('syncNow')}</Button>
        </div>
      );
    case 'cancelled':
      return (
        <div className="sync-mark notice-panel" role="status">
          <span>{t('cancelled', { asOf })}</span>
          <Button onClick={onRetry}>{t('syncAgain')}</Button>
        </div>
      );
    case 'failed':
      return (
        <div className="sync-failed">
          <ErrorNotice lead={t('failedLead')} message={state.reason} {...(state.detail ? { detail: state.detail } : {})} />
          <div className="sync-mark" role="status">
            <span>{asOf}</span>
            <Button onClick={onRetry}>{t('tryAgain')}</Button>
          </div>
        </div>
      );
  }
}

/** The choices of the Paid filter, with their words' keys (`list:filters.<key>`). */
const PAID_CHOICES = [
  ['any', 'paidAny'],
  ['paid', 'paidYes'],
  ['unpaid', 'paidNo'],
] as const satisfies readonly (readonly [FilterDraft['paid'], string])[];

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
  const { t } = useTranslation('list', { keyPrefix: 'filters' });
  const id = useId();
  const text = (
    field: keyof FilterDraft,
    label: string,
    props: { placeholder?: string; inputMode?: 'numeric' | 'decimal'; className?: string } = {},
  ) => (
    <div key={field} className={`field compact${props.className ? ` ${props.className}` : ''}`}>
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
  const unit = draft.currency ? (currencyInfo(draft.currency).alpha ?? draft.currency) : t('majorUnits');
  const amount = { inputMode: 'decimal', className: 'amount' } as const;
  const digits = { inputMode: 'numeric', className: 'digits' } as const;
  const fields: readonly [keyof FilterDraft, string, Parameters<typeof text>[2]?][] = [
    ['minAmount', t('from', { unit }), amount],
    ['maxAmount', t('to', { unit }), amount],
    ['first6', t('first6'), digits],
    ['last4', t('last4'), digits],
    ['clientId', t('clientId')],
    ['text', t('text'), { placeholder: t('textPlaceholder') }],
  ];
  return (
    <form className="period-filters" aria-label={t('form')} onSubmit={(e) => e.preventDefault()}>
      <fieldset className="state-filter">
        <legend>{t('state')}</legend>
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
            {stateWords(s.code)}
          </label>
        ))}
      </fieldset>
      <div className="filter-fields">
        <div className="field compact">
          <label htmlFor={`${id}-paid`}>{t('paid')}</label>
          <select
            id={`${id}-paid`}
            value={draft.paid}
            onChange={(e) => setDraft({ ...draft, paid: e.target.value as FilterDraft['paid'] })}
          >
            {PAID_CHOICES.map(([value, key]) => (
              <option key={value} value={value}>
                {t(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="field compact">
          <label htmlFor={`${id}-currency`}>{t('currency')}</label>
          <select id={`${id}-currency`} value={draft.currency} onChange={(e) => setDraft({ ...draft, currency: e.target.value })}>
            <option value="">{t('anyCurrency')}</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {currencyInfo(c).alpha ?? c}
              </option>
            ))}
          </select>
        </div>
        {fields.map(([field, label, props]) => text(field, label, props))}
        <Button onClick={() => setDraft(EMPTY_FILTERS)} disabled={sameView(draft, EMPTY_FILTERS)}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}

/** How many of the filters are set, for the Filters button while they are folded away. */
function filtersInUseOf(draft: FilterDraft): number {
  return (Object.keys(EMPTY_FILTERS) as (keyof FilterDraft)[]).filter((k) =>
    k === 'statuses' ? draft.statuses.length > 0 : draft[k] !== EMPTY_FILTERS[k],
  ).length;
}

/**
 * The filters as typed, applied (`apply`) a moment after the last keystroke and only once every field is
 * right; filters applied from elsewhere (a saved view picked) fill the form in again.
 */
function useAppliedFilters(
  applied: ListFilters,
  apply: (filters: ListFilters) => void,
): { draft: FilterDraft; setDraft: (d: FilterDraft) => void; errors: Readonly<Record<string, string>> } {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(applied));
  const parsed = useMemo(() => parseFilters(draft), [draft]);
  const typed = parsed.ok ? parsed.value : undefined;
  const shown = useRef(applied);
  useEffect(() => {
    if (sameView(shown.current, applied)) return;
    shown.current = applied;
    if (!typed || !sameView(typed, applied)) setDraft(draftOf(applied));
  }, [applied, typed]);
  const key = typed ? JSON.stringify(typed) : undefined;
  useEffect(() => {
    if (key === undefined || sameView(JSON.parse(key), shown.current)) return;
    const t = setTimeout(() => {
      shown.current = JSON.parse(key) as ListFilters;
      apply(shown.current);
    }, 250);
    return () => clearTimeout(t);
  }, [key, apply]);
  return { draft, setDraft, errors: parsed.ok ? {} : parsed.errors };
}

/**
 * The summary and table of a query: used by the list and by the client view (the same query with the
 * client's ID), so both count and sum the same way.
 */
export function PeriodResults({
  query,
  sort = 'newest',
  label,
  onOpen,
  onClient,
  syncing = false,
  onSync,
  tools,
  children,
}: {
  readonly query: PeriodQuery;
  /** Newest first unless said. */
  readonly sort?: PeriodSort;
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
  const { t } = useTranslation('list');
  const first = usePeriodPage(query, sort, 0);
  const view = first.data;
  return (
    <>
      {first.isError && <ErrorNotice lead={t('readFailed')} error={first.error} />}
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

/** The window of the list's period now: a relative period is worked out again each time the list is opened. */
export function useListWindow(): PeriodWindow {
  const period = useUi((s) => s.listView.period);
  const key = JSON.stringify(period);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's value, not its object, decides
  return useMemo(() => windowOf(period), [key]);
}

export function OrderList({
  onOpen,
  onClient,
}: {
  readonly onOpen: (order: PeriodOrder) => void;
  readonly onClient: (clientId: string) => void;
}) {
  const { t } = useTranslation('list');
  const id = useId();
  const view = useUi((s) => s.listView);
  const showView = useUi((s) => s.showListView);
  const { period, sort, filters: applied } = view;
  const window = useListWindow();
  const setPeriod = (p: ListPeriod) => showView({ ...useUi.getState().listView, period: p });
  const setSort = (sort: PeriodSort) => showView({ ...useUi.getState().listView, sort });
  const applyFilters = useCallback((filters: ListFilters) => useUi.getState().showListView({ ...useUi.getState().listView, filters }), []);
  const [firstDay, setFirstDay] = useState(daysOf(window).firstDay);
  const [lastDay, setLastDay] = useState(daysOf(window).lastDay);
  useEffect(() => {
    setFirstDay(daysOf(window).firstDay);
    setLastDay(daysOf(window).lastDay);
  }, [window]);
  const { draft, setDraft, errors } = useAppliedFilters(applied, applyFilters);
  const filtersOpen = useUi((s) => s.listFiltersOpen);
  const toggleFilters = useUi((s) => s.toggleListFilters);
  const filtersInUse = filtersInUseOf(draft);
  const sync = usePeriodSync(window);
  const query: PeriodQuery = useMemo(() => ({ from: window.from, to: window.to, ...applied }), [window, applied]);
  const first = usePeriodPage(query, sort, 0);
  const custom = customWindow(firstDay, lastDay);
  const [seen, setSeen] = useState<readonly string[]>(COMMON_CURRENCIES);
  const totals = first.data?.totals;
  useEffect(() => {
    const fresh = (totals ?? []).map((row) => row.currency).filter((c) => !seen.includes(c));
    if (fresh.length > 0) setSeen([...seen, ...new Set(fresh)]);
  }, [totals, seen]);

  const exportCsv = useFileExport(() => call('period.export', { query, sort }), {
    saved: (name) => {
      const count = first.data?.total ?? 0;
      return t('exported', { count, n: formatCount(count), name });
    },
  });

  const choose = (preset: PresetId) =>
    setPeriod(preset === 'custom' ? { preset, ...(custom.ok ? { firstDay, lastDay } : daysOf(window)) } : { preset });

  const keptScroll = useKeptScroll(JSON.stringify(query) + sort, first.data !== undefined);

  return (
    <section className="order-list" aria-labelledby={`${id}-title`} ref={keptScroll.ref} onScrollCapture={keptScroll.onScroll}>
      <div className="period-bar">
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('title')}
        </h2>
        <div className="segmented" role="group" aria-label={t('periodGroup')}>
          {PRESETS.map((p) => (
            <button key={p} type="button" aria-pressed={period.preset === p} onClick={() => choose(p)}>
              {t(`preset.${p}`)}
            </button>
          ))}
        </div>
        <Button className="disclosure" aria-expanded={filtersOpen} aria-controls={`${id}-filters`} onClick={toggleFilters}>
          {/* Folded away, the filters still say that they narrow the list. */}
          {filtersInUse > 0 ? t('filters.buttonSet', { n: filtersInUse }) : t('filters.button')}
        </Button>
        <SavedViews view={view} onPick={showView} />
        {period.preset === 'custom' && (
          <form
            className="custom-period"
            aria-label={t('customPeriod')}
            onSubmit={(e) => {
              e.preventDefault();
              if (custom.ok) setPeriod({ preset: 'custom', firstDay, lastDay });
            }}
          >
            <div className="field compact">
              <label htmlFor={`${id}-first`}>{t('firstDay')}</label>
              <input id={`${id}-first`} type="date" value={firstDay} onChange={(e) => setFirstDay(e.target.value)} />
            </div>
            <div className="field compact">
              <label htmlFor={`${id}-last`}>{t('lastDay')}</label>
              <input
                id={`${id}-last`}
                type="date"
                value={lastDay}
                onChange={(e) => setLastDay(e.target.value)}
                aria-invalid={custom.ok ? undefined : true}
                aria-describedby={custom.ok ? undefined : `${id}-period-error`}
              />
            </div>
            {}
            <Button type="submit" variant="primary" disabled={!custom.ok}>
              {t('showPeriod')}
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
        label={t('title')}
        onOpen={onOpen}
        onClient={onClient}
        syncing={sync.state.kind === 'running'}
        onSync={sync.retry}
        tools={
          <div className="list-tools">
            <div className="field compact inline">
              <label htmlFor={`${id}-sort`}>{t('sort.label')}</label>
              <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as PeriodSort)}>
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || (first.data?.total ?? 0) === 0}>
              {t('exportCsv')}
            </Button>
          </div>
        }
      >
        <p className="hint">{t('hint')}</p>
      </PeriodResults>
    </section>
  );
}
