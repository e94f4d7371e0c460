/**
 * Stored cards (bindings): one search by client ID, binding ID or card number; the cards found grouped
 * under Common, Recurrent and Installment with the masked card, payment system, expiry and badges for
 * expired, expiring soon and disabled; disable, re-enable and extend expiry, each behind a confirmation
 * that names the client, the masked card, the category and what changes; and "Charge this card", which
 * hands the card to the Charges workspace. A card number typed to search leaves the field once sent and is
 * never shown back whole: main answers with the masked card only.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useStoredCards, useStoredCardsStale, type StoredCardSearch } from '../../api/storedCards';
import { ErrorNotice } from '../../components/ErrorNotice';
import { type SearchBy, SEARCH_BY, type Confirming } from './shared';
import { Results } from './Results';
import { ConfirmCardAction } from './ConfirmCardAction';
import { WorkspaceFrame } from '../../components/WorkspaceFrame';
import { SearchRow } from '../../components/SearchRow';

export function CardsWorkspace() {
  const { t } = useTranslation('cards');
  const id = useId();
  const stale = useStoredCardsStale();
  const searches = useRef(0);
  const [by, setBy] = useState<SearchBy>('clientId');
  const [text, setText] = useState('');
  const [showExpired, setShowExpired] = useState(false);
  const [search, setSearch] = useState<StoredCardSearch>();
  const [confirming, setConfirming] = useState<Confirming>();

  const found = useStoredCards(search, { showExpired });
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage(search?.by ?? by) : undefined;

  const submit = () => {
    const value = by === 'cardNumber' ? text.replace(/[\s-]/g, '') : text.trim();
    setSearch(by === 'cardNumber' ? { by, value, searchId: ++searches.current } : { by, value });
    // The card number leaves the page's field as soon as it is sent.
    if (by === 'cardNumber') setText('');
    stale();
  };

  // The change marked every view of stored cards stale: what is shown comes from the gateway again.
  const done = () => setConfirming(undefined);

  return (
    <WorkspaceFrame title={t('title')}>
      <form
        role="search"
        aria-label={t('searchLabel')}
        className="panel cards-search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="field search-by">
          <legend>{t('searchBy')}</legend>
          {SEARCH_BY.map((b) => (
            <label key={b}>
              <input
                type="radio"
                name={`${id}-by`}
                checked={by === b}
                onChange={() => {
                  setBy(b);
                  setText('');
                }}
              />{' '}
              {t(`by.${b}`)}
            </label>
          ))}
        </fieldset>
        <SearchRow
          label={t(`by.${by}`)}
          text={text}
          onText={setText}
          inputMode={by === 'cardNumber' ? 'numeric' : undefined}
          hint={t(`hints.${by}`)}
          error={search?.by === by ? fieldError : undefined}
          find={{ idle: t('find'), pending: t('finding') }}
          finding={found.isFetching}
        />
        <label className="checkbox">
          <input type="checkbox" checked={showExpired} onChange={(e) => setShowExpired(e.target.checked)} /> {t('showExpired')}
        </label>
      </form>

      {search === undefined && <p className="muted">{t('intro')}</p>}
      {found.isError && !fieldError && <ErrorNotice className="panel error-panel" error={found.error} lead={t('searchFailed')} />}
      {found.isError && fieldError && search?.by !== by && (
        <div className="panel error-panel" role="alert">
          {fieldError}
        </div>
      )}
      {found.data && <Results found={found.data} onAction={setConfirming} />}

      {confirming && <ConfirmCardAction confirming={confirming} onClose={() => setConfirming(undefined)} onDone={done} />}
    </WorkspaceFrame>
  );
}
