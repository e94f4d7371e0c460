/**
 * Periods of orders: half-open windows [from, to) of epoch ms over whole local calendar days ("today" begins
 * at local midnight, whatever a daylight-saving change in between), the presets every screen offers, and the
 * longest period main accepts. The Orders list, saved views, the client view and the reconciliation report
 * all read periods here; the IPC contract bounds them by the same MAX_PERIOD_DAYS.
 */

export interface PeriodWindow {
  readonly from: number;
  readonly to: number;
}

export const DAY_MS = 86_400_000;

/** The longest period one request may name: a little over a year, so that a mistyped year is caught. */
export const MAX_PERIOD_DAYS = 400;

/** The periods offered, in the order shown (the screens name them in their catalogues by these ids). */
export const PERIOD_PRESETS = ['today', 'yesterday', '7d', '30d', 'thisMonth', 'lastMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const midnight = (y: number, m: number, d: number) => new Date(y, m, d).getTime();

/** The window of a preset at `now`: whole local days, the last one today (this month so far, not its future). */
export function presetWindow(preset: PeriodPreset, now = Date.now()): PeriodWindow {
  const t = new Date(now);
  const [y, m, d] = [t.getFullYear(), t.getMonth(), t.getDate()];
  const tomorrow = midnight(y, m, d + 1);
  switch (preset) {
    case 'today':
      return { from: midnight(y, m, d), to: tomorrow };
    case 'yesterday':
      return { from: midnight(y, m, d - 1), to: midnight(y, m, d) };
    case '7d':
      return { from: midnight(y, m, d - 6), to: tomorrow };
    case '30d':
      return { from: midnight(y, m, d - 29), to: tomorrow };
    case 'thisMonth':
      return { from: midnight(y, m, 1), to: tomorrow };
    case 'lastMonth':
      return { from: midnight(y, m - 1, 1), to: midnight(y, m, 1) };
  }
}

/** A local calendar day ("2026-11-23") of a moment. */
export const localDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Two calendar days, both included ("2026-11-01", "2026-11-23"), as a window; or what is wrong with them:
 * a day missing, the last before the first, or longer than MAX_PERIOD_DAYS (an hour's leeway for a
 * daylight-saving change inside it).
 */
export function daysWindow(
  firstDay: string,
  lastDay: string,
):
  | { readonly ok: true; readonly period: PeriodWindow }
  | { readonly ok: false; readonly problem: 'firstMissing' | 'lastMissing' | 'lastBeforeFirst' | 'tooLong' } {
  if (!DAY_SHAPE.test(firstDay)) return { ok: false, problem: 'firstMissing' };
  if (!DAY_SHAPE.test(lastDay)) return { ok: false, problem: 'lastMissing' };
  const [fy, fm, fd] = firstDay.split('-').map(Number) as [number, number, number];
  const [ly, lm, ld] = lastDay.split('-').map(Number) as [number, number, number];
  const from = midnight(fy, fm - 1, fd);
  const to = midnight(ly, lm - 1, ld + 1);
  if (to <= from) return { ok: false, problem: 'lastBeforeFirst' };
  if (to - from > MAX_PERIOD_DAYS * DAY_MS + 3_600_000) return { ok: false, problem: 'tooLong' };
  return { ok: true, period: { from, to } };
}
