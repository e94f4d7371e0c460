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
import type { StoredCardChanged, StoredCardsFound, StoredCardView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/queries';
import { ApiError } from '../../api/client';
import { useStoredCardChange, useStoredCards, useStoredCardsStale, type StoredCardSearch } from '../../api/storedCards';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { Id } from '../../components/Id';
import { Field } from '../../components/Field';
import { i18n } from '../../i18n';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CardState } from './CardState';

type SearchBy = 'clientId' | 'bindingId' | 'cardNumber';

const SEARCH_BY: readonly SearchBy[] = ['clientId', 'bindingId', 'cardNumber'];
const GROUPS = ['common', 'recurrent', 'installment'] as const;

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

const cardWords = (c: StoredCardView) =>
  `${c.paymentSystem ? `${c.paymentSystem} ` : ''}${c.maskedPan ?? i18n.t('cards:bindingName', { bindingId: c.bindingId })}`;

const describeSearch = (found: StoredCardsFound): string => i18n.t(`cards:searched.${found.searchedBy}`, { query: found.query });

type Confirming = { readonly action: StoredCardChanged['change']; readonly card: StoredCardView };

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
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>{t('title')}</h1>
      </div>
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
        <div className="search-row">
          <Field
            className="grow"
            label={t(`by.${by}`)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            inputMode={by === 'cardNumber' ? 'numeric' : undefined}
            hint={t(`hints.${by}`)}
            error={search?.by === by ? fieldError : undefined}
          />
          <Button type="submit" variant="primary" disabled={found.isFetching}>
            {found.isFetching ? t('finding') : t('find')}
          </Button>
        </div>
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
    </section>
  );
}

function Results({ found, onAction }: { readonly found: StoredCardsFound; readonly onAction: (c: Confirming) => void }) {
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
                <div className="table-scroll">
                  <table className="data-table cards-table">
                    <caption className="visually-hidden">{t(`groupCaption.${key}`)}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('columns.card')}</th>
                        <th scope="col">{t('columns.paymentSystem')}</th>
                        <th scope="col">{t('columns.expiry')}</th>
                        <th scope="col">{t('columns.state')}</th>
                        <th scope="col">{t('columns.bindingId')}</th>
                        <th scope="col">{t('columns.clientId')}</th>
                        <th scope="col">{t('columns.actions')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cards.map((c) => (
                        <CardRow key={c.bindingId} card={c} soonDays={found.expirySoonDays} onAction={onAction} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          );
        })}
    </div>
  );
}

function CardRow({
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

/** The current month as YYYYMM in UTC, as main's contract reckons it: the earliest expiry a card may get. */
const currentYearMonth = (): string => new Date().toISOString().slice(0, 7).replace('-', '');

function ConfirmCardAction({
  confirming: { action, card },
  onClose,
  onDone,
}: {
  readonly confirming: Confirming;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation('cards');
  const toast = useUi((s) => s.toast);
  const [expiry, setExpiry] = useState('');
  const newExpiry = expiry.trim();
  const run = useStoredCardChange((r) => {
    const name = cardWords(r.card);
    toast(
      'success',
      r.change === 'disable'
        ? t('done.disable', { name })
        : r.change === 'enable'
          ? t(r.listedByGateway ? 'done.enableListed' : 'done.enable', { name })
          : t('done.extend', { name, expiry: expiryWords(r.card.expiry) }),
    );
    onDone();
  });
  const send = () =>
    run.mutate(action === 'extend' ? { action, bindingId: card.bindingId, newExpiry } : { action, bindingId: card.bindingId });
  const expiryError = run.error instanceof ApiError ? run.error.fieldMessage('newExpiry') : undefined;
  const expiryShape = newExpiry === '' || /^\d{4}(0[1-9]|1[0-2])$/.test(newExpiry) ? undefined : t('expiryShape');
  // Said as it is typed, not after the button: main refuses a past month too (the IPC contract), by the same UTC month.
  const thisMonth = currentYearMonth();
  const expiryPast =
    newExpiry !== '' && !expiryShape && newExpiry < thisMonth
      ? t('expiryPast', { expiry: expiryWords(newExpiry), earliest: expiryWords(thisMonth) })
      : undefined;
  const expiryProblem = expiryShape ?? expiryPast;
  const name = cardWords(card);

  return (
    <Dialog title={t(`dialog.${action}`)} open onClose={onClose}>
      <dl className="confirm-card">
        <dt>{t('confirm.client')}</dt>
        <dd>{card.clientId !== undefined ? <Id value={card.clientId} /> : t('confirm.clientUnknown')}</dd>
        <dt>{t('confirm.card')}</dt>
        <dd>
          <CardText card={card} />
        </dd>
        <dt>{t('confirm.category')}</dt>
        <dd>{t(`category.${card.category}`)}</dd>
        <dt>{t('confirm.bindingId')}</dt>
        <dd className="mono id-value">
          <Id value={card.bindingId} />
        </dd>
      </dl>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (action !== 'extend' || (newExpiry !== '' && !expiryProblem)) send();
        }}
      >
        {action === 'disable' && <p className="confirm-summary">{t('confirm.disable')}</p>}
        {action === 'enable' && <p className="confirm-summary">{t('confirm.enable')}</p>}
        {action === 'extend' && (
          <>
            <Field
              label={t('confirm.newExpiry')}
              value={expiry}
              onChange={(e) => {
                setExpiry(e.target.value);
                run.reset();
              }}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('confirm.newExpiryPlaceholder')}
              hint={t('confirm.newExpiryHint')}
              error={expiryProblem ?? expiryError}
            />
            <p className="confirm-summary">
              {newExpiry !== '' && !expiryProblem
                ? t('confirm.expiryChanges', { from: expiryWords(card.expiry), to: expiryWords(newExpiry) })
                : t('confirm.expiryNow', { expiry: expiryWords(card.expiry) })}
            </p>
          </>
        )}
        {run.isError && !expiryError && <ErrorNotice className="field-error" error={run.error} />}
        <div className="dialog-buttons">
          <Button onClick={onClose}>{t('confirm.cancel')}</Button>
          <Button
            type="submit"
            variant={action === 'disable' ? 'danger' : 'primary'}
            disabled={run.isPending || (action === 'extend' && (newExpiry === '' || expiryProblem !== undefined))}
          >
            {run.isPending
              ? t('confirm.working')
              : action === 'disable'
                ? t('confirm.disableCard', { name })
                : action === 'enable'
                  ? t('confirm.enableCard', { name })
                  : t('confirm.extendTo', { expiry: newExpiry !== '' && !expiryProblem ? expiryWords(newExpiry) : '…' })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
