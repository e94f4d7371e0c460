import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useChargeLimitsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { formatAmount } from '../../format/money';
import { formatCount } from '../../format/numbers';
import { maximumWords } from './shared';
import { FormDialog } from '../../components/FormDialog';
import { ConfirmCheck } from '../../components/ConfirmCheck';
import { Term } from '../../components/Term';
import { LimitWhere, NothingChanged } from './LimitChangeParts';

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
  const toast = useUi((s) => s.toast);
  const production = environment === 'production';
  const inSentence = t(`limits.inSentence.${environment}`);
  const [checked, setChecked] = useState(!production);
  const after = formatAmount(maximum, c.exponent, c.alpha);
  const save = useChargeLimitsChange(
    () =>
      call('settings.setChargeMaximum', {
        environment,
        currency: c.numeric,
        maximum,
        ...(production ? { confirmation: { environment: 'production' as const, previous: c.maximum ?? null } } : {}),
      }),
    {
      onSuccess: () => {
        toast('success', t('limits.changed', { currency: c.alpha, environment: inSentence, amount: after }));
        onClose();
      },
    },
  );
  return (
    <FormDialog
      title={t('limits.confirmTitle', { currency: c.alpha, environment: inSentence })}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (checked && !save.isPending) save.mutate();
      }}
      cancel={t('limits.cancel')}
      cancelFocused
      cancelDisabled={save.isPending}
      submit={save.isPending ? t('limits.saving') : t('limits.setTo', { currency: c.alpha, amount: after })}
      variant={production ? 'danger' : 'primary'}
      submitDisabled={!checked || save.isPending}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <LimitWhere environment={environment} currency={c} />
        <Term label={t('limits.now')}>{maximumWords(c)}</Term>
        <Term label={t('limits.newMaximum')}>
          <strong className="confirm-amount">{after}</strong>
          <div className="muted">{t('limits.minorUnits', { units: formatCount(maximum), currency: c.alpha })}</div>
        </Term>
      </dl>
      {production && (
        <ConfirmCheck checked={checked} onChange={setChecked}>
          {t('limits.confirm', { currency: c.alpha })}
        </ConfirmCheck>
      )}
      {save.isError && <NothingChanged error={save.error} />}
    </FormDialog>
  );
}
