import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import type { ApprovalAction } from '../../../../main/domain/approvals';
import { Button } from '../../components/Button';
import { LimitAmountForm } from './LimitAmountForm';
import { thresholdWords } from './shared';

/**
 * One currency's threshold for one action: as it is, and (where `onSet` is given) a new one typed in major units
 * and checked as it is typed, or the one there removed (null).
 */
export function ThresholdCell({
  environment,
  currency: c,
  action,
  onSet,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly action: ApprovalAction;
  readonly onSet: ((threshold: number | null) => void) | undefined;
}) {
  const { t } = useTranslation('settings');
  return (
    <>
      <p className="threshold-now">{thresholdWords(c, action)}</p>
      {onSet && (
        <LimitAmountForm
          currency={c}
          label={t(`limits.approval.newIn.${action}`, { currency: c.alpha })}
          hint={(amount) => t('limits.approval.hint', { amount })}
          submit={t(`limits.approval.set.${action}`, { currency: c.alpha })}
          danger={environment === 'production'}
          onSet={onSet}
        >
          {c.approvalThresholds[action] !== undefined && (
            <Button onClick={() => onSet(null)}>{t(`limits.approval.remove.${action}`, { currency: c.alpha })}</Button>
          )}
        </LimitAmountForm>
      )}
    </>
  );
}
