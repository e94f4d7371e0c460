/**
 * One manual charge on a stored card: the card (handed over by "Charge this card", or picked from a
 * client's cards here), the amount typed in major units and read back formatted, in words and in minor
 * units, the currency, an optional description and reference. Nothing is sent from this form: "Review"
 * opens the confirmation, which restates everything and is the only place a charge starts.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChargeOptions, ChargeResult, StoredCardView } from '../../../../main/ipc/contract';
import { ApiError, call } from '../../api/client';
import { useUi, type ChargeDraft } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { amountInWords } from '../../format/amountWords';
import { formatAmount, parseMajor } from '../../format/money';
import { CardText, expiryWords } from '../cards/CardsWorkspace';
import { ChargeOutcome } from './ChargeOutcome';
import { ConfirmCharge, type ChargeToConfirm } from './ConfirmCharge';
import { CATEGORY_WORDS } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';

/** A card the form can charge: what the confirmation restates, and what main checks again. */
type CardChoice = Omit<ChargeDraft, 'environment'>;

const chargeable = (c: StoredCardView) => c.enabled && !c.expired && c.category !== 'UNKNOWN';

export function ChargeForm({ options }: { readonly options: ChargeOptions }) {
  const id = useId();
  const draft = useUi((s) => s.chargeDraft);
  const clearDraft = useUi((s) => s.clearChargeDraft);
  // A card picked in another environment is not offered here: its binding means nothing in this one.
  const fromDraft = draft && draft.environment === options.environment ? draft : undefined;
  const [picked, setPicked] = useState<CardChoice>();
  const card: CardChoice | undefined = picked ?? fromDraft;
  const [clientId, setClientId] = useState('');
  const [amountText, setAmountText] = useState('');
  const [currency, setCurrency] = useState(options.defaultCurrency);
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState<ChargeToConfirm>();
  const [result, setResult] = useState<{ readonly seq: number; readonly charged: ChargeToConfirm; readonly result: ChargeResult }>();
  const [touched, setTouched] = useState(false);

  // Only the currencies this environment accepts are offered (the sandbox says which; others list them in Settings).
  const info = options.currencies.find((c) => c.numeric === currency) ?? options.currencies[0];
  if (!info) return <NoCurrencies environment={options.environment} />;
  const amount = parseMajor(amountText, info.exponent);
  // The maximum of this environment in this currency; main's charge guard applies the same one.
  const limitError =
    info.maximum === undefined
      ? `No per-charge maximum is set for ${info.alpha} in ${options.environment}: an administrator sets one in ${LIMITS_PLACE}`
      : amount.ok && amount.minor > info.maximum
        ? `Over the per-charge maximum of ${formatAmount(info.maximum, info.exponent, info.alpha)} in ${options.environment} (Settings)`
        : undefined;
  const overMaximum = limitError !== undefined;
  const amountError = limitError ?? (!amount.ok && (amountText !== '' || touched) ? amount.error : undefined);
  const client = card?.clientId ?? clientId.trim();
  const referenceError =
    reference.trim() !== '' && !/^[A-Za-z0-9_./-]{1,36}$/.test(reference.trim()) ? '1 to 36 letters, digits or . _ / -' : undefined;
  const ready = card !== undefined && client !== '' && amount.ok && !overMaximum && referenceError === undefined;

  const review = () => {
    setTouched(true);
    if (!ready || !card || !amount.ok) return;
    setResult(undefined);
    setConfirming({
      environment: options.environment,
      clientId: client,
      bindingId: card.bindingId,
      category: card.category,
      ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
      ...(card.paymentSystem ? { paymentSystem: card.paymentSystem } : {}),
      ...(card.expiry ? { expiry: card.expiry } : {}),
      amount: amount.minor,
      currency: info,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    });
  };

  return (
    <div className="charge-layout">
      <form
        className="panel charge-form"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <h2 id={`${id}-title`}>Charge a stored card</h2>
        {card ? (
          <section className="chosen-card" aria-label="Card to charge">
            <dl className="confirm-card">
              <dt>Card</dt>
              <dd>
                <CardText card={card} />
              </dd>
              <dt>Category</dt>
              <dd>{CATEGORY_WORDS[card.category]}</dd>
              <dt>Binding ID</dt>
              <dd className="mono id-value">{card.bindingId}</dd>
              {card.clientId !== undefined && (
                <>
                  <dt>Client</dt>
                  <dd className="mono">{card.clientId}</dd>
                </>
              )}
            </dl>
            {card.clientId === undefined && (
              <Field
                label="Client ID"
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                hint="The card was found without its client: type the client ID it is stored under (the app checks it)"
                error={touched && client === '' ? 'Enter the client ID' : undefined}
              />
            )}
            <Button
              onClick={() => {
                setPicked(undefined);
                clearDraft();
              }}
            >
              Choose another card
            </Button>
          </section>
        ) : (
          <CardPicker onPick={setPicked} />
        )}

        <div className="amount-row">
          <Field
            className="grow"
            label="Amount"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            onBlur={() => setTouched(true)}
            inputMode="decimal"
            autoComplete="off"
            placeholder={info.exponent > 0 ? `e.g. 1250.${'0'.repeat(info.exponent)}` : 'e.g. 1250'}
            hint={`In ${info.alpha} (major units), at most ${info.exponent} decimals${info.maximum !== undefined ? `; at most ${formatAmount(info.maximum, info.exponent, info.alpha)} per charge` : ''}`}
            error={amountError}
          />
          <div className="field">
            <label htmlFor={`${id}-currency`}>Currency</label>
            <select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {options.currencies.map((c) => (
                <option key={c.numeric} value={c.numeric}>
                  {c.alpha} ({c.numeric}) {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="amount-readback" aria-live="polite" data-testid="amount-readback">
          {amount.ok ? (
            <>
              <strong>{formatAmount(amount.minor, info.exponent, info.alpha)}</strong>
              <span> — {amountInWords(amount.minor, info.exponent, info.alpha)}</span>
              <span className="muted"> ({amount.minor.toLocaleString()} minor units)</span>
            </>
          ) : (
            <span className="muted">The amount is read back here, in words and in minor units.</span>
          )}
        </p>
        <Field
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={598}
          hint="Shown in the merchant portal and logs unmasked: no personal or card data"
        />
        <Field
          label="Reference (optional)"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          maxLength={36}
          autoComplete="off"
          spellCheck={false}
          hint="An invoice or case number. It becomes the order number, so it can never be charged twice. Empty: the app makes one."
          error={referenceError}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={card === undefined}>
            Review the charge…
          </Button>
          {card === undefined && <span className="muted">Choose a card first.</span>}
        </div>
      </form>

      {result && <ChargeOutcome key={result.seq} charged={result.charged} result={result.result} />}

      {confirming && (
        <ConfirmCharge
          charge={confirming}
          onClose={() => setConfirming(undefined)}
          onDone={(r) => {
            setResult((before) => ({ seq: (before?.seq ?? 0) + 1, charged: confirming, result: r }));
            setConfirming(undefined);
            // Whatever the outcome, the form does not keep an amount that could be sent twice by habit.
            if (r.outcome !== 'refused') {
              setAmountText('');
              setReference('');
              setDescription('');
              setTouched(false);
            }
          }}
        />
      )}
    </div>
  );
}

const LIMITS_PLACE = 'Settings → Currencies and per-charge maximums';

/** What the form says instead of offering currencies the gateway would refuse: none are listed for this environment. */
function NoCurrencies({ environment }: { readonly environment: string }) {
  return (
    <section className="panel charge-form" aria-label="Charge a stored card">
      <h2>Charge a stored card</h2>
      <p role="alert" className="field-error">
        No currency can be charged in {environment}: an administrator lists the currencies it accepts, with a per-charge maximum for each,
        in {LIMITS_PLACE}.
      </p>
    </section>
  );
}

/** A client's chargeable cards, to pick one: the same list Stored cards shows, without the disabled or expired. */
function CardPicker({ onPick }: { readonly onPick: (c: CardChoice) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState<string>();
  const found = useQuery({
    queryKey: ['bindings', 'clientId', clientId, 'charge'],
    queryFn: () => call('bindings.find', { clientId: clientId! }),
    enabled: clientId !== undefined,
    staleTime: 0,
    retry: false,
  });
  const fieldError = found.error instanceof ApiError ? found.error.fieldMessage('clientId') : undefined;
  const cards = (found.data ? [...found.data.groups.common, ...found.data.groups.recurrent, ...found.data.groups.installment] : []).filter(
    chargeable,
  );

  return (
    <fieldset className="card-picker">
      <legend>Card</legend>
      <div className="search-row">
        <Field
          className="grow"
          label="Client ID"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setClientId(text.trim());
            }
          }}
          autoComplete="off"
          spellCheck={false}
          hint="The client whose stored card to charge, or use “Charge this card” in Stored cards"
          error={fieldError}
        />
        <Button onClick={() => setClientId(text.trim())} disabled={text.trim() === '' || found.isFetching}>
          {found.isFetching ? 'Finding…' : 'Find cards'}
        </Button>
      </div>
      {found.isError && !fieldError && <ErrorNotice className="field-error" error={found.error} lead="The cards could not be listed:" />}
      {found.data && cards.length === 0 && (
        <p role="status" className="muted">
          Client {found.data.query} has no card that can be charged (none stored, or all disabled or expired).
        </p>
      )}
      {cards.length > 0 && (
        <ul className="card-choices" aria-label={`Cards of client ${found.data?.query ?? ''}`} id={`${id}-cards`}>
          {cards.map((c) => (
            <li key={c.bindingId}>
              <span className="badge tone-neutral">{CATEGORY_WORDS[c.category as keyof typeof CATEGORY_WORDS]}</span>{' '}
              <span className="mono">{c.maskedPan ?? c.bindingId}</span> {c.paymentSystem ?? ''}, expires {expiryWords(c.expiry)}{' '}
              <Button
                className="btn-small"
                aria-label={`Choose ${CATEGORY_WORDS[c.category as keyof typeof CATEGORY_WORDS].toLowerCase()} card ${c.maskedPan ?? c.bindingId}`}
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
                Choose
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
