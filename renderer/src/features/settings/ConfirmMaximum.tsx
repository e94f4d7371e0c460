import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyLimitView, EnvironmentName } from '../../../../main/ipc/contract';
import { call, errorText } from '../../api/client';
import { useChargeLimitsChange } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { currencyName, formatAmount } from '../../format/money';
import { formatCount } from '../../format/numbers';
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
  const id = useId();
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
    <Dialog title={t('limits.confirmTitle', { currency: c.alpha, environment: inSentence })} open onClose={onClose} busy={save.isPending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !save.isPending) save.mutate();
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>{t('limits.environment')}</dt>
          <dd>
            <strong>{production ? t('limits.production') : t(`limits.name.${environment}`)}</strong>
          </dd>
          <dt>{t('limits.currency')}</dt>
          <dd>
            {c.alpha} ({c.numeric}) {currencyName(c.alpha, c.name)}
          </dd>
          <dt>{t('limits.now')}</dt>
          <dd>{maximumWords(c)}</dd>
          <dt>{t('limits.newMaximum')}</dt>
          <dd>
            <strong className="confirm-amount">{after}</strong>
            <div className="muted">{t('limits.minorUnits', { units: formatCount(maximum), currency: c.alpha })}</div>
          </dd>
        </dl>
        {production && (
          <label className="checkbox confirm-check">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} id={`${id}-check`} />{' '}
            {t('limits.confirm', { currency: c.alpha })}
          </label>
        )}
        {save.isError && (
          <p className="field-error" role="alert">
            {t('limits.nothingChanged', { reason: errorText(save.error) })}
          </p>
        )}
        <div className="dialog-buttons">
          <Button onClick={onClose} data-autofocus disabled={save.isPending}>
            {t('limits.cancel')}
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || save.isPending}>
            {save.isPending ? t('limits.saving') : t('limits.setTo', { currency: c.alpha, amount: after })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
