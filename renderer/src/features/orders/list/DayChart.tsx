import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDayKey, formatDayKeyShort } from '../../../format/dates';
import { formatNumber } from '../../../format/numbers';

/** The charts' drawing options (recharts props: keys, colours, sizes), none of them text. */
const GRID = { strokeDasharray: '3 3', stroke: 'var(--border)', vertical: false } as const;

const TICK = { fill: 'var(--muted)', fontSize: 11 } as const;

const TOOLTIP_STYLE = { background: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' } as const;

/** Words in the text's colour (recharts paints them in the series' colour, too faint on either theme); the swatch keeps it. */
const TEXT_STYLE = { color: 'var(--text)' } as const;

const DAY = 'day';

export type ChartRow = { day: string } & Record<string, number | string>;

/** A chart's bars of one kind: its key in the rows, its name in the legend, its colour, stacked or beside the others. */
export interface Series {
  readonly key: string;
  readonly name: string;
  readonly colour: string;
  readonly stacked: boolean;
}

/** A bar chart of a figure per day of the period, its bars stacked or beside each other. */
export function DayChart({
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
