/**
 * Stored cards (bindings): one search by client ID, binding ID or card number; the cards found grouped
 * under Common, Recurrent and Installment with the masked card, payment system, expiry and badges for
 * expired, expiring soon and disabled; disable, re-enable and extend expiry, each behind a confirmation
 * that names the client, the masked card, the category and what changes; and "Charge this card", which
 * hands the card to the Charges workspace. A card number typed to search leaves the field once sent and is
 * never shown back whole: main answers with the masked card only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StoredCardChanged, StoredCardsFound, StoredCardView } from '../../../../main/ipc/contract';
import { useAppInfo } from '../../api/queries';
import { ApiError, call } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { formatDateTime } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';

type SearchBy = 'clientId' | 'bindingId' | 'cardNumber';

const SEARCH_LABELS: Record<SearchBy, string> = { clientId: 'Client ID', bindingId: 'Binding ID', cardNumber: 'Card number' };
const SEARCH_HINTS: Record<SearchBy, string> = {
  clientId: 'The client ID the cards were stored under',
  bindingId: 'The binding ID of one stored card',
  cardNumber: 'The whole card number, 12 to 19 digits; spaces are ignored. It is cleared once sent and never shown back.',
};
const CATEGORY_WORDS = { COMMON: 'Common', RECURRENT: 'Recurrent', INSTALLMENT: 'Installment', UNKNOWN: 'Other' } as const;
const GROUPS = [
  ['common', 'Common'],
  ['recurrent', 'Recurrent'],
  ['installment', 'Installment'],
] as const;

interface Search {
  readonly by: SearchBy;
  readonly value: string;
}

/** YYYYMM as MM/YYYY, as printed on cards. */
export const expiryWords = (expiry: string | undefined) =>
  expiry && /^\d{6}$/.test(expiry) ? `${expiry.slice(4)}/${expiry.slice(0, 4)}` : 'unknown';

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
  return (
    <>
      <span className="mono">{card.maskedPan ?? '—'}</span>
      {card.paymentSystem ? ` (${card.paymentSystem})` : ''}, expires {expiryWords(card.expiry)}
    </>
  );
}

const cardWords = (c: StoredCardView) => `${c.paymentSystem ? `${c.paymentSystem} ` : ''}${c.maskedPan ?? `binding ${c.bindingId}`}`;

function describeSearch(found: StoredCardsFound): string {
  if (found.searchedBy === 'clientId') return `client ${found.query}`;
  if (found.searchedBy === 'bindingId') return `binding ID ${found.query}`;
  return `card number ${found.query}`;
}

function Badges({ card, soonDays }: { readonly card: StoredCardView; readonly soonDays: number }) {
  return (
    <>
      {card.expired && <span className="badge tone-danger">Expired</span>}
      {card.expiresSoon && (
        <span className="badge tone-warning" title={`Ends within ${soonDays} days`}>
          Expires soon
        </span>
      )}
      {!card.enabled && (
        <span
          className="badge tone-neutral"
          title={card.disabledAt ? `Disabled from this app ${formatDateTime(card.disabledAt)}` : undefined}
        >
          Disabled
        </span>
      )}
    </>
  );
}

type Confirming = { readonly action: StoredCardChanged['change']; readonly card: StoredCardView };

