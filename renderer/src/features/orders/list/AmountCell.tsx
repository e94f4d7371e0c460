import { useTranslation } from 'react-i18next';
import type { PeriodOrder } from '../../../../../main/ipc/contract';
import { amountIn, inPart } from './shared';

/**
 * The amount: the order's, or where only part of it was held or captured, that part of it ("RUB 600.00" over "of
 * RUB 800.00", said in full to a screen reader and on hover: "Charged RUB 600.00 of RUB 800.00").
 */
export function AmountCell({ order: o }: { readonly order: PeriodOrder }) {
  const { t } = useTranslation('list', { keyPrefix: 'row' });
  const part = inPart(o);
  if (!part)
    return (
      <div role="cell" className="num">
        {amountIn(o.currency, o.amount)}
      </div>
    );
  const amount = amountIn(o.currency, o.amount);
  const moved = amountIn(o.currency, part === 'held' ? o.held : o.captured);
  const full = part === 'held' ? t('heldOfFull', { held: moved, amount }) : t('chargedOfFull', { captured: moved, amount });
  return (
    <div role="cell" className="num" title={full} data-part={part}>
      <span aria-hidden="true">
        {moved}
        <span className="amount-of">{t('of', { amount })}</span>
      </span>
      <span className="visually-hidden">{full}</span>
    </div>
  );
}
