import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useStoredCards } from '../../api/storedCards';
import { Button } from '../../components/Button';
import { expiryWords } from '../cards/CardText';
import { categoryWords } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { type CardChoice, chargeable } from './shared';
import { SearchRow } from '../../components/SearchRow';

/** A client's chargeable cards, to pick one: the same list Stored cards shows, without the disabled or expired. */
export function CardPicker({ onPick }: { readonly onPick: (c: CardChoice) => void }) {
  const id = useId();
  const { t } = useTranslation('charges');
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState<string>();
  const found = useStoredCards(clientId !== undefined ? { by: 'clientId', value: clientId } : undefined);
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage('clientId') : undefined;
  const cards = (found.data ? [...found.data.groups.common, ...found.data.groups.recurrent, ...found.data.groups.installment] : []).filter(
    chargeable,
  );

  return (
    <fieldset className="card-picker">
      <legend>{t('term.card')}</legend>
      {/* Inside the charge form: the button and Enter find without submitting it. */}
      <SearchRow
        label={t('term.clientId')}
        text={text}
        onText={setText}
        hint={t('picker.clientHint')}
        error={fieldError}
        find={{ idle: t('picker.find'), pending: t('picker.finding') }}
        finding={found.isFetching}
        onFind={() => setClientId(text.trim())}
      />
      {found.isError && !fieldError && <ErrorNotice className="field-error" error={found.error} lead={t('picker.listFailed')} />}
      {found.data && cards.length === 0 && (
        <p role="status" className="muted">
          {t('picker.none', { client: found.data.query })}
        </p>
      )}
      {cards.length > 0 && (
        <ul className="card-choices" aria-label={t('picker.cardsOf', { client: found.data?.query ?? '' })} id={`${id}-cards`}>
          {cards.map((c) => (
            <li key={c.bindingId}>
              <span className="badge tone-neutral">{categoryWords(c.category as CardChoice['category'])}</span>{' '}
              <Trans
                t={t}
                i18nKey="picker.card"
                values={{ card: c.maskedPan ?? c.bindingId, system: c.paymentSystem ?? '', expiry: expiryWords(c.expiry) }}
                components={{ mono: <span className="mono" /> }}
              />{' '}
              <Button
                className="btn-small"
                aria-label={t(`picker.chooseCard.${c.category as CardChoice['category']}`, { card: c.maskedPan ?? c.bindingId })}
                onClick={() =>
                  onPick({
                    bindingId: c.bindingId,
                    clientId: found.data!.query,
                    category: c.category as CardChoice['category'],
                    ...(c.maskedPan ? { maskedPan: c.maskedPan } : {}),
                    ...(c.paymentSystem ? { paymentSystem: c.paymentSystem } : {}),
                    ...(c.expiry ? { expiry: c.expiry } : {}),
                  })
                }
              >
                {t('picker.choose')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
