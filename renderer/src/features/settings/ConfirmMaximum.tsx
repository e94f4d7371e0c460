import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { formatAmount } from '../../format/money';
import { formatCount } from '../../format/numbers';
import { Term } from '../../components/Term';
import { ConfirmLimit } from './ConfirmLimit';
import { maximumWords } from './shared';

/**
 * Restates the change and sends it. In production nothing is sent until the tick box is ticked, and the
 * confirmation carries the maximum shown here, which main compares with the one it has.
 */
export function ConfirmMaximum({
  environment,
  currency: c,
  maximum,
  onClose,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly maximum: number;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const inSentence = t(`limits.inSentence.${environment}`);
  const after = formatAmount(maximum, c.exponent, c.alpha);
  const confirmation = { environment: 'production', previous: c.maximum ?? null } as const;
  const send = () =>
    call('settings.setChargeMaximum', {
      environment,
      currency: c.numeric,
      maximum,
      ...(environment === 'production' ? { confirmation } : {}),
    });
  return (
    <ConfirmLimit
      environment={environment}
      currency={c}
      title={t('limits.confirmTitle', { currency: c.alpha, environment: inSentence })}
      submit={t('limits.setTo', { currency: c.alpha, amount: after })}
      productionCheck={t('limits.confirm', { currency: c.alpha })}
      send={send}
      done={t('limits.changed', { currency: c.alpha, environment: inSentence, amount: after })}
      onClose={onClose}
    >
      <Term label={t('limits.now')}>{maximumWords(c)}</Term>
      <Term label={t('limits.newMaximum')}>
        <strong className="confirm-amount">{after}</strong>
        <div className="muted">{t('limits.minorUnits', { units: formatCount(maximum), currency: c.alpha })}</div>
      </Term>
    </ConfirmLimit>
  );
}
