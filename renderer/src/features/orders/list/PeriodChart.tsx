/**
 * A small chart per day of what the filters show: orders by state, and in one currency the money captured
 * and refunded, with what is only held beside them. Declined and unpaid orders are counted and move no
 * money, so the money chart has no bar of theirs. Drawn with recharts (SVG, inline style attributes only,
 * which the app's CSP allows); the totals table beside it says the same in text.
 */
import { useTranslation } from 'react-i18next';
import { moneyByCurrency, type MoneyCell } from '../../../../../main/domain/moneyTotals';
import type { PeriodDay } from '../../../../../main/ipc/contract';
import { currencyInfo, STATES, stateWords } from './period';
import { formatNumber } from '../../../format/numbers';
import { amountIn } from './shared';
import { type ChartRow, type Series, DayChart } from './DayChart';

/** One colour per state, readable on both themes' surfaces. */
const STATE_COLOURS: Readonly<Record<number, string>> = {
  0: '#8b95a3',
  1: '#3b82f6',
  2: '#16a34a',
  3: '#d97706',
  4: '#a855f7',
  5: '#64748b',
  6: '#dc2626',
};

/** Per day, a column per state: the orders counted. */
function countRows(perDay: readonly PeriodDay[]): ChartRow[] {
  const days = new Map<string, ChartRow>();
  for (const d of perDay) {
    const row = days.get(d.day) ?? { day: d.day };
    row[`s${d.status}`] = ((row[`s${d.status}`] as number | undefined) ?? 0) + d.count;
    days.set(d.day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * Per day, what moved in one currency (moneyByCurrency over the day's cells, in major units for drawing
 * only): the days of a period add up to its totals.
 */
function moneyRows(perDay: readonly PeriodDay[], currency: string): ChartRow[] {
  const days = new Map<string, MoneyCell[]>();
  for (const d of perDay) if (d.currency === currency) days.set(d.day, [...(days.get(d.day) ?? []), d]);
  const unit = 10 ** currencyInfo(currency).exponent;
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, cells]) => {
      const m = moneyByCurrency(cells)[0]!;
      return { day, captured: m.captured / unit, refunded: m.refunded / unit, held: m.held / unit };
    });
}

/** The currency with the most orders, for the amounts chart when the filters name none. */
function mainCurrency(perDay: readonly PeriodDay[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of perDay) counts.set(d.currency, (counts.get(d.currency) ?? 0) + d.count);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** What the money chart draws: captured and refunded side by side, and what is only held beside them. */
const MONEY_SERIES = [
  { key: 'captured', colour: STATE_COLOURS[2]! },
  { key: 'refunded', colour: STATE_COLOURS[4]! },
  { key: 'held', colour: STATE_COLOURS[1]! },
] as const;

export function PeriodChart({ perDay, currency }: { readonly perDay: readonly PeriodDay[]; readonly currency: string | undefined }) {
  const { t } = useTranslation('list', { keyPrefix: 'totals' });
  const amountCurrency = currency || mainCurrency(perDay);
  if (perDay.length === 0) return null;
  const c = amountCurrency ? currencyInfo(amountCurrency) : undefined;
  const states: Series[] = STATES.filter((s) => perDay.some((d) => d.status === s.code)).map((s) => ({
    key: `s${s.code}`,
    name: stateWords(s.code),
    colour: STATE_COLOURS[s.code]!,
    stacked: true,
  }));
  const amounts = amountCurrency ? moneyRows(perDay, amountCurrency) : [];
  // Only the figures that moved in the period: a period with nothing held draws no empty "Held".
  const figures: Series[] = MONEY_SERIES.filter((f) => amounts.some((r) => r[f.key] !== 0)).map((f) => ({
    key: f.key,
    name: t(f.key),
    colour: f.colour,
    stacked: false,
  }));
  return (
    <div className="period-charts">
      <DayChart
        rows={countRows(perDay)}
        // eslint-disable-next-line i18next/no-literal-string -- what the chart counts, not text
        measure="count"
        title={t('chartOrders')}
        format={(v) => formatNumber(v)}
        series={states}
      />
      {amountCurrency && c && (
        <DayChart
          rows={amounts}
          // eslint-disable-next-line i18next/no-literal-string -- what the chart counts, not text
          measure="amount"
          title={t(currency ? 'chartAmounts' : 'chartAmountsMostUsed', { currency: c.alpha ?? amountCurrency })}
          format={(v) => amountIn(amountCurrency, Math.round(v * 10 ** c.exponent))}
          series={figures}
        />
      )}
    </div>
  );
}
