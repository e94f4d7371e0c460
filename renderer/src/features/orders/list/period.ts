/**
 * The list's period and filters as the screen holds them, and the query main is asked with. Periods are
 * local calendar days, as the user reads them ("today" begins at local midnight); the window sent is
 * half-open [from, to) in epoch ms. Amounts are typed in major units and sent in minor units, converted
 * with the chosen currency's ISO 4217 exponent: an amount means nothing without its currency, so the
 * amount range asks for one first.
 */
import type { Input, ListView } from '../../../../../main/ipc/contract';
import type { PeriodSort } from '../../../../../main/ipc/contract';
import { amountProblemText, parseMajor } from '../../../format/money';
import { i18n } from '../../../i18n';
import { OrderStatus } from '../../../../../main/domain/orderStatus';
import { currencyInfo } from '../../../../../main/domain/currency';
import { daysWindow, localDay, MAX_PERIOD_DAYS, PERIOD_PRESETS, presetWindow, type PeriodWindow } from '../../../../../main/domain/period';

/** The periods offered, in the order shown (domain/period.ts), and a custom one; their names are the catalogue's `list:preset.<id>`. */
export const PRESETS = [...PERIOD_PRESETS, 'custom'] as const;
export type PresetId = (typeof PRESETS)[number];

export type { PeriodWindow };
export { localDay, MAX_PERIOD_DAYS, presetWindow };

export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

/** Two date inputs (first and last day, both included) as a window. */
export function customWindow(firstDay: string, lastDay: string): Parsed<PeriodWindow> {
  const days = daysWindow(firstDay, lastDay);
  if (days.ok) return { ok: true, value: days.period };
  const field = days.problem === 'firstMissing' ? 'from' : 'to';
  return { ok: false, errors: { [field]: periodProblem(days.problem) } };
}

/** What is wrong with two days chosen as a period, in words (the Orders list and the reconciliation say it alike). */
export function periodProblem(problem: 'firstMissing' | 'lastMissing' | 'lastBeforeFirst' | 'tooLong'): string {
  switch (problem) {
    case 'firstMissing':
      return i18n.t('list:periodError.chooseFirst');
    case 'lastMissing':
      return i18n.t('list:periodError.chooseLast');
    case 'lastBeforeFirst':
      return i18n.t('list:periodError.lastBeforeFirst');
    case 'tooLong':
      return i18n.t('list:periodError.tooLong', { days: MAX_PERIOD_DAYS });
  }
}

/**
 * The states of the list's filter, with the key of their words in the catalogue (`list:state.<key>`; in
 * English the words main gives them, services/orders.ts STATUS_WORDS).
 */
export const STATES: readonly { readonly code: OrderStatus; readonly key: StateKey }[] = [
  { code: OrderStatus.REGISTERED, key: 'registered' },
  { code: OrderStatus.HELD, key: 'held' },
  { code: OrderStatus.DEPOSITED, key: 'charged' },
  { code: OrderStatus.REVERSED, key: 'reversed' },
  { code: OrderStatus.REFUNDED, key: 'refunded' },
  { code: OrderStatus.ACS_STARTED, key: 'threeDs' },
  { code: OrderStatus.DECLINED, key: 'declined' },
];
type StateKey = 'registered' | 'held' | 'charged' | 'reversed' | 'refunded' | 'threeDs' | 'declined';
/** A state in words, in the language shown. */
export const stateWords = (code: number): string => {
  const state = STATES.find((s) => s.code === code);
  return state ? i18n.t(`list:state.${state.key}`) : i18n.t('list:state.other', { code });
};

export { currencyInfo };

/** Offered in the currency filter before any order was seen: the sandbox's currencies. */
export const COMMON_CURRENCIES = ['643', '840', '978', '398', '826', '392'] as const;

/** What the filter form holds, as typed. */
export interface FilterDraft {
  readonly statuses: readonly OrderStatus[];
  readonly paid: 'any' | 'paid' | 'unpaid';
  readonly currency: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  readonly first6: string;
  readonly last4: string;
  readonly clientId: string;
  readonly text: string;
}

export const EMPTY_FILTERS: FilterDraft = {
  statuses: [],
  paid: 'any',
  currency: '',
  minAmount: '',
  maxAmount: '',
  first6: '',
  last4: '',
  clientId: '',
  text: '',
};

/** The query as main's contract takes it (period.view). */
export type PeriodQuery = Input<'period.view'>['query'];
export type ListFilters = Omit<PeriodQuery, 'from' | 'to' | 'dateOf'>;

