import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import type { ApprovalAction } from '../../../../main/domain/approvals';
import { call } from '../../api/client';
import { useChargeLimitsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { ConfirmCheck } from '../../components/ConfirmCheck';
import { FormDialog } from '../../components/FormDialog';
import { Term } from '../../components/Term';
import { LimitWhere, NothingChanged } from './LimitChangeParts';
import { formatAmount } from '../../format/money';
import { formatCount } from '../../format/numbers';
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
  const toast = useUi((s) => s.toast);
  const production = environment === 'production';
  const inSentence = t(`limits.inSentence.${environment}`);
  const [checked, setChecked] = useState(!production);
  const after = threshold === null ? undefined : formatAmount(threshold, c.exponent, c.alpha);
  const save = useChargeLimitsChange(() => call('settings.setApprovalThreshold', { environment, currency: c.numeric, action, threshold }), {
    onSuccess: () => {
      toast(
        'success',
        after === undefined
          ? t(`limits.approval.removed.${action}`, { currency: c.alpha, environment: inSentence })
          : t(`limits.approval.changed.${action}`, { currency: c.alpha, environment: inSentence, amount: after }),
      );
      onClose();
    },
  });
  return (
    <FormDialog
      title={t(`limits.approval.confirmTitle.${action}`, { currency: c.alpha, environment: inSentence })}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (checked && !save.isPending) save.mutate();
      }}
      cancel={t('limits.cancel')}
      cancelFocused
      cancelDisabled={save.isPending}
      submit={
        save.isPending
          ? t('limits.saving')
          : after === undefined
            ? t('limits.approval.removeIt')
            : t('limits.approval.setTo', { amount: after })
      }
      variant={production ? 'danger' : 'primary'}
      submitDisabled={!checked || save.isPending}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <LimitWhere environment={environment} currency={c} />
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
      </dl>
      {production && (
        <ConfirmCheck checked={checked} onChange={setChecked}>
          {t('limits.approval.confirm', { currency: c.alpha })}
        </ConfirmCheck>
      )}
      {save.isError && <NothingChanged error={save.error} />}
    </FormDialog>
  );
}
