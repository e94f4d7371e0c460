/**
 * Above the list: the totals of exactly what the filters show (orders per state and currency, and the
 * money that moved on them: held, captured, refunded, net; summed by main over every matching order, not
 * just the rows in view), with the chart of the same orders (PeriodChart) folded away beside them.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyByCurrency } from '../../../../../main/domain/moneyTotals';
import type { PeriodTotal } from '../../../../../main/ipc/contract';
import { useUi } from '../../../app/uiStore';
import { Button } from '../../../components/Button';
import { PaidRefunded } from './PaidRefunded';
import { stateWords } from './period';
import { formatCount } from '../../../format/numbers';
import { amountIn, currencyName } from './shared';
import { DataTable, numeric } from '../../../components/DataTable';

/** The money columns of the totals table, by their key in the catalogue (`list:totals.<key>`). */
const MONEY_COLUMNS = ['held', 'captured', 'refunded', 'net'] as const;

/** The totals table's name for the tests. */
const TOTALS_TEST_ID = 'period-totals';

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
      {minor !== 0 ? amountIn(currency, minor) : ''}
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
              <DataTable
                caption={t('caption')}
                data-testid={TOTALS_TEST_ID}
                columns={[t('state'), t('currency'), numeric(t('orders')), ...MONEY_COLUMNS.map((c) => numeric(t(c)))]}
                scroll={false}
                foot={
                  perCurrency.length > 0 ? (
                    <>
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
                    </>
                  ) : undefined
                }
              >
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
              </DataTable>
            </div>
            {chart}
          </>
        )}
      </div>
    </section>
  );
}
