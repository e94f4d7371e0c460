import { useTranslation } from 'react-i18next';
import type { MovedMoney } from '../../../../main/ipc/contract';
import { formatMinorIn } from '../../format/money';
import { CAPTURED, type REFUNDED } from './shared';

export function MoneyLines({
  money,
  figure,
}: {
  readonly money: readonly MovedMoney[];
  readonly figure: typeof CAPTURED | typeof REFUNDED;
}) {
  const { t } = useTranslation('customers');
  if (money.length === 0) return <>–</>;
  return (
    <>
      {money.map((m) => (
        <div key={m.currency} className="money-line">
          {formatMinorIn(m[figure], m.currency)}
          {figure === CAPTURED && m.held > 0 && (
            <div className="muted figure-note">{t('held', { amount: formatMinorIn(m.held, m.currency) })}</div>
          )}
        </div>
      ))}
    </>
  );
}
