/**
 * The periods the reconciliation report offers, as half-open windows [from, to) of epoch ms in the user's
 * own calendar (a day starts at local midnight, whatever the daylight-saving change in between).
 */
import { dayStart } from '../../format/dates';
import { formatDay } from '../../format/dates';
import { i18n } from '../../i18n';

/** The periods offered, in the order shown; their names are the catalogue's `reconciliation:preset.<id>`. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface PeriodWindow {
  readonly from: number;
  readonly to: number;
}

/** What a custom period is: two calendar days, both included. */
export interface CustomDays {
  readonly from: string;
  readonly to: string;
}

/** Either a window to run, or why there is none yet (in words for the field it belongs to). */
export type PeriodChoice =
  { readonly ok: true; readonly period: PeriodWindow } | { readonly ok: false; readonly field: 'from' | 'to'; readonly error: string };

/** Main refuses longer periods (contract/period.ts); said here before anything is sent. */
const MAX_PERIOD_DAYS = 400;

const localDay = (year: number, month: number, day: number) => new Date(year, month, day).getTime();

export function presetWindow(preset: Exclude<PeriodPreset, 'custom'>, now = new Date()): PeriodWindow {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (preset) {
    case 'today':
      return { from: localDay(y, m, d), to: localDay(y, m, d + 1) };
    case 'yesterday':
      return { from: localDay(y, m, d - 1), to: localDay(y, m, d) };
    case 'last7':
      return { from: localDay(y, m, d - 6), to: localDay(y, m, d + 1) };
    case 'thisMonth':
      return { from: localDay(y, m, 1), to: localDay(y, m + 1, 1) };
    case 'lastMonth':
      return { from: localDay(y, m - 1, 1), to: localDay(y, m, 1) };
  }
}

export function choosePeriod(preset: PeriodPreset, custom: CustomDays, now = new Date()): PeriodChoice {
  if (preset !== 'custom') return { ok: true, period: presetWindow(preset, now) };
  const from = dayStart(custom.from);
  const last = dayStart(custom.to);
  if (from === undefined) return { ok: false, field: 'from', error: i18n.t('reconciliation:periodError.chooseFirst') };
  if (last === undefined) return { ok: false, field: 'to', error: i18n.t('reconciliation:periodError.chooseLast') };
  if (from > last) return { ok: false, field: 'to', error: i18n.t('reconciliation:periodError.lastBeforeFirst') };
  const end = new Date(last);
  const to = localDay(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  if (to - from > MAX_PERIOD_DAYS * 86_400_000)
    return { ok: false, field: 'to', error: i18n.t('reconciliation:periodError.tooLong', { days: MAX_PERIOD_DAYS }) };
  return { ok: true, period: { from, to } };
}

/** "23 Nov 2026" or "1 Nov 2026 – 30 Nov 2026": the days a window covers, its end excluded. */
export function periodWords(w: PeriodWindow): string {
  const first = formatDay(w.from);
  const last = formatDay(w.to - 1);
  return first === last ? first : `${first} – ${last}`;
}
