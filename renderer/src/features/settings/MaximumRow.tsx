import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { currencyName } from '../../format/money';
import { LimitAmountForm } from './LimitAmountForm';
import { maximumWords } from './shared';

/** One currency's maximum, typed in major units and checked as it is typed (decimals as the currency has). */
export function MaximumRow({
  environment,
  currency: c,
  onSet,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly onSet: (maximum: number) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <tr data-currency={c.numeric}>
      <th scope="row">
        {c.alpha} <span className="muted">({c.numeric})</span> {currencyName(c.alpha, c.name)}
      </th>
      <td>{maximumWords(c)}</td>
      <td>
        <LimitAmountForm
          currency={c}
          label={t('limits.newMaximumIn', { currency: c.alpha })}
          hint={(amount) => t('limits.perCharge', { amount })}
          submit={environment === 'production' ? t('limits.change', { currency: c.alpha }) : t('limits.set', { currency: c.alpha })}
          danger={environment === 'production'}
          onSet={onSet}
        />
      </td>
    </tr>
  );
}
