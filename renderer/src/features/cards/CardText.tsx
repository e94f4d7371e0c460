import { useTranslation } from 'react-i18next';
import { Id } from '../../components/Id';
import { i18n } from '../../i18n';

/** YYYYMM as MM/YYYY, as printed on cards. */
export const expiryWords = (expiry: string | undefined) =>
  expiry && /^\d{6}$/.test(expiry) ? `${expiry.slice(4)}/${expiry.slice(0, 4)}` : i18n.t('cards:expiryUnknown');

/** A stored card as every confirmation names it: masked number, payment system, expiry. */
export function CardText({
  card,
}: {
  readonly card: {
    readonly maskedPan?: string | undefined;
    readonly paymentSystem?: string | undefined;
    readonly expiry?: string | undefined;
  };
}) {
  const { t } = useTranslation('cards');
  const expiry = expiryWords(card.expiry);
  return (
    <>
      <Id className="mono" value={card.maskedPan ?? '—'} />
      {card.paymentSystem ? t('cardSystemExpires', { system: card.paymentSystem, expiry }) : t('cardExpires', { expiry })}
    </>
  );
}
