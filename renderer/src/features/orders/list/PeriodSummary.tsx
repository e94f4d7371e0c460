/**
 * Above the list: the totals of exactly what the filters show (orders per state and currency, and the
 * money that moved on them: held, captured, refunded, net; summed by main over every matching order, not
 * just the rows in view), and a small chart per day: orders by state, and in one currency the money
 * captured and refunded, with what is only held beside them. Declined and unpaid orders are counted and
 * move no money, so the money chart has no bar of theirs. Drawn with recharts (SVG, inline style
 * attributes only, which the app's CSP allows); the totals table beside it says the same in text.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { moneyByCurrency, type MoneyCell } from '../../../../../main/domain/moneyTotals';
import type { PeriodDay, PeriodTotal } from '../../../../../main/ipc/contract';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { formatDayKey, formatDayKeyShort } from '../../../format/dates';
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
/** Words in the text's colour (recharts paints them in the series' colour, too faint on either theme); the swatch keeps it. */
const TEXT_STYLE = { color: 'var(--text)' } as const;
const DAY = 'day';
/** The money columns of the totals table, by their key in the catalogue (`list:totals.<key>`). */
const MONEY_COLUMNS = ['held', 'captured', 'refunded', 'net'] as const;

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
  const perCurrency = moneyByCurrency(totals);
  /** A figure's cell; empty where nothing of it moved (a declined order's row has no money to say). */
  const cell = (currency: string, minor: number) => (
    <td className="num" data-minor={minor}>
      {minor !== 0 ? money(currency, minor) : ''}
    </td>
  );
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
            {/* Scrolls sideways where the money columns do not fit, and so takes the keyboard's focus. */}
            <div className="period-totals-table" role="region" aria-label={t('caption')} tabIndex={0}>
              <table className="data-table" data-testid="period-totals">
                <caption className="visually-hidden">{t('caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('state')}</th>
                    <th scope="col">{t('currency')}</th>
                    <th scope="col" className="num">
                      {t('orders')}
                    </th>
                    {MONEY_COLUMNS.map((c) => (
                      <th scope="col" className="num" key={c}>
                        {t(c)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <tr key={`${row.status}/${row.currency}`} data-status={row.status} data-currency={row.currency}>
                      <td>{stateWords(row.status)}</td>
                      <td>{currencyName(row.currency)}</td>
                      <td className="num">{formatCount(row.count)}</td>
                      {cell(row.currency, row.held)}
                      {cell(row.currency, row.captured)}
                      {cell(row.currency, row.refunded)}
                      {cell(row.currency, row.captured - row.refunded)}
                    </tr>
                  ))}
                </tbody>
                {perCurrency.length > 0 && (
                  <tfoot>
                    {perCurrency.map((c) => (
                      <tr key={c.currency} data-currency={c.currency}>
                        <th scope="row">{t('allStates')}</th>
                        <td>{currencyName(c.currency)}</td>
                        <td className="num">{formatCount(c.count)}</td>
                        {cell(c.currency, c.held)}
                        {cell(c.currency, c.captured)}
                        {cell(c.currency, c.refunded)}
                        {cell(c.currency, c.net)}
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

/** A chart's bars of one kind: its key in the rows, its name in the legend, its colour, stacked or beside the others. */
interface Series {
  readonly key: string;
  readonly name: string;
  readonly colour: string;
  readonly stacked: boolean;
}

function DayChart({
  rows,
  measure,
  title,
  format,
  series,
}: {
  readonly rows: ChartRow[];
  readonly measure: 'count' | 'amount';
  readonly title: string;
  readonly format: (v: number) => string;
  readonly series: readonly Series[];
}) {
  const names = new Map(series.map((s) => [s.key, s.name]));
  return (
    <figure className="period-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={150}>
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey={DAY} tick={TICK} tickFormatter={formatDayKeyShort} />
          <YAxis tick={TICK} width={56} allowDecimals={measure === 'amount'} tickFormatter={(v: number) => formatNumber(v)} />
          <Tooltip
            labelFormatter={(d) => formatDayKey(String(d))}
            formatter={(v, key) => [format(Number(v)), names.get(String(key)) ?? String(key)]}
            contentStyle={TOOLTIP_STYLE}
            itemStyle={TEXT_STYLE}
            isAnimationActive={false}
          />
          <Legend formatter={(key: string) => <span style={TEXT_STYLE}>{names.get(key) ?? key}</span>} wrapperStyle={{ fontSize: 11 }} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} {...(s.stacked ? { stackId: DAY } : {})} fill={s.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
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
          format={(v) => money(amountCurrency, Math.round(v * 10 ** c.exponent))}
          series={figures}
        />
      )}
    </div>
  );
}
