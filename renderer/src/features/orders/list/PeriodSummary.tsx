/**
 * Above the list: the totals of exactly what the filters show (count and sum per state and currency,
 * summed by main over every matching order, not just the rows in view), and a small chart of orders and
 * amounts per day by state. The chart is drawn with recharts (SVG, inline style attributes only, which
 * the app's CSP allows); the totals table beside it says the same in text.
 */
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PeriodDay, PeriodTotal } from '../../../../../main/services/periodViews';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { formatAmount } from '../../../format/money';
import { PaidRefunded } from './PaidRefunded';
import { currencyInfo, STATES, stateWords } from './period';

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
  const breakdownId = useId();
  const open = useUi((s) => s.listBreakdownOpen);
  const toggle = useUi((s) => s.toggleListBreakdown);
  const sorted = [...totals].sort((a, b) => a.status - b.status || a.currency.localeCompare(b.currency));
  // Grand totals per currency: amounts of different currencies are never added together.
  const perCurrency = new Map<string, { count: number; amount: number }>();
  for (const t of totals) {
    const c = perCurrency.get(t.currency) ?? { count: 0, amount: 0 };
    perCurrency.set(t.currency, { count: c.count + t.count, amount: c.amount + t.amount });
  }
  return (
    <section className="period-totals" aria-labelledby="period-totals-title">
      {/* One line: the count, whether it was read whole, what was paid and refunded, and the list's tools; the breakdown below it on demand. */}
      <div className="summary-line">
        <h2 id="period-totals-title">
          {total.toLocaleString()} {total === 1 ? 'order' : 'orders'}
          {syncing && <span className="muted"> so far, while the sync runs</span>}
        </h2>
        {coverage}
        {/* The money at a glance, folded or not (the button after it then stays where it was clicked). */}
        {sorted.length > 0 && <PaidRefunded totals={totals} />}
        {sorted.length > 0 && (
          <Button className="disclosure" aria-expanded={open} aria-controls={breakdownId} onClick={toggle}>
            {open ? 'Hide totals by state and chart' : 'Show totals by state and chart'}
          </Button>
        )}
        {tools}
      </div>
      {sorted.length === 0 && <p className="muted">No order matches.</p>}
      <div id={breakdownId} className="period-breakdown" hidden={!open || sorted.length === 0}>
        {open && sorted.length > 0 && (
          <>
            <div className="period-totals-table">
              <table className="data-table" data-testid="period-totals">
                <caption className="visually-hidden">Orders and amounts per state and currency</caption>
                <thead>
                  <tr>
                    <th scope="col">State</th>
                    <th scope="col">Currency</th>
                    <th scope="col" className="num">
                      Orders
                    </th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((t) => (
                    <tr key={`${t.status}/${t.currency}`} data-status={t.status} data-currency={t.currency}>
                      <td>{stateWords(t.status)}</td>
                      <td>{currencyName(t.currency)}</td>
                      <td className="num">{t.count.toLocaleString()}</td>
                      <td className="num" data-minor={t.amount}>
                        {money(t.currency, t.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                {perCurrency.size > 0 && (
                  <tfoot>
                    {[...perCurrency].map(([currency, c]) => (
                      <tr key={currency}>
                        <th scope="row">All states</th>
                        <td>{currencyName(currency)}</td>
                        <td className="num">{c.count.toLocaleString()}</td>
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
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="day" tick={{ fill: 'var(--muted)', fontSize: 11 }} tickFormatter={(d: string) => d.slice(5)} />
          <YAxis
            tick={{ fill: 'var(--muted)', fontSize: 11 }}
            width={56}
            allowDecimals={measure === 'amount'}
            tickFormatter={(v: number) => v.toLocaleString()}
          />
          <Tooltip
            formatter={(v, name) => [format(Number(v)), stateWords(Number(String(name).slice(1)))]}
            contentStyle={{ background: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' }}
            isAnimationActive={false}
          />
          <Legend formatter={(name: string) => stateWords(Number(name.slice(1)))} wrapperStyle={{ fontSize: 11 }} />
          {states.map((s) => (
            <Bar key={s} dataKey={`s${s}`} stackId="day" fill={STATE_COLOURS[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function PeriodChart({ perDay, currency }: { readonly perDay: readonly PeriodDay[]; readonly currency: string | undefined }) {
  const states = STATES.map((s) => s.code).filter((code) => perDay.some((d) => d.status === code));
  const amountCurrency = currency || mainCurrency(perDay);
  if (perDay.length === 0) return null;
  const c = amountCurrency ? currencyInfo(amountCurrency) : undefined;
  return (
    <div className="period-charts">
      <DayChart
        rows={chartRows(perDay, 'count', undefined)}
        measure="count"
        title="Orders per day by state"
        format={(v) => v.toLocaleString()}
        states={states}
      />
      {amountCurrency && c && (
        <DayChart
          rows={chartRows(perDay, 'amount', amountCurrency)}
          measure="amount"
          title={`Amounts per day by state, ${c.alpha ?? amountCurrency}${currency ? '' : ' (the most used currency)'}`}
          format={(v) => money(amountCurrency, Math.round(v * 10 ** c.exponent))}
          states={states}
        />
      )}
    </div>
  );
}
