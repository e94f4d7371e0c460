/**
 * Settings → Currencies and per-charge maximums: for each environment, the currencies it accepts (the
 * sandbox says its own; the others are listed here) and the largest amount one charge may have in each,
 * typed as money in that currency and sent to main in its minor units. A change to production's maximum
 * opens a confirmation that restates the old and new value; main refuses the change unless the
 * confirmation names production and the maximum it showed, and audits every change with old and new. Under
 * them, each currency's approval thresholds (ThresholdsOf): above them a refund or a charge waits for a second
 * person.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnvironmentName } from '../../../../main/ipc/contract';
import { errorText } from '../../api/client';
import { useChargeLimits } from '../../api/settings';
import { ENVIRONMENTS } from './shared';
import { LimitsOf } from './LimitsOf';
import { SelectField } from '../../components/SelectField';

export function ChargeLimits({ current }: { readonly current: EnvironmentName }) {
  const id = useId();
  const { t } = useTranslation('settings');
  const [environment, setEnvironment] = useState<EnvironmentName>(current);
  const limits = useChargeLimits(environment);

  return (
    <section className="panel charge-limits" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('limits.title')}</h2>
      <p className="muted">{t('limits.intro')}</p>
      <SelectField
        className="charge-limits-environment"
        label={t('limits.environment')}
        value={environment}
        onChange={(e) => setEnvironment(e.target.value as EnvironmentName)}
      >
        {ENVIRONMENTS.map((e) => (
          <option key={e} value={e}>
            {e === current ? t('limits.inUse', { name: t(`limits.name.${e}`) }) : t(`limits.name.${e}`)}
          </option>
        ))}
      </SelectField>
      {limits.isPending && <p role="status">{t('limits.loading')}</p>}
      {limits.isError && (
        <p className="field-error" role="alert">
          {errorText(limits.error)}
        </p>
      )}
      {limits.data && <LimitsOf key={environment} view={limits.data} />}
    </section>
  );
}
