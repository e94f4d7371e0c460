import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { errorText } from '../../api/client';
import { Term } from '../../components/Term';
import { currencyName } from '../../format/money';

/** Where a limit changes, as both its confirmations (a maximum, an approval threshold) restate it first. */
export function LimitWhere({ environment, currency: c }: { readonly environment: EnvironmentName; readonly currency: CurrencyLimitView }) {
  const { t } = useTranslation('settings');
  const production = environment === 'production';
  return (
    <>
      <Term label={t('limits.environment')}>
        <strong>{production ? t('limits.production') : t(`limits.name.${environment}`)}</strong>
      </Term>
      <Term label={t('limits.currency')}>
        {c.alpha} ({c.numeric}) {currencyName(c.alpha, c.name)}
      </Term>
    </>
  );
}

/** A change main refused: nothing changed, and why. */
export function NothingChanged({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('settings');
  return (
    <p className="field-error" role="alert">
      {t('limits.nothingChanged', { reason: errorText(error) })}
    </p>
  );
}
