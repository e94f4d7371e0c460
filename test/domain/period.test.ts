/** Periods as every screen reads them: whole local days, the presets at a given moment, two days chosen. */
import { describe, expect, it } from 'vitest';
import { daysWindow, localDay, MAX_PERIOD_DAYS, PERIOD_PRESETS, presetWindow } from '../../main/domain/period.js';

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();
const NOW = at(2026, 11, 27, 15);

describe('periods', () => {
  it('gives each preset whole local days, ending today (or where the period ends)', () => {
    const days = Object.fromEntries(PERIOD_PRESETS.map((p) => [p, presetWindow(p, NOW)]));
    expect(days).toEqual({
      today: { from: at(2026, 11, 27), to: at(2026, 11, 28) },
      yesterday: { from: at(2026, 11, 26), to: at(2026, 11, 27) },
      '7d': { from: at(2026, 11, 21), to: at(2026, 11, 28) },
      '30d': { from: at(2026, 10, 29), to: at(2026, 11, 28) },
      thisMonth: { from: at(2026, 11, 1), to: at(2026, 11, 28) },
      lastMonth: { from: at(2026, 10, 1), to: at(2026, 11, 1) },
    });
    expect(localDay(NOW)).toBe('2026-11-27');
  });

  it('reads two chosen days, both included, and says what is wrong with them', () => {
    expect(daysWindow('2026-11-01', '2026-11-27')).toEqual({ ok: true, period: { from: at(2026, 11, 1), to: at(2026, 11, 28) } });
    expect(daysWindow('', '2026-11-27')).toEqual({ ok: false, problem: 'firstMissing' });
    expect(daysWindow('2026-11-01', '')).toEqual({ ok: false, problem: 'lastMissing' });
    expect(daysWindow('2026-11-27', '2026-11-26')).toEqual({ ok: false, problem: 'lastBeforeFirst' });
    expect(daysWindow('2025-01-01', '2026-11-27')).toEqual({ ok: false, problem: 'tooLong' });
    expect(MAX_PERIOD_DAYS).toBe(400);
  });
});
