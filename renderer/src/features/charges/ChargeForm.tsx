/**
 * One manual charge on a stored card: the card (handed over by "Charge this card", or picked from a
 * client's cards here), the amount typed in major units and read back formatted, in words and in minor
 * units, the currency, an optional description and reference, and an optional reason for the second person
 * who approves a charge above its threshold. Nothing is sent from this form: "Review" opens the confirmation,
 * which restates everything and is the only place a charge starts.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeOptions, ChargeResult } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Id } from '../../components/Id';
import { amountInWords } from '../../format/amountWords';
import { languageOf } from '../../i18n/instance';
import { amountProblemText, currencyName, formatAmount, parseMajor } from '../../format/money';
import { CardText } from '../cards/CardText';
import { ChargeOutcome } from './ChargeOutcome';
import { ConfirmCharge, type ChargeToConfirm } from './ConfirmCharge';
import { categoryWords } from './words';
import { formatCount } from '../../format/numbers';
import { environmentInSentence } from '../../format/environment';
import { type CardChoice } from './shared';
import { NoCurrencies } from './NoCurrencies';
import { ReasonField, reasonProblem } from './ReasonField';
import { CardPicker } from './CardPicker';
import { SelectField } from '../../components/SelectField';
import { Term } from '../../components/Term';

export function ChargeForm({ options }: { readonly options: ChargeOptions }) {
  const id = useId();
  const { t, i18n } = useTranslation('charges');
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
  const [reason, setReason] = useState('');
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
      ? t('form.noMaximum', {
          currency: info.alpha,
          environment: environmentInSentence(i18n, options.environment),
          place: t('form.limitsPlace'),
        })
      : amount.ok && amount.minor > info.maximum
        ? t('form.overMaximum', {
            maximum: formatAmount(info.maximum, info.exponent, info.alpha),
            environment: environmentInSentence(i18n, options.environment),
          })
        : undefined;
  const overMaximum = limitError !== undefined;
  const amountError = limitError ?? (!amount.ok && (amountText !== '' || touched) ? amountProblemText(i18n, amount.error) : undefined);
  const client = card?.clientId ?? clientId.trim();
  const referenceError =
    reference.trim() !== '' && !/^[A-Za-z0-9_./-]{1,36}$/.test(reference.trim()) ? t('form.referenceError') : undefined;
  const reasonError = reasonProblem(reason);
  const ready =
    card !== undefined && client !== '' && amount.ok && !overMaximum && referenceError === undefined && reasonError === undefined;

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
      ...(reason.trim() ? { reason: reason.trim() } : {}),
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
        <h2 id={`${id}-title`}>{t('form.title')}</h2>
        {card ? (
          <section className="chosen-card" aria-label={t('form.cardToCharge')}>
            <dl className="confirm-card">
              <Term label={t('term.card')}>
                <CardText card={card} />
              </Term>
              <Term label={t('term.category')}>{categoryWords(card.category)}</Term>
              <Term label={t('term.bindingId')} className="mono id-value">
                <Id value={card.bindingId} />
              </Term>
              {card.clientId !== undefined && (
                <Term label={t('term.client')} className="mono">
                  <Id value={card.clientId} />
                </Term>
              )}
            </dl>
            {card.clientId === undefined && (
              <Field
                label={t('term.clientId')}
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                hint={t('form.clientHint')}
                error={touched && client === '' ? t('form.clientMissing') : undefined}
              />
            )}
            <Button
              onClick={() => {
                setPicked(undefined);
                clearDraft();
              }}
            >
              {t('form.chooseAnother')}
            </Button>
          </section>
        ) : (
          <CardPicker onPick={setPicked} />
        )}

        <div className="amount-row">
          <Field
            className="grow"
            label={t('term.amount')}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            onBlur={() => setTouched(true)}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('form.amountExample', { example: info.exponent > 0 ? `1250.${'0'.repeat(info.exponent)}` : '1250' })}
            hint={
              info.maximum !== undefined
                ? t('form.amountHintMaximum', {
                    currency: info.alpha,
                    decimals: info.exponent,
                    maximum: formatAmount(info.maximum, info.exponent, info.alpha),
                  })
                : t('form.amountHint', { currency: info.alpha, decimals: info.exponent })
            }
            error={amountError}
          />
          <SelectField label={t('form.currency')} value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {options.currencies.map((c) => (
              <option key={c.numeric} value={c.numeric}>
                {c.alpha} ({c.numeric}) {currencyName(c.alpha, c.name)}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="amount-readback" aria-live="polite" data-testid="amount-readback">
          {amount.ok ? (
            <>
              <strong>{formatAmount(amount.minor, info.exponent, info.alpha)}</strong>
              <span> — {amountInWords(amount.minor, info.exponent, info.alpha, languageOf(i18n.language))}</span>
              <span className="muted"> {t('form.minorUnits', { minor: formatCount(amount.minor) })}</span>
            </>
          ) : (
            <span className="muted">{t('form.readbackEmpty')}</span>
          )}
        </p>
        <Field
          label={t('form.descriptionLabel')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={598}
          hint={t('form.descriptionHint')}
        />
        <Field
          label={t('form.referenceLabel')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          maxLength={36}
          autoComplete="off"
          spellCheck={false}
          hint={t('form.referenceHint')}
          error={referenceError}
        />
        <ReasonField value={reason} onChange={setReason} hint={t('form.reasonHint')} />
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={card === undefined}>
            {t('form.review')}
          </Button>
          {card === undefined && <span className="muted">{t('form.chooseFirst')}</span>}
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
              setReason('');
              setTouched(false);
            }
          }}
        />
      )}
    </div>
  );
}
