/**
 * A stored card's state as badges, the same wherever a card is listed (Stored cards, a customer's detail):
 * enabled, or what stands in its way (expired, expiring soon, disabled from this app).
 */
import { useTranslation } from 'react-i18next';
import type { StoredCardView } from '../../../../main/ipc/contract';
import { formatDateTime } from '../../format/dates';

/** soonDays: how near an expiry counts as soon, said in the badge's title where known. */
export function CardState({ card, soonDays }: { readonly card: StoredCardView; readonly soonDays?: number }) {
  const { t } = useTranslation('cards');
  return (
    <div className="button-row">
      {card.enabled && !card.expired && !card.expiresSoon && <span className="badge tone-success">{t('badge.enabled')}</span>}
      {card.expired && <span className="badge tone-danger">{t('badge.expired')}</span>}
      {card.expiresSoon && (
        <span className="badge tone-warning" title={soonDays !== undefined ? t('badge.endsWithin', { count: soonDays }) : undefined}>
          {t('badge.expiresSoon')}
        </span>
      )}
      {!card.enabled && (
        <span
          className="badge tone-neutral"
          title={card.disabledAt ? t('badge.disabledAt', { time: formatDateTime(card.disabledAt) }) : undefined}
        >
          {t('badge.disabled')}
        </span>
      )}
    </div>
  );
}
