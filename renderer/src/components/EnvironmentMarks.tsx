/**
 * The environment the app works in, always in view: the badge beside the app's name, and across the top the
 * red band of production. The sign-in screens show them too: who signs in knows where money would move.
 */
import { useTranslation } from 'react-i18next';
import type { EnvironmentName } from '../../../main/ipc/contract';

export function ProductionBand({ environment }: { readonly environment: EnvironmentName | undefined }) {
  const { t } = useTranslation();
  if (environment !== 'production') return null;
  return (
    <div className="production-band" role="note">
      {t('productionBand')}
    </div>
  );
}

export function EnvironmentBadge({ environment }: { readonly environment: EnvironmentName | undefined }) {
  const { t } = useTranslation();
  return (
    <span
      className={`env-badge env-badge-${environment ?? 'unknown'}`}
      aria-label={t('environment.label', { name: environment ? t(`environmentInSentence.${environment}`) : t('environment.loading') })}
    >
      {environment ? t(`environment.${environment}`) : '…'}
    </span>
  );
}