export function CardsWorkspace() {
  const id = useId();
  const queries = useQueryClient();
  const [by, setBy] = useState<SearchBy>('clientId');
  const [text, setText] = useState('');
  const [showExpired, setShowExpired] = useState(false);
  const [search, setSearch] = useState<Search>();
  const [confirming, setConfirming] = useState<Confirming>();

  const found = useQuery({
    queryKey: ['bindings', search?.by, search?.value, showExpired],
    queryFn: () => call('bindings.find', { [search!.by]: search!.value, showExpired }),
    enabled: search !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage(search?.by ?? by) : undefined;

  const submit = () => {
    const value = by === 'cardNumber' ? text.replace(/[\s-]/g, '') : text.trim();
    setSearch({ by, value });
    // The card number leaves the page's field as soon as it is sent.
    if (by === 'cardNumber') setText('');
    void queries.invalidateQueries({ queryKey: ['bindings'] });
  };

  return (
    <section className="workspace" aria-labelledby={`${id}-title`}>
      <div className="workspace-head">
        <h1 id={`${id}-title`}>Stored cards</h1>
      </div>
      <form
        role="search"
        aria-label="Find stored cards"
        className="panel cards-search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="field search-by">
          <legend>Search by</legend>
          {(Object.keys(SEARCH_LABELS) as SearchBy[]).map((b) => (
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
              {SEARCH_LABELS[b]}
            </label>
          ))}
        </fieldset>
        <div className="search-row">
          <Field
            className="grow"
            label={SEARCH_LABELS[by]}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            inputMode={by === 'cardNumber' ? 'numeric' : undefined}
            hint={SEARCH_HINTS[by]}
            error={search?.by === by ? fieldError : undefined}
          />
          <Button type="submit" variant="primary" disabled={found.isFetching}>
            {found.isFetching ? 'Finding…' : 'Find'}
          </Button>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={showExpired} onChange={(e) => setShowExpired(e.target.checked)} /> Show expired cards
        </label>
      </form>

      {search === undefined && (
        <p className="muted">Find a client’s stored cards by client ID, or one card by binding ID or card number.</p>
      )}
      {found.isError && !fieldError && <ErrorNotice className="panel error-panel" error={found.error} lead="The search failed:" />}
      {found.isError && fieldError && search?.by !== by && (
        <div className="panel error-panel" role="alert">
          {fieldError}
        </div>
      )}
      {found.data && <Results found={found.data} onAction={setConfirming} />}

      {confirming && (
        <ConfirmCardAction
          confirming={confirming}
          onClose={() => setConfirming(undefined)}
          onDone={() => {
            setConfirming(undefined);
            // Searched again: what is shown comes from the gateway, not from what was just asked.
            void queries.invalidateQueries({ queryKey: ['bindings'] });
            void queries.invalidateQueries({ queryKey: ['audit'] });
          }}
        />
      )}
    </section>
  );
}

function Results({ found, onAction }: { readonly found: StoredCardsFound; readonly onAction: (c: Confirming) => void }) {
  const what = describeSearch(found);
  const groups = [...GROUPS, ...(found.other.length > 0 ? ([['other', 'Other']] as const) : [])];
  const cardsOf = (key: (typeof groups)[number][0]) => (key === 'other' ? found.other : found.groups[key]);
  return (
    <div className="cards-results" aria-label="Stored cards found">
      <p role="status" className="muted">
        {found.total === 0
          ? `No stored cards found for ${what}${found.showExpired ? '' : ' (expired cards are hidden: tick “Show expired cards” to include them)'}.`
          : `${found.total} stored card${found.total === 1 ? '' : 's'} for ${what}${found.showExpired ? ', expired ones included' : ''}.`}
      </p>
      {found.total > 0 &&
        groups.map(([key, label]) => {
          const cards = cardsOf(key);
          return (
            <section key={key} className="panel" aria-labelledby={`group-${key}`}>
              <h2 id={`group-${key}`}>
                {label} <span className="muted">({cards.length})</span>
              </h2>
              {cards.length === 0 ? (
                <p className="muted">No {label.toLowerCase()} cards.</p>
              ) : (
                <div className="table-scroll">
                  <table className="data-table cards-table">
                    <caption className="visually-hidden">{label} stored cards</caption>
                    <thead>
                      <tr>
                        <th scope="col">Card</th>
                        <th scope="col">Payment system</th>
                        <th scope="col">Expiry</th>
                        <th scope="col">State</th>
                        <th scope="col">Binding ID</th>
                        <th scope="col">Client ID</th>
                        <th scope="col">Actions</th>
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
  const chargeCard = useUi((s) => s.chargeCard);
  const showClient = useUi((s) => s.showClient);
  const environment = useAppInfo().data?.environment;
  const name = card.maskedPan ?? card.bindingId;
  const chargeable = card.enabled && !card.expired && card.category !== 'UNKNOWN' && environment !== undefined;
  return (
    <tr data-binding-id={card.bindingId}>
      <td>
        <span className="mono">{card.maskedPan ?? '—'}</span>
      </td>
      <td>{card.paymentSystem ?? '—'}</td>
      <td>{expiryWords(card.expiry)}</td>
      <td>
        <div className="button-row">
          {card.enabled && !card.expired && !card.expiresSoon && <span className="badge tone-success">Enabled</span>}
          <Badges card={card} soonDays={soonDays} />
        </div>
      </td>
      <td>
        <Copyable value={card.bindingId} what={`binding ID of ${name}`} className="mono id-value" />
      </td>
      <td>
        {card.clientId !== undefined ? (
          <>
            <Copyable value={card.clientId} what={`client ID of ${name}`} className="mono id-value" />
            <button type="button" className="link-button" onClick={() => showClient(card.clientId!)}>
              Open client
            </button>
          </>
        ) : (
          <span className="muted">not known</span>
        )}
      </td>
      <td>
        <div className="button-row">
          {chargeable && (
            <Button
              className="btn-small"
              variant="primary"
              aria-label={`Charge card ${name}`}
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
              Charge this card
            </Button>
          )}
          {card.enabled ? (
            <>
              <Button className="btn-small" aria-label={`Extend expiry of ${name}…`} onClick={() => onAction({ action: 'extend', card })}>
                Extend expiry…
              </Button>
              <Button
                className="btn-small"
                variant="danger"
                aria-label={`Disable ${name}…`}
                onClick={() => onAction({ action: 'disable', card })}
              >
                Disable…
              </Button>
            </>
          ) : (
            <Button className="btn-small" aria-label={`Re-enable ${name}…`} onClick={() => onAction({ action: 'enable', card })}>
              Re-enable…
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The current month as YYYYMM in UTC, as main's contract reckons it: the earliest expiry a card may get. */
const currentYearMonth = (): string => new Date().toISOString().slice(0, 7).replace('-', '');

const DIALOG_TITLES = { disable: 'Disable stored card', enable: 'Re-enable stored card', extend: 'Extend card expiry' } as const;

function ConfirmCardAction({
  confirming: { action, card },
  onClose,
  onDone,
}: {
  readonly confirming: Confirming;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const toast = useUi((s) => s.toast);
  const [expiry, setExpiry] = useState('');
  const newExpiry = expiry.trim();
  const run = useMutation({
    mutationFn: () =>
      action === 'extend'
        ? call('bindings.extend', { bindingId: card.bindingId, newExpiry })
        : call(action === 'disable' ? 'bindings.disable' : 'bindings.enable', { bindingId: card.bindingId }),
    onSuccess: (r) => {
      const name = cardWords(r.card);
      toast(
        'success',
        r.change === 'disable'
          ? `Disabled ${name}; the gateway no longer lists it`
          : r.change === 'enable'
            ? `Re-enabled ${name}${r.listedByGateway ? '; the gateway lists it again' : ''}`
            : `Extended ${name} to ${expiryWords(r.card.expiry)}`,
      );
      onDone();
    },
  });
  const expiryError = run.error instanceof ApiError ? run.error.fieldMessage('newExpiry') : undefined;
  const expiryShape = newExpiry === '' || /^\d{4}(0[1-9]|1[0-2])$/.test(newExpiry) ? undefined : 'A month as YYYYMM, e.g. 202912';
  // Said as it is typed, not after the button: main refuses a past month too (the IPC contract), by the same UTC month.
  const thisMonth = currentYearMonth();
  const expiryPast =
    newExpiry !== '' && !expiryShape && newExpiry < thisMonth
      ? `${expiryWords(newExpiry)} is in the past: choose ${expiryWords(thisMonth)} or later`
      : undefined;
  const expiryProblem = expiryShape ?? expiryPast;
  const name = cardWords(card);

  return (
    <Dialog title={DIALOG_TITLES[action]} open onClose={onClose}>
      <dl className="confirm-card">
        <dt>Client</dt>
        <dd>{card.clientId ?? 'not known (found by binding ID or card number)'}</dd>
        <dt>Card</dt>
        <dd>
          <CardText card={card} />
        </dd>
        <dt>Category</dt>
        <dd>{CATEGORY_WORDS[card.category]}</dd>
        <dt>Binding ID</dt>
        <dd className="mono id-value">{card.bindingId}</dd>
      </dl>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (action !== 'extend' || (newExpiry !== '' && !expiryProblem)) run.mutate();
        }}
      >
        {action === 'disable' && (
          <p className="confirm-summary">The gateway will stop listing this card and it cannot be charged until it is re-enabled.</p>
        )}
        {action === 'enable' && <p className="confirm-summary">The gateway will list this card again and it can be charged again.</p>}
        {action === 'extend' && (
          <>
            <Field
              label="New expiry (YYYYMM)"
              value={expiry}
              onChange={(e) => {
                setExpiry(e.target.value);
                run.reset();
              }}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 202912"
              hint="The card is valid to the end of that month; not a month in the past"
              error={expiryProblem ?? expiryError}
            />
            <p className="confirm-summary">
              {newExpiry !== '' && !expiryProblem
                ? `The expiry changes from ${expiryWords(card.expiry)} to ${expiryWords(newExpiry)}.`
                : `The expiry is ${expiryWords(card.expiry)} now.`}
            </p>
          </>
        )}
        {run.isError && !expiryError && <ErrorNotice className="field-error" error={run.error} />}
        <div className="dialog-buttons">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant={action === 'disable' ? 'danger' : 'primary'}
            disabled={run.isPending || (action === 'extend' && (newExpiry === '' || expiryProblem !== undefined))}
          >
            {run.isPending
              ? 'Working…'
              : action === 'disable'
                ? `Disable ${name}`
                : action === 'enable'
                  ? `Re-enable ${name}`
                  : `Extend to ${newExpiry !== '' && !expiryProblem ? expiryWords(newExpiry) : '…'}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
