/**
 * The periods the reconciliation report offers: the presets every screen shares (domain/period.ts) but the
 * last thirty days, and two calendar days of one's own, checked as the Orders list checks them.
 */
import { daysWindow, presetWindow, type PeriodWindow } from '../../../../main/domain/period';
import { formatDay } from '../../format/dates';
import { periodProblem } from '../orders/list/period';

/** The periods offered, in the order shown; their names are the catalogue's `reconciliation:preset.<id>`. */
export const PERIOD_PRESETS = ['today', 'yesterday', '7d', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type { PeriodWindow };

/** What a custom period is: two calendar days, both included. */
export interface CustomDays {
  readonly from: string;
  readonly to: string;
}

/** Either a window to run, or why there is none yet (in words for the field it belongs to). */
export type PeriodChoice =
  { readonly ok: true; readonly period: PeriodWindow } | { readonly ok: false; readonly field: 'from' | 'to'; readonly error: string };

export function choosePeriod(preset: PeriodPreset, custom: CustomDays, now = Date.now()): PeriodChoice {
  if (preset !== 'custom') return { ok: true, period: presetWindow(preset, now) };
  const days = daysWindow(custom.from, custom.to);
  if (days.ok) return days;
  return { ok: false, field: days.problem === 'firstMissing' ? 'from' : 'to', error: periodProblem(days.problem) };
}

/** "23 Nov 2026" or "1 Nov 2026 – 30 Nov 2026": the days a window covers, its end excluded. */
export function periodWords(w: PeriodWindow): string {
  const first = formatDay(w.from);
  const last = formatDay(w.to - 1);
  return first === last ? first : `${first} – ${last}`;
}
