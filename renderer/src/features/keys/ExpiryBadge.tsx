import { useTranslation } from 'react-i18next';
import type { SigningKeyView } from '../../../../main/ipc/contract';

export function ExpiryBadge({ k, warningDays }: { readonly k: SigningKeyView; readonly warningDays: number }) {
  const { t } = useTranslation('keys');
  if (k.state === 'retired') return null;
  if (k.expired) return <span className="badge tone-danger">{t('expiry.expired')}</span>;
  if (k.expiresSoon)
    return (
      <span className="badge tone-warning" title={t('expiry.within', { count: warningDays })}>
        {k.daysLeft < 1 ? t('expiry.today') : t('expiry.in', { count: k.daysLeft })}
      </span>
    );
  return null;
}
