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
import { useFileExport } from '../../../components/useFileExport';
import {
  COMMON_CURRENCIES,
  customWindow,
  daysOf,
  draftOf,
  EMPTY_FILTERS,
  parseFilters,
  PRESETS,
  sameView,
  SORTS,
  type FilterDraft,
  type ListFilters,
  type ListPeriod,
  type PeriodQuery,
  type PresetId,
} from './period';
import { usePeriodPage, usePeriodSync } from '../../../api/period';
import { SavedViews } from './SavedViews';
import { useKeptScroll } from './keptScroll';
import { formatCount } from '../../../format/numbers';
import { useListWindow } from './shared';
import { SyncMark } from './SyncMark';
import { Filters } from './Filters';
import { PeriodResults } from './PeriodResults';
import { Field } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';

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
  const totals = first.listed?.totals;
  useEffect(() => {
    const fresh = (totals ?? []).map((row) => row.currency).filter((c) => !seen.includes(c));
    if (fresh.length > 0) setSeen([...seen, ...new Set(fresh)]);
  }, [totals, seen]);

  const exportCsv = useFileExport(() => call('period.export', { query, sort }), {
    saved: (name) => {
      const count = first.listed?.total ?? 0;
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
            <Field className="compact" label={t('firstDay')} type="date" value={firstDay} onChange={(e) => setFirstDay(e.target.value)} />
            {/* Its error is said after the button, for the two days together. */}
            <Field
              className="compact"
              label={t('lastDay')}
              type="date"
              value={lastDay}
              onChange={(e) => setLastDay(e.target.value)}
              aria-invalid={custom.ok ? undefined : true}
              aria-describedby={custom.ok ? undefined : `${id}-period-error`}
            />
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
            <SelectField
              className="compact inline"
              label={t('sort.label')}
              value={sort}
              onChange={(e) => setSort(e.target.value as PeriodSort)}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </SelectField>
            <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || (first.listed?.total ?? 0) === 0}>
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
