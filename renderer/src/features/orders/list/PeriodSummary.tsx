/**
 * Above the list: the totals of exactly what the filters show (count and sum per state and currency,
 * summed by main over every matching order, not just the rows in view), and a small chart of orders and
 * amounts per day by state. The chart is drawn with recharts (SVG, inline style attributes only, which
 * the app's CSP allows); the totals table beside it says the same in text.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PeriodDay, PeriodTotal } from '../../../../../main/services/periodViews';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { formatAmount } from '../../../format/money';
import { PaidRefunded } from './PaidRefunded';
import { currencyInfo, STATES, stateWords } from './period';
import { formatCount, formatNumber } from '../../../format/numbers';

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

/** The charts' drawing options (recharts props: keys, colours, sizes), none of them text. */
const GRID = { strokeDasharray: '3 3', stroke: 'var(--border)', vertical: false } as const;
const TICK = { fill: 'var(--muted)', fontSize: 11 } as const;
const TOOLTIP_STYLE = { background: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' } as const;
const DAY = 'day';

const money = (currency: string, minor: number) => {
  const c = currencyInfo(currency);
  return formatAmount(minor, c.exponent, c.alpha ?? currency);
};
const currencyName = (numeric: string) => currencyInfo(numeric).alpha ?? numeric;

export function PeriodTotals({
  totals,
  total,
  syncing = false,
  coverage,
  chart,
  tools,
}: {
  readonly totals: readonly PeriodTotal[];
  readonly total: number;
  /** A sync of the period is running: the figures are what was read so far. */
  readonly syncing?: boolean;
  /** Whether the period was read whole (CoverageMark), said right beside the count. */
  readonly coverage?: React.ReactNode;
  /** The chart of the same orders, folded away with the totals per state. */
  readonly chart?: React.ReactNode;
  /** The list's own tools (sort, export), at the end of the count's line. */
  readonly tools?: React.ReactNode;
}) {
  const { t } = useTranslation('list', { keyPrefix: 'totals' });
  const breakdownId = useId();
  const open = useUi((s) => s.listBreakdownOpen);
  const toggle = useUi((s) => s.toggleListBreakdown);
  const sorted = [...totals].sort((a, b) => a.status - b.status || a.currency.localeCompare(b.currency));
  // Grand totals per currency: amounts of different currencies are never added together.
  const perCurrency = new Map<string, { count: number; amount: number }>();
  for (const row of totals) {
    const c = perCurrency.get(row.currency) ?? { count: 0, amount: 0 };
    perCurrency.set(row.currency, { count: c.count + row.count, amount: c.amount + row.amount });
  }
  return (
    <section className="period-totals" aria-labelledby="period-totals-title">
      {/* One line: the count, whether it was read whole, what was paid and refunded, and the list's tools; the breakdown below it on demand. */}
      <div className="summary-line">
        <h2 id="period-totals-title">
          {t('count', { count: total, n: formatCount(total) })}
          {syncing && <span className="muted"> {t('soFar')}</span>}
        </h2>
        {coverage}
        {/* The money at a glance, folded or not (the button after it then stays where it was clicked). */}
        {sorted.length > 0 && <PaidRefunded totals={totals} />}
        {sorted.length > 0 && (
          <Button className="disclosure" aria-expanded={open} aria-controls={breakdownId} onClick={toggle}>
            {open ? t('hide') : t('show')}
          </Button>
        )}
        {tools}
      </div>
      {sorted.length === 0 && <p className="muted">{t('none')}</p>}
      <div id={breakdownId} className="period-breakdown" hidden={!open || sorted.length === 0}>
        {open && sorted.length > 0 && (
          <>
            <div className="period-totals-table">
              <table className="data-table" data-testid="period-totals">
                <caption className="visually-hidden">{t('caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('state')}</th>
                    <th scope="col">{t('currency')}</th>
                    <th scope="col" className="num">
                      {t('orders')}
                    </th>
                    <th scope="col" className="num">
                      {t('amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <tr key={`${row.status}/${row.currency}`} data-status={row.status} data-currency={row.currency}>
                      <td>{stateWords(row.status)}</td>
                      <td>{currencyName(row.currency)}</td>
                      <td className="num">{formatCount(row.count)}</td>
                      <td className="num" data-minor={row.amount}>
                        {money(row.currency, row.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                {perCurrency.size > 0 && (
                  <tfoot>
                    {[...perCurrency].map(([currency, c]) => (
                      <tr key={currency}>
                        <th scope="row">{t('allStates')}</th>
                        <td>{currencyName(currency)}</td>
                        <td className="num">{formatCount(c.count)}</td>
                        <td className="num">{money(currency, c.amount)}</td>
                      </tr>
                    ))}
                  </tfoot>
                )}
              </table>
            </div>
            {chart}
          </>
        )}
      </div>
    </section>
  );
}

type ChartRow = { day: string } & Record<string, number | string>;

/** Per day, a column per state: orders counted, or amounts of one currency in major units (for drawing only). */
function chartRows(perDay: readonly PeriodDay[], measure: 'count' | 'amount', currency: string | undefined): ChartRow[] {
  const days = new Map<string, ChartRow>();
  for (const d of perDay) {
    if (measure === 'amount' && d.currency !== currency) continue;
    const row = days.get(d.day) ?? { day: d.day };
    const value = measure === 'count' ? d.count : d.amount / 10 ** currencyInfo(d.currency).exponent;
    row[`s${d.status}`] = ((row[`s${d.status}`] as number | undefined) ?? 0) + value;
    days.set(d.day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The currency with the most orders, for the amounts chart when the filters name none. */
function mainCurrency(perDay: readonly PeriodDay[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of perDay) counts.set(d.currency, (counts.get(d.currency) ?? 0) + d.count);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function DayChart({
  rows,
  measure,
  title,
  format,
  states,
}: {
  readonly rows: ChartRow[];
  readonly measure: 'count' | 'amount';
  readonly title: string;
  readonly format: (v: number) => string;
  readonly states: readonly number[];
}) {
  return (
    <figure className="period-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={150}>
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey={DAY} tick={TICK} tickFormatter={(d: string) => d.slice(5)} />
          <YAxis tick={TICK} width={56} allowDecimals={measure === 'amount'} tickFormatter={(v: number) => formatNumber(v)} />
          <Tooltip
            formatter={(v, name) => [format(Number(v)), stateWords(Number(String(name).slice(1)))]}
            contentStyle={TOOLTIP_STYLE}
            isAnimationActive={false}
          />
          <Legend formatter={(name: string) => stateWords(Number(name.slice(1)))} wrapperStyle={{ fontSize: 11 }} />
          {states.map((s) => (
            <Bar key={s} dataKey={`s${s}`} stackId={DAY} fill={STATE_COLOURS[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function PeriodChart({ perDay, currency }: { readonly perDay: readonly PeriodDay[]; readonly currency: string | undefined }) {
  const { t } = useTranslation('list', { keyPrefix: 'totals' });
  const states = STATES.map((s) => s.code).filter((code) => perDay.some((d) => d.status === code));
  const amountCurrency = currency || mainCurrency(perDay);
  if (perDay.length === 0) return null;
  const c = amountCurrency ? currencyInfo(amountCurrency) : undefined;
  const counts = chartRows(perDay, 'count', undefined);
  const amounts = amountCurrency ? chartRows(perDay, 'amount', amountCurrency) : [];
  return (
    <div className="period-charts">
      <DayChart
        rows={counts}
        // eslint-disable-next-line i18next/no-literal-string -- what the chart counts, not text
        measure="count"
        title={t('chartOrders')}
        format={(v) => formatNumber(v)}
        states={states}
      />
      {amountCurrency && c && (
        <DayChart
          rows={amounts}
          // eslint-disable-next-line i18next/no-literal-string -- what the chart counts, not text
          measure="amount"
          title={t(currency ? 'chartAmounts' : 'chartAmountsMostUsed', { currency: c.alpha ?? amountCurrency })}
          format={(v) => money(amountCurrency, Math.round(v * 10 ** c.exponent))}
          states={states}
        />
      )}
    </div>
  );
}
