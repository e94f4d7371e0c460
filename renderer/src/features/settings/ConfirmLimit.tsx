import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeLimitsView, CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { errorText } from '../../api/client';
import { useChargeLimitsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { ConfirmCheck } from '../../components/ConfirmCheck';
import { FormDialog } from '../../components/FormDialog';
import { Term } from '../../components/Term';
import { currencyName } from '../../format/money';

/**
 * The confirmation of a change to a limit (a per-charge maximum, an approval threshold): it restates where the
 * limit changes and what it becomes, and sends it. In production nothing is sent before the tick box is ticked.
 */
export function ConfirmLimit({
  environment,
  currency: c,
  title,
  submit,
  productionCheck,
  send,
  done,
  onClose,
  children,
}: {
  readonly environment: EnvironmentName;
  readonly currency: CurrencyLimitView;
  readonly title: string;
  readonly submit: string;
  /** What the production tick box says the person confirms. */
  readonly productionCheck: string;
  readonly send: () => Promise<ChargeLimitsView>;
  /** What the toast says once main took the change. */
  readonly done: string;
  readonly onClose: () => void;
  /** The terms after where: what the limit is now and what it becomes. */
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const toast = useUi((s) => s.toast);
  const production = environment === 'production';
  const [checked, setChecked] = useState(!production);
  const save = useChargeLimitsChange(send, {
    onSuccess: () => {
      toast('success', done);
      onClose();
    },
  });
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={() => {
        if (checked && !save.isPending) save.mutate();
      }}
      cancel={t('limits.cancel')}
      cancelFocused
      cancelDisabled={save.isPending}
      submit={save.isPending ? t('limits.saving') : submit}
      variant={production ? 'danger' : 'primary'}
      submitDisabled={!checked || save.isPending}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <Term label={t('limits.environment')}>
          <strong>{production ? t('limits.production') : t(`limits.name.${environment}`)}</strong>
        </Term>
        <Term label={t('limits.currency')}>
          {c.alpha} ({c.numeric}) {currencyName(c.alpha, c.name)}
        </Term>
        {children}
      </dl>
      {production && (
        <ConfirmCheck checked={checked} onChange={setChecked}>
          {productionCheck}
        </ConfirmCheck>
      )}
      {save.isError && (
        <p className="field-error" role="alert">
          {t('limits.nothingChanged', { reason: errorText(save.error) })}
        </p>
      )}
    </FormDialog>
  );
}
