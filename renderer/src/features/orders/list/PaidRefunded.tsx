/**
 * On the count's line, the money of what the filters show without unfolding the totals per state: per
 * currency, what was captured, what was refunded and the net, and apart from them what is only held, e.g.
 * "Captured RUB 4,599.00 · USD 50.00; Refunded RUB 1,950.00; Net RUB 2,649.00 · USD 50.00 — Held RUB
 * 2,499.00". Summed by moneyByCurrency from the same `totals` as the table per state and the chart, so
 * they always agree; which orders' money that is, main's index says (store/periodIndex.ts query).
 */
import { moneyByCurrency } from '../../../../../main/domain/moneyTotals';
import type { PeriodTotal } from '../../../../../main/ipc/contract';
import { FIGURES } from './shared';
import { MoneyPart } from './MoneyPart';

export function PaidRefunded({ totals }: { readonly totals: readonly PeriodTotal[] }) {
  const money = moneyByCurrency(totals);
  const held = money.some((m) => m.held !== 0);
  return (
    <p className="paid-refunded" data-testid="period-money">
      {FIGURES.map((kind, i) => (
        <span key={kind}>
          {i > 0 && '; '}
          <MoneyPart kind={kind} money={money} />
        </span>
      ))}
      {held && (
        <>
          {' — '}
          {/* eslint-disable-next-line i18next/no-literal-string -- the part's kind, for tests and styles */}
          <MoneyPart kind="held" money={money} />
        </>
      )}
    </p>
  );
}
