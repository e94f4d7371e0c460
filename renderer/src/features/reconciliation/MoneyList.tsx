import { netOf } from '../../../../main/domain/orderMoney';
import { type MovedMoney } from '../../../../main/ipc/contract';
import { formatMinorIn } from '../../format/money';
import { type MONEY_COLUMNS } from './shared';

export function MoneyList({
  amounts,
  figure,
}: {
  readonly amounts: readonly MovedMoney[];
  readonly figure: (typeof MONEY_COLUMNS)[number];
}) {
  const shown = amounts
    .map((a) => ({ currency: a.currency, minor: figure === 'net' ? netOf(a) : a[figure] }))
    // Nothing held is the usual case: said by the dash, not by a zero per currency.
    .filter((a) => figure !== 'held' || a.minor !== 0);
  if (shown.length === 0) return <>–</>;
  return (
    <>
      {shown.map((a) => (
        <div key={a.currency}>{formatMinorIn(a.minor, a.currency)}</div>
      ))}
    </>
  );
}
