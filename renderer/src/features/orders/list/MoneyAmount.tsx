import { amountIn } from './shared';

/** One currency's sum, in minor units. */
interface CurrencySum {
  readonly currency: string;
  readonly amount: number;
}

/** One currency's sum on the money line, with its currency and minor units for tests and styles. */
export function MoneyAmount({ sum }: { readonly sum: CurrencySum }) {
  return (
    <span className="money-amount" data-currency={sum.currency} data-minor={sum.amount}>
      {amountIn(sum.currency, sum.amount)}
    </span>
  );
}
