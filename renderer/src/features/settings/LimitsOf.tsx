import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView, CurrencyLimitView } from '../../../../main/ipc/contract';
import { MaximumRow } from './MaximumRow';
import { ConfirmMaximum } from './ConfirmMaximum';
import { AcceptedCurrencies } from './AcceptedCurrencies';
import { DataTable } from '../../components/DataTable';
import { ThresholdsOf } from './ThresholdsOf';

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
        <DataTable
          caption={t('limits.caption', { environment })}
          columns={[t('limits.currency'), t('limits.maximum'), t('limits.newMaximum')]}
          scroll={false}
        >
          {view.currencies.map((c) => (
            <MaximumRow
              key={c.numeric}
              environment={view.environment}
              currency={c}
              onSet={(maximum) => setChanging({ currency: c, maximum })}
            />
          ))}
        </DataTable>
      )}
      {view.currencies.length > 0 && <ThresholdsOf view={view} />}
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
