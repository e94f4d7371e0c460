import { useTranslation } from 'react-i18next';
import type { StoredCardView } from '../../../../../main/ipc/contract';
import { useStoredCards } from '../../../api/storedCards';
import { Copyable } from '../../../components/Copyable';
import { Id } from '../../../components/Id';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { mayCall } from '../../session/access';
import { useOffered } from '../../session/offered';
import { DataTable } from '../../../components/DataTable';

/** The catalogue's word for each category of stored card (`list:client.<key>`). */
const CATEGORY_KEYS = {
  COMMON: 'categoryCommon',
  RECURRENT: 'categoryRecurrent',
  INSTALLMENT: 'categoryInstallment',
  UNKNOWN: 'categoryUnknown',
} as const satisfies Record<StoredCardView['category'], string>;

/** A client's stored cards as the gateway lists them now, expired ones too; support is told they are not shown. */
export function ClientCards({ clientId }: { readonly clientId: string }) {
  const { t } = useTranslation('list', { keyPrefix: 'client' });
  const session = useOffered();
  const allowed = mayCall(session, 'cards.find');
  const found = useStoredCards({ by: 'clientId', value: clientId }, { showExpired: true, enabled: allowed });
  if (!session) return null;
  if (!allowed) return <p className="muted">{t('cardsNotShown')}</p>;
  if (found.isError) return <ErrorNotice lead={t('cardsFailed')} error={found.error} />;
  if (!found.data) return <p className="muted">{t('cardsReading')}</p>;
  const { groups, other } = found.data;
  const cards = [...groups.common, ...groups.recurrent, ...groups.installment, ...other];
  if (cards.length === 0) return <p>{t('noCards')}</p>;
  return (
    <DataTable label={t('cardsTable')} columns={[t('card'), t('category'), t('paymentSystem'), t('expiry'), t('state'), t('bindingId')]}>
      {cards.map((c) => (
        <tr key={c.bindingId}>
          <td className="mono">
            <Id value={c.maskedPan ?? '—'} />
          </td>
          <td>{t(CATEGORY_KEYS[c.category])}</td>
          <td>
            <Id value={c.paymentSystem ?? '—'} />
          </td>
          <td>{c.expiry ? `${c.expiry.slice(4, 6)}/${c.expiry.slice(0, 4)}` : '—'}</td>
          <td>{!c.enabled ? t('disabled') : c.expired ? t('expired') : c.expiresSoon ? t('expiresSoon') : t('enabled')}</td>
          <td>
            <Copyable value={c.bindingId} what={t('bindingIdWhat')} className="mono id-value" />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
