import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { amountProblemText, currencyName, formatAmount, parseMajor } from '../../format/money';
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
  const { t, i18n } = useTranslation('settings');
  const [text, setText] = useState('');
  const parsed = parseMajor(text, c.exponent);
  const error = text !== '' && !parsed.ok ? amountProblemText(i18n, parsed.error) : undefined;
  return (
    <tr data-currency={c.numeric}>
      <th scope="row">
        {c.alpha} <span className="muted">({c.numeric})</span> {currencyName(c.alpha, c.name)}
      </th>
      <td>{maximumWords(c)}</td>
      <td>
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed.ok) onSet(parsed.minor);
          }}
        >
          <Field
            label={t('limits.newMaximumIn', { currency: c.alpha })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            hint={
              parsed.ok
                ? t('limits.perCharge', { amount: formatAmount(parsed.minor, c.exponent, c.alpha) })
                : t('limits.decimals', { currency: c.alpha, count: c.exponent })
            }
            error={error}
          />
          <Button type="submit" variant={environment === 'production' ? 'danger' : 'primary'} disabled={!parsed.ok}>
            {environment === 'production' ? t('limits.change', { currency: c.alpha }) : t('limits.set', { currency: c.alpha })}
          </Button>
        </form>
      </td>
    </tr>
  );
}
