/**
 * The orders of a period: the list the Orders workspace opens on (from the offline copy, brought up to
 * date by a sync), its CSV, and the reconciliation report of a period against the app's journal.
 */
import { DAY_MS, MAX_PERIOD_DAYS } from '../../domain/period.js';
import { z } from 'zod';
import { holdsCardNumber } from '../../domain/cardNumbers.js';
import type { Said } from '../../phrases/phrase.js';
import type { OrderListView, ReconciliationRun } from '../../services/periodViews.js';
import { reads, writes, type Declarations, clientId, currencyNumeric, printable, type ExportFile } from './shared.js';

export { RECONCILIATION_CLASSES } from '../../services/periodViews.js';
export type {
  ChargeSide,
  Difference,
  GatewaySide,
  JournalSide,
  MovedMoney,
  OperationsSide,
  ListedView,
  OrderListView,
  PeriodDay,
  PeriodOrder,
  PeriodSort,
  PeriodTotal,
  Reconciliation,
  ReconciliationClass,
  ReconciliationRow,
  ReconciliationRun,
} from '../../services/periodViews.js';
export type { Preparing } from '../../domain/periodOrder.js';

/** Milliseconds since the epoch, from 2000 on (nothing the gateway holds is older). */
const epochMs = z.number().int().min(946_684_800_000).max(8_640_000_000_000);

const window = z
  .strictObject({ from: epochMs, to: epochMs })
  .refine((w) => w.from < w.to, { message: 'sync.startBeforeEnd', path: ['from'] })
  .refine((w) => w.to - w.from <= MAX_PERIOD_DAYS * DAY_MS, { message: 'sync.periodTooLong', path: ['to'] });

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The amount range's bounds in order, where both are given. */
const amountsInOrder = (q: { readonly minAmount?: number | undefined; readonly maxAmount?: number | undefined }) =>
  q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount;

/** The list's filters; the period is required, every other filter optional. */
const periodQuery = z
  .strictObject({
    from: epochMs,
    to: epochMs,
    dateOf: z.enum(['registration', 'operation']).optional(),
    statuses: z
      .array(z.literal([0, 1, 2, 3, 4, 5, 6]))
      .max(7)
      .optional(),
    paid: z.boolean().optional(),
    currency: currencyNumeric.optional(),
    minAmount: amount.optional(),
    maxAmount: amount.optional(),
    first6: z
      .string()
      .regex(/^\d{6}$/, 'sync.first6')
      .optional(),
    last4: z
      .string()
      .regex(/^\d{4}$/, 'sync.last4')
      .optional(),
    clientId: clientId.optional(),
    text: printable(100)
      .trim()
      // The offline copy keeps first six and last four only: a whole card number finds nothing and is not kept.
      .refine((t) => !holdsCardNumber(t), 'sync.textIsCard')
      .optional(),
  })
  .refine((q) => q.from < q.to, { message: 'sync.startBeforeEnd', path: ['from'] })
  .refine(amountsInOrder, { message: 'sync.minAboveMax', path: ['minAmount'] });

const sort = z.enum(['newest', 'oldest', 'amountDesc', 'amountAsc']);

/** The list's filters as a saved view keeps them: the query's, without its window. */
const { from: _from, to: _to, dateOf: _dateOf, ...filterFields } = periodQuery.shape;
const listFilters = z.strictObject(filterFields).refine(amountsInOrder, { message: 'sync.minAboveMax', path: ['minAmount'] });

/** A calendar day as a date input gives it ("2026-11-23"). */
const calendarDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'sync.view.badDay');
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/**
 * The list's period as a view keeps it: a preset stays relative ("7 days" opened next week is that week's
 * seven days), a custom period is its first and last calendar days (both included).
 */
const listPeriod = z.discriminatedUnion('preset', [
  z.strictObject({ preset: z.enum(['today', 'yesterday', '7d', '30d', 'thisMonth', 'lastMonth']) }),
  z
    .strictObject({ preset: z.literal('custom'), firstDay: calendarDay, lastDay: calendarDay })
    .refine((p) => p.firstDay <= p.lastDay, { message: 'sync.startBeforeEnd', path: ['firstDay'] })
    .refine((p) => dayNumber(p.lastDay) - dayNumber(p.firstDay) < MAX_PERIOD_DAYS, { message: 'sync.periodTooLong', path: ['lastDay'] }),
]);

/** What a saved view holds: the list's period, filters and sort. */
const listView = z.strictObject({ period: listPeriod, filters: listFilters, sort });

/** The longest name of a saved view, in characters: a menu's width ("Declined this week, USD" is 23). */
export const MAX_VIEW_NAME = 60;
/** A view's name: the person's own text, kept as typed (trimmed) and shown as text. */
const viewName = printable(MAX_VIEW_NAME)
  .trim()
  .min(1, 'sync.view.nameEmpty')
  .refine((t) => !holdsCardNumber(t), 'sync.view.nameIsCard');
const viewId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export type ListView = z.output<typeof listView>;
/** Parses a stored view again as the contract reads one (a view written by another version may not fit). */
export const parseListView = (stored: unknown) => listView.safeParse(stored);

const runId = z.string().regex(/^r[0-9a-z]{1,20}$/, 'reconciliation.badRunId');

export const periodChannels = {
  // The orders of a period are what support starts from; the reconciliation compares the journal of money moved.
  /** One page of the list with the totals and chart of everything the filters match. */
  'period.view': reads(
    'support',
    z.strictObject({
      query: periodQuery,
      page: z
        .strictObject({
          sort: sort.optional(),
          offset: z.number().int().min(0).max(10_000_000).optional(),
          limit: z.number().int().min(1).max(1000).optional(),
        })
        .optional(),
      /** The user's offset from UTC at the period's start, for the chart's days. */
      utcOffsetMinutes: z.number().int().min(-840).max(840),
    }),
  ).answers<OrderListView>(),
  /** Brings the offline copy of the window up to date; progress arrives as period.progress events. */
  'period.sync': writes('support', window).answers<SyncResult>(),
  'period.cancel': writes('support', z.strictObject({})).answers<{ readonly cancelled: boolean }>(),
  'period.export': reads('support', z.strictObject({ query: periodQuery, sort: sort.optional() })).answers<ExportFile>(),
  'period.reconcile': reads('finance', window).answers<ReconciliationRun & { readonly runId: string }>(),
  'period.reconciliation.export': reads('finance', z.strictObject({ runId })).answers<ExportFile>(),
  // Each profile keeps its own views of the list, as each may read the list.
  /** The list's saved views of the environment open and the profile in use. */
  'period.views.list': reads('support', z.strictObject({})).answers<SavedViews>(),
  'period.views.save': writes('support', z.strictObject({ name: viewName, view: listView })).answers<SavedViews>(),
  'period.views.rename': writes('support', z.strictObject({ id: viewId, name: viewName })).answers<SavedViews>(),
  'period.views.delete': writes('support', z.strictObject({ id: viewId })).answers<SavedViews>(),
} satisfies Declarations;

export interface SyncResult {
  readonly state: 'done' | 'cancelled' | 'failed';
  readonly fetched: number;
  /** When the copy was last brought up to date (this sync when it finished). */
  readonly syncedAt?: number;
  /** Why it failed, in words, and the technical account. */
  readonly reason?: Said;
  readonly detail?: string;
}

export interface SavedView {
  readonly id: number;
  readonly name: string;
  readonly view: ListView;
}

/** The saved views, and the bounds main keeps them to (so the form can say them before asking). */
export interface SavedViews {
  readonly views: readonly SavedView[];
  readonly maxName: number;
  readonly maxViews: number;
}
