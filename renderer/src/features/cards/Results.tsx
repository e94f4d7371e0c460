import { useTranslation } from 'react-i18next';
import type { StoredCardsFound } from '../../../../main/ipc/contract';
import { describeSearch, GROUPS, type Confirming } from './shared';
import { CardRow } from './CardRow';
import { DataTable } from '../../components/DataTable';

/** The columns, by their key in the catalogue (`cards:columns.<key>`). */
const COLUMNS = ['card', 'paymentSystem', 'expiry', 'state', 'bindingId', 'clientId', 'actions'] as const;

export function Results({ found, onAction }: { readonly found: StoredCardsFound; readonly onAction: (c: Confirming) => void }) {
  const { t } = useTranslation('cards');
  const what = describeSearch(found);
  const groups = [...GROUPS, ...(found.other.length > 0 ? (['other'] as const) : [])];
  const cardsOf = (key: (typeof groups)[number]) => (key === 'other' ? found.other : found.groups[key]);
  return (
    <div className="cards-results" aria-label={t('found')}>
      <p role="status" className="muted">
        {found.total === 0
          ? t(found.showExpired ? 'none' : 'noneHidden', { what })
          : t(found.showExpired ? 'totalWithExpired' : 'total', { count: found.total, what })}
      </p>
      {found.total > 0 &&
        groups.map((key) => {
          const cards = cardsOf(key);
          return (
            <section key={key} className="panel" aria-labelledby={`group-${key}`}>
              <h2 id={`group-${key}`}>
                {t(`group.${key}`)} <span className="muted">{t('groupCount', { number: cards.length })}</span>
              </h2>
              {cards.length === 0 ? (
                <p className="muted">{t(`groupEmpty.${key}`)}</p>
              ) : (
                <DataTable caption={t(`groupCaption.${key}`)} className="cards-table" columns={COLUMNS.map((c) => t(`columns.${c}`))}>
                  {cards.map((c) => (
                    <CardRow key={c.bindingId} card={c} soonDays={found.expirySoonDays} onAction={onAction} />
                  ))}
                </DataTable>
              )}
            </section>
          );
        })}
    </div>
  );
}