/** The draft as the query's filters, or each field's error in words (nothing is asked until all are right). */
export function parseFilters(draft: FilterDraft): Parsed<ListFilters> {
  const errors: Record<string, string> = {};
  const out: { -readonly [K in keyof ListFilters]: ListFilters[K] } = {};
  if (draft.statuses.length > 0) out.statuses = [...draft.statuses].sort();
  if (draft.paid !== 'any') out.paid = draft.paid === 'paid';
  if (draft.currency) out.currency = draft.currency;
  const exponent = draft.currency ? currencyInfo(draft.currency).exponent : undefined;
  for (const [field, text] of [
    ['minAmount', draft.minAmount],
    ['maxAmount', draft.maxAmount],
  ] as const) {
    if (text.trim() === '') continue;
    if (exponent === undefined) {
      errors[field] = i18n.t('list:filterError.currencyFirst');
      continue;
    }
    // Zero is a fair lower bound, which parseMajor (made for charges) refuses.
    const parsed = /^\s*0+([.,]0*)?\s*$/.test(text) ? ({ ok: true, minor: 0 } as const) : parseMajor(text, exponent);
    if (parsed.ok) out[field] = parsed.minor;
    else errors[field] = amountProblemText(i18n, parsed.error);
  }
  if (out.minAmount !== undefined && out.maxAmount !== undefined && out.minAmount > out.maxAmount)
    errors.maxAmount = i18n.t('list:filterError.maxBelowMin');
  const first6 = draft.first6.trim();
  if (first6 && !/^\d{6}$/.test(first6)) errors.first6 = i18n.t('list:filterError.first6');
  else if (first6) out.first6 = first6;
  const last4 = draft.last4.trim();
  if (last4 && !/^\d{4}$/.test(last4)) errors.last4 = i18n.t('list:filterError.last4');
  else if (last4) out.last4 = last4;
  const clientId = draft.clientId.trim();
  if (clientId) out.clientId = clientId;
  const text = draft.text.trim();
  // The offline copy keeps first six and last four: a whole card number would find nothing, so say so here.
  if (/\d{12,19}/.test(text.replace(/[\s-]/g, ''))) errors.text = i18n.t('list:filterError.wholeCard');
  else if (text.length > 100) errors.text = i18n.t('list:filterError.textTooLong', { max: 100 });
  else if (text) out.text = text;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: out };
}

/** The sorts offered, in the order shown; their names are the catalogue's `list:sort.<id>`. */
export const SORTS: readonly PeriodSort[] = ['newest', 'oldest', 'amountDesc', 'amountAsc'];

/** The list's period as it is kept (uiStore, saved views): a preset, relative to the day it is shown, or two days. */
export type ListPeriod = ListView['period'];

/** The window a kept period stands for now: "7 days" is the last seven days of the day it is opened. */
export function windowOf(period: ListPeriod, now = Date.now()): PeriodWindow {
  if (period.preset !== 'custom') return presetWindow(period.preset, now);
  const custom = customWindow(period.firstDay, period.lastDay);
  return custom.ok ? custom.value : presetWindow('today', now);
}

/** A window's days as the custom period keeps them. */
export const daysOf = (period: PeriodWindow): { readonly firstDay: string; readonly lastDay: string } => ({
  firstDay: localDay(period.from),
  lastDay: localDay(period.to - 1),
});

/** An amount in minor units as a person would type it in the language shown ("1250", "1250.50", "1250,50"). */
function typedAmount(minor: number, exponent: number): string {
  const whole = Math.floor(minor / 10 ** exponent);
  const fraction = minor - whole * 10 ** exponent;
  if (fraction === 0) return String(whole);
  const sign = i18n.language.startsWith('ru') ? ',' : '.';
  return `${whole}${sign}${String(fraction).padStart(exponent, '0')}`;
}

/** The filter form filled in from filters as they are kept: parseFilters of it gives them back. */
export function draftOf(filters: ListFilters): FilterDraft {
  const exponent = filters.currency ? currencyInfo(filters.currency).exponent : 2;
  return {
    statuses: filters.statuses ?? [],
    paid: filters.paid === undefined ? 'any' : filters.paid ? 'paid' : 'unpaid',
    currency: filters.currency ?? '',
    minAmount: filters.minAmount !== undefined ? typedAmount(filters.minAmount, exponent) : '',
    maxAmount: filters.maxAmount !== undefined ? typedAmount(filters.maxAmount, exponent) : '',
    first6: filters.first6 ?? '',
    last4: filters.last4 ?? '',
    clientId: filters.clientId ?? '',
    text: filters.text ?? '',
  };
}

/** JSON with every object's keys in order, so that two equal views compare equal however they were built. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
export const sameView = <T>(a: T, b: T): boolean => canonical(a) === canonical(b);
