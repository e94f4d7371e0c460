import { useTranslation } from 'react-i18next';
import type { StoredCardView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/settings';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/Copyable';
import { Id } from '../../components/Id';
import { CardState } from './CardState';
import { type Confirming } from './shared';
import { expiryWords } from './CardText';

export function CardRow({
  card,
  soonDays,
  onAction,
}: {
  readonly card: StoredCardView;
  readonly soonDays: number;
  readonly onAction: (c: Confirming) => void;
}) {
  const { t } = useTranslation('cards');
  const chargeCard = useUi((s) => s.chargeCard);
  const showClient = useUi((s) => s.showClient);
  const environment = useAppInfo().data?.environment;
  const name = card.maskedPan ?? card.bindingId;
  const ask = {
    extend: () => onAction({ action: 'extend', card }),
    disable: () => onAction({ action: 'disable', card }),
    enable: () => onAction({ action: 'enable', card }),
  };
  const chargeable = card.enabled && !card.expired && card.category !== 'UNKNOWN' && environment !== undefined;
  return (
    <tr data-binding-id={card.bindingId}>
      <td>
        <Id className="mono" value={card.maskedPan ?? '—'} />
      </td>
      <td>
        <Id value={card.paymentSystem ?? '—'} />
      </td>
      <td>{expiryWords(card.expiry)}</td>
      <td>
        <CardState card={card} soonDays={soonDays} />
      </td>
      <td>
        <Copyable value={card.bindingId} what={t('copyBindingId', { name })} className="mono id-value" />
      </td>
      <td>
        {card.clientId !== undefined ? (
          <>
            <Copyable value={card.clientId} what={t('copyClientId', { name })} className="mono id-value" />
            <button type="button" className="link-button" onClick={() => showClient(card.clientId!)}>
              {t('openClient')}
            </button>
          </>
        ) : (
          <span className="muted">{t('clientUnknown')}</span>
        )}
      </td>
      <td>
        <div className="button-row">
          {chargeable && (
            <Button
              className="btn-small"
              variant="primary"
              aria-label={t('action.chargeLabel', { name })}
              onClick={() => {
                chargeCard({
                  environment,
                  bindingId: card.bindingId,
                  ...(card.clientId !== undefined ? { clientId: card.clientId } : {}),
                  category: card.category as 'COMMON' | 'RECURRENT' | 'INSTALLMENT',
                  ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
                  ...(card.paymentSystem ? { paymentSystem: card.paymentSystem } : {}),
                  ...(card.expiry ? { expiry: card.expiry } : {}),
                });
              }}
            >
              {t('action.charge')}
            </Button>
          )}
          {card.enabled ? (
            <>
              <Button className="btn-small" aria-label={t('action.extendLabel', { name })} onClick={ask.extend}>
                {t('action.extend')}
              </Button>
              <Button className="btn-small" variant="danger" aria-label={t('action.disableLabel', { name })} onClick={ask.disable}>
                {t('action.disable')}
              </Button>
            </>
          ) : (
            <Button className="btn-small" aria-label={t('action.enableLabel', { name })} onClick={ask.enable}>
              {t('action.enable')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
