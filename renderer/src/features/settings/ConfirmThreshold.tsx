import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import type { ApprovalAction } from '../../../../main/domain/approvals';
import { call } from '../../api/client';
import { Term } from '../../components/Term';
import { formatAmount } from '../../format/money';
import { formatCount } from '../../format/numbers';
import { ConfirmLimit } from './ConfirmLimit';
import { thresholdWords } from './shared';

/** A threshold to set (minor units), or to remove (null). */
export interface ThresholdChange {
  readonly currency: CurrencyLimitView;
  readonly action: ApprovalAction;
  readonly threshold: number | null;
}

/** Restates a change of an approval threshold and sends it; in production, not before the tick box is ticked. */
export function ConfirmThreshold({
  environment,
  change: { currency: c, action, threshold },
  onClose,
}: {
  readonly environment: EnvironmentName;
  readonly change: ThresholdChange;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const inSentence = t(`limits.inSentence.${environment}`);
  const after = threshold === null ? undefined : formatAmount(threshold, c.exponent, c.alpha);
  const send = () => call('settings.setApprovalThreshold', { environment, currency: c.numeric, action, threshold });
  return (
    <ConfirmLimit
      environment={environment}
      currency={c}
      title={t(`limits.approval.confirmTitle.${action}`, { currency: c.alpha, environment: inSentence })}
      submit={after === undefined ? t('limits.approval.removeIt') : t('limits.approval.setTo', { amount: after })}
      productionCheck={t('limits.approval.confirm', { currency: c.alpha })}
      send={send}
      done={
        after === undefined
          ? t(`limits.approval.removed.${action}`, { currency: c.alpha, environment: inSentence })
          : t(`limits.approval.changed.${action}`, { currency: c.alpha, environment: inSentence, amount: after })
      }
      onClose={onClose}
    >
      <Term label={t('limits.approval.applies')}>{t(`limits.approval.action.${action}`)}</Term>
      <Term label={t('limits.now')}>{thresholdWords(c, action)}</Term>
      <Term label={t('limits.approval.next')}>
        {threshold === null ? (
          t('limits.approval.none')
        ) : (
          <>
            <strong className="confirm-amount">{after}</strong>
            <div className="muted">{t('limits.minorUnits', { units: formatCount(threshold), currency: c.alpha })}</div>
          </>
        )}
      </Term>
    </ConfirmLimit>
  );
}
