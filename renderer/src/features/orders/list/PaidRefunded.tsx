/**
 * On the count's line, the money of what the filters show without unfolding the totals per state: per
 * currency, what was paid (amount held + charged) and what was refunded, e.g. "Paid RUB 1,234.00 · USD
 * 50.00 — Refunded RUB 12.00". Summed from the same `totals` as the table per state, so the two always
 * agree. A partial refund leaves an order charged and its refunded part is not in the totals: "Refunded"
 * is the amount of the orders in the Refunded state, which the table per state says the same way.
 */
import { useTranslation } from 'react-i18next';
import type { OrderStatusCode, PeriodTotal } from '../../../../../main/services/periodViews';
import { formatAmount } from '../../../format/money';
import { currencyInfo } from './period';

/** The states whose amount the gateway took: held (1) and charged (2). */
const PAID: readonly OrderStatusCode[] = [1, 2];
const REFUNDED: readonly OrderStatusCode[] = [4];
/** Currencies in view per part; the rest go under "+N more" so the line stays one line at 1280 px. */
const SHOWN = 3;

/** One currency's sum, in minor units. */
export interface CurrencySum {
  readonly currency: string;
  readonly amount: number;
}

export interface PaidRefundedSums {
  readonly paid: readonly CurrencySum[];
  readonly refunded: readonly CurrencySum[];
}

/**
 * Paid and refunded per currency, the currency with the most orders first in both parts (so "+N more"
 * hides the same, least used ones); a currency with no order of a part is left out of that part.
 */
export function paidRefundedSums(totals: readonly PeriodTotal[]): PaidRefundedSums {
  const orders = new Map<string, number>();
  for (const t of totals) orders.set(t.currency, (orders.get(t.currency) ?? 0) + t.count);
  const byUse = [...orders.keys()].sort((a, b) => orders.get(b)! - orders.get(a)! || a.localeCompare(b));
  const part = (states: readonly OrderStatusCode[]): CurrencySum[] =>
    byUse.flatMap((currency) => {
      const rows = totals.filter((t) => t.currency === currency && states.includes(t.status));
      if (rows.every((t) => t.count === 0)) return [];
      return [{ currency, amount: rows.reduce((sum, t) => sum + t.amount, 0) }];
    });
  return { paid: part(PAID), refunded: part(REFUNDED) };
}

const money = ({ currency, amount }: CurrencySum): string => {
  const c = currencyInfo(currency);
  return formatAmount(amount, c.exponent, c.alpha ?? currency);
};

function Amount({ sum }: { readonly sum: CurrencySum }) {
  return (
    <span className="money-amount" data-currency={sum.currency} data-minor={sum.amount}>
      {money(sum)}
    </span>
  );
}

function Part({
  kind,
  label,
  sums,
}: {
  readonly kind: 'paid' | 'refunded';
  readonly label: string;
  readonly sums: readonly CurrencySum[];
}) {
  const { t } = useTranslation('list');
  const shown = sums.slice(0, SHOWN);
  const rest = sums.slice(SHOWN);
  return (
    <span className="money-part" data-kind={kind}>
      {label} {sums.length === 0 && t('money.nothing')}
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
          <span className="money-more-mark" title={rest.map(money).join(' · ')} aria-hidden="true">
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
  const { t } = useTranslation('list');
  const { paid, refunded } = paidRefundedSums(totals);
  return (
    <p className="paid-refunded" data-testid="period-money">
      {/* eslint-disable-next-line i18next/no-literal-string -- the part's kind, for tests and styles */}
      <Part kind="paid" label={t('money.paid')} sums={paid} />
      {' — '}
      {/* eslint-disable-next-line i18next/no-literal-string -- the part's kind, for tests and styles */}
      <Part kind="refunded" label={t('money.refunded')} sums={refunded} />
    </p>
  );
}
