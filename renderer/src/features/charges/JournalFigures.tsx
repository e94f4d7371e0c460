import { useTranslation } from 'react-i18next';
import type { ChargeView } from '../../../../main/ipc/contract';
import { chargeAmount, standingAmount } from './words';

/**
 * Charged, refunded and net, in the charge's currency. Charged says what the charge asked for where it took
 * another amount (reversed, held, deposited in part); nothing is said of money while the outcome is not known.
 */
export function JournalFigures({ charge: c }: { readonly charge: ChargeView }) {
  const { t } = useTranslation('charges');
  const s = c.standing;
  if (!s) {
    return (
      <>
        <td className="num">
          {chargeAmount(c)}
          <div className="muted figure-note">{c.sending ? t('journal.beingSent') : t('journal.notKnownYet')}</div>
        </td>
        <td className="num muted">–</td>
        <td className="num muted">–</td>
      </>
    );
  }
  return (
    <>
      <td className="num" data-figure="charged">
        {standingAmount(c, s.charged)}
        {s.charged !== c.amount && <div className="muted figure-note">{t('journal.ofAmount', { amount: chargeAmount(c) })}</div>}
      </td>
      <td className="num" data-figure="refunded">
        {standingAmount(c, s.refunded)}
      </td>
      <td className="num" data-figure="net">
        <strong>{standingAmount(c, s.net)}</strong>
      </td>
    </>
  );
}
