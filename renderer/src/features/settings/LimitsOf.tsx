import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView, CurrencyLimitView } from '../../../../main/ipc/contract';
import { MaximumRow } from './MaximumRow';
import { ConfirmMaximum } from './ConfirmMaximum';
import { AcceptedCurrencies } from './AcceptedCurrencies';

export function LimitsOf({ view }: { readonly view: ChargeLimitsView }) {
  const { t } = useTranslation('settings');
  const [changing, setChanging] = useState<{ readonly currency: CurrencyLimitView; readonly maximum: number }>();
  const environment = t(`limits.inSentence.${view.environment}`);
  return (
    <>
      {view.currenciesFrom === 'sandbox' ? <p>{t('limits.sandboxCurrencies')}</p> : <AcceptedCurrencies view={view} />}
      {view.currencies.length === 0 ? (
        <p role="status">{t('limits.noCurrencies', { environment })}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('limits.caption', { environment })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('limits.currency')}</th>
              <th scope="col">{t('limits.maximum')}</th>
              <th scope="col">{t('limits.newMaximum')}</th>
            </tr>
          </thead>
          <tbody>
            {view.currencies.map((c) => (
              <MaximumRow
                key={c.numeric}
                environment={view.environment}
                currency={c}
                onSet={(maximum) => setChanging({ currency: c, maximum })}
              />
            ))}
          </tbody>
        </table>
      )}
      {changing && (
        <ConfirmMaximum
          environment={view.environment}
          currency={changing.currency}
          maximum={changing.maximum}
          onClose={() => setChanging(undefined)}
        />
      )}
    </>
  );
}
