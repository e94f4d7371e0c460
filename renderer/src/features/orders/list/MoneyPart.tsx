import { useTranslation } from 'react-i18next';
import { type CurrencyMoney } from '../../../../../main/domain/moneyTotals';
import { amountIn, type Figure } from './shared';
import { MoneyAmount } from './MoneyAmount';

/**
 * Currencies in view per part: the most used one, the rest under "+N more" (on hover, and read by a screen
 * reader), so that four parts stay one line at 1280 px; the totals table has every currency in full.
 */
const SHOWN = 1;

/**
 * One figure over every currency, the most used first (moneyByCurrency's order, the same in every part);
 * "nothing" where no currency has any of it.
 */
export function MoneyPart({ kind, money }: { readonly kind: Figure; readonly money: readonly CurrencyMoney[] }) {
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
          <MoneyAmount sum={s} />
        </span>
      ))}
      {rest.length > 0 && (
        <>
          {' '}
          {/* The sighted see "+2 more" with the rest on hover; a screen reader reads the rest itself. */}
          <span className="money-more-mark" title={rest.map((s) => amountIn(s.currency, s.amount)).join(' · ')} aria-hidden="true">
            {t('money.more', { n: rest.length })}
          </span>
          <span className="money-more visually-hidden">
            {rest.map((s) => (
              <span key={s.currency}>
                {' · '}
                <MoneyAmount sum={s} />
              </span>
            ))}
          </span>
        </>
      )}
    </span>
  );
}
