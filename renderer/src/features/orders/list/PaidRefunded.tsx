/**
 * On the count's line, the money of what the filters show without unfolding the totals per state: per
 * currency, what was captured, what was refunded and the net, and apart from them what is only held, e.g.
 * "Captured RUB 4,599.00 · USD 50.00; Refunded RUB 1,950.00; Net RUB 2,649.00 · USD 50.00 — Held RUB
 * 2,499.00". Summed by moneyByCurrency from the same `totals` as the table per state and the chart, so
 * they always agree; which orders' money that is, main's index says (store/periodIndex.ts query).
 */
import { useTranslation } from 'react-i18next';
import { moneyByCurrency, type CurrencyMoney } from '../../../../../main/domain/moneyTotals';
import type { PeriodTotal } from '../../../../../main/ipc/contract';
import { formatAmount } from '../../../format/money';
import { currencyInfo } from './period';

/**
 * Currencies in view per part: the most used one, the rest under "+N more" (on hover, and read by a screen
 * reader), so that four parts stay one line at 1280 px; the totals table has every currency in full.
 */
const SHOWN = 1;

/** The figures of the line, each a part of its own. */
const FIGURES = ['captured', 'refunded', 'net'] as const;
type Figure = (typeof FIGURES)[number] | 'held';

/** One currency's sum, in minor units. */
export interface CurrencySum {
  readonly currency: string;
  readonly amount: number;
}

export const moneyText = ({ currency, amount }: CurrencySum): string => {
  const c = currencyInfo(currency);
  return formatAmount(amount, c.exponent, c.alpha ?? currency);
};

function Amount({ sum }: { readonly sum: CurrencySum }) {
  return (
    <span className="money-amount" data-currency={sum.currency} data-minor={sum.amount}>
      {moneyText(sum)}
    </span>
  );
}

/**
 * One figure over every currency, the most used first (moneyByCurrency's order, the same in every part);
 * "nothing" where no currency has any of it.
 */
function Part({ kind, money }: { readonly kind: Figure; readonly money: readonly CurrencyMoney[] }) {
  const { t } = useTranslation('list');
  const sums = money.filter((m) => m[kind] !== 0).map((m) => ({ currency: m.currency, amount: m[kind] }));
  const shown = sums.slice(0, SHOWN);
  const rest = sums.slice(SHOWN);
  return (
    <span className="money-part" data-kind={kind}>
      {t(`money.${kind}`)} {sums.length === 0 && t('money.nothing')}
      {shown.map((s, i) => (
        <span key={s.currency}>
          {i > 0 && ' · '}
          <Amount sum={s} />
        </span>
      ))}
      {rest.length > 0 && (
        <>
          {' '}
          {/* The sighted see "+2 more" with the rest on hover; a screen reader reads the rest itself. */}
          <span className="money-more-mark" title={rest.map(moneyText).join(' · ')} aria-hidden="true">
            {t('money.more', { n: rest.length })}
          </span>
          <span className="money-more visually-hidden">
            {rest.map((s) => (
              <span key={s.currency}>
                {' · '}
                <Amount sum={s} />
              </span>
            ))}
          </span>
        </>
      )}
    </span>
  );
}

export function PaidRefunded({ totals }: { readonly totals: readonly PeriodTotal[] }) {
  const money = moneyByCurrency(totals);
  const held = money.some((m) => m.held !== 0);
  return (
    <p className="paid-refunded" data-testid="period-money">
      {FIGURES.map((kind, i) => (
        <span key={kind}>
          {i > 0 && '; '}
          <Part kind={kind} money={money} />
        </span>
      ))}
      {held && (
        <>
          {' — '}
          {/* eslint-disable-next-line i18next/no-literal-string -- the part's kind, for tests and styles */}
          <Part kind="held" money={money} />
        </>
      )}
    </p>
  );
}
