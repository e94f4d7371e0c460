/**
 * The confirmation a charge cannot skip: environment, client, masked card, category and amount (formatted,
 * in words, in minor units) restated, a box to tick, and a button that names the amount. Focus starts on
 * Cancel, so a stray Enter charges nobody. The same card and amount charged within ten minutes asks once
 * more, showing the earlier charge. The environment confirmed travels with the request and main refuses
 * it if the app has switched meanwhile.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ChargeCategory, ChargeResult, ChargeView, CurrencyOption, EnvironmentName, Input } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { Id } from '../../components/Id';
import { ErrorNotice } from '../../components/ErrorNotice';
import { amountInWords } from '../../format/amountWords';
import { languageOf } from '../../i18n/instance';
import { formatDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';
import { CardText } from '../cards/CardText';
import { say } from '../../i18n/say';
import { categoryWords, chargeAmount } from './words';
import { formatCount } from '../../format/numbers';
import { useChargeCreate } from '../../api/charges';
import { FormDialog } from '../../components/FormDialog';
import { ConfirmCheck } from '../../components/ConfirmCheck';
import { Term } from '../../components/Term';
import { useCancelledOnLock } from '../session/cancelOnLock';

export interface ChargeToConfirm {
  readonly environment: EnvironmentName;
  readonly clientId: string;
  readonly bindingId: string;
  readonly category: ChargeCategory;
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly expiry?: string;
  readonly amount: number;
  readonly currency: CurrencyOption;
  readonly description?: string;
  readonly reference?: string;
  /** Why, for the second person, should the charge be above its approval threshold. */
  readonly reason?: string;
}

/** Refusals main makes before anything is journalled or sent; any other failure may have come after. */
const refusedBeforeSending = (err: unknown) =>
  err instanceof ApiError && (err.code === 'invalidInput' || err.code === 'forbidden' || err.code === 'unknownChannel');

/** A gateway failure main put in words: they say themselves whether anything was charged. */
const isGatewayFailure = (err: unknown) => err instanceof ApiError && err.code === 'gateway';

/** The charge as main is asked to make it; confirmRepeat once main has asked whether it is meant again. */
const chargeInput = (charge: ChargeToConfirm, confirmRepeat: boolean): Input<'charges.create'> => ({
  environment: charge.environment,
  clientId: charge.clientId,
  bindingId: charge.bindingId,
  category: charge.category,
  amount: charge.amount,
  currency: charge.currency.numeric,
  ...(charge.description ? { description: charge.description } : {}),
  ...(charge.reference ? { reference: charge.reference } : {}),
  ...(charge.reason ? { reason: charge.reason } : {}),
  ...(confirmRepeat ? { confirmRepeat } : {}),
});

export function ConfirmCharge({
  charge,
  onClose,
  onDone,
}: {
  readonly charge: ChargeToConfirm;
  readonly onClose: () => void;
  readonly onDone: (r: ChargeResult) => void;
}) {
  const { t, i18n } = useTranslation('charges');
  const [checked, setChecked] = useState(false);
  // What main asked to be confirmed before charging: the earlier charges, and why they matter.
  const [again, setAgain] = useState<{ why: 'sameLately' | 'referenceFailed'; earlier: readonly ChargeView[] }>();
  const earlier = again?.earlier;
  const money = formatAmount(charge.amount, charge.currency.exponent, charge.currency.alpha);
  const send = useChargeCreate({
    onSuccess: (r) => {
      if (r.outcome === 'needsConfirmation') {
        setAgain({ why: r.why, earlier: r.earlier });
        setChecked(false);
      } else onDone(r);
    },
  });
  useCancelledOnLock(onClose, send.isPending);
  const production = charge.environment === 'production';

  return (
    <FormDialog
      title={again ? (again.why === 'sameLately' ? t('confirm.titleAgain') : t('confirm.titleReference')) : t('confirm.title')}
      onClose={onClose}
      busy={send.isPending}
      onSubmit={() => {
        if (checked && !send.isPending) send.mutate(chargeInput(charge, earlier !== undefined));
      }}
      cancel={t('cancel')}
      // First in the tab order and focused by the dialog: Enter here cancels.
      cancelFocused
      cancelDisabled={send.isPending}
      submit={
        send.isPending
          ? t('confirm.charging')
          : earlier
            ? t('confirm.chargeAgain', { amount: money })
            : t('confirm.charge', { amount: money })
      }
      variant={production ? 'danger' : 'primary'}
      submitDisabled={!checked || send.isPending}
    >
      <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
        <Term label={t('term.environment')}>
          <strong>{t(`confirmEnvironment.${charge.environment}`, { ns: 'common' })}</strong>
        </Term>
        <Term label={t('term.client')} className="mono">
          <Id value={charge.clientId} />
        </Term>
        <Term label={t('term.card')}>
          <CardText card={charge} />
        </Term>
        <Term label={t('term.category')}>{categoryWords(charge.category)}</Term>
        <Term label={t('term.amount')}>
          <strong className="confirm-amount">{money}</strong>
          <div>{amountInWords(charge.amount, charge.currency.exponent, charge.currency.alpha, languageOf(i18n.language))}</div>
          <div className="muted">
            {t('confirm.minorUnits', {
              minor: formatCount(charge.amount),
              currency: charge.currency.alpha,
              numeric: charge.currency.numeric,
            })}
          </div>
        </Term>
        {charge.description && (
          <Term label={t('term.description')}>
            <Id value={charge.description} />
          </Term>
        )}
        <Term label={t('term.orderNumber')} className="mono">
          {charge.reference !== undefined ? <Id value={charge.reference} /> : t('confirm.referenceByApp')}
        </Term>
        {charge.reason && (
          <Term label={t('term.approverReason')}>
            <Id value={charge.reason} />
          </Term>
        )}
      </dl>
      {earlier && (
        <div className="panel warning-panel" role="alert">
          <p>{again?.why === 'sameLately' ? t('confirm.earlier') : t('confirm.referenceFailed', { reference: charge.reference ?? '' })}</p>
          <ul>
            {earlier.map((c) => (
              <li key={c.id}>
                <Trans
                  t={t}
                  i18nKey={c.desk ? 'confirm.earlierChargeFrom' : 'confirm.earlierCharge'}
                  values={{
                    at: formatDateTime(c.at),
                    amount: chargeAmount(c),
                    state: say(i18n, c.stateWords),
                    order: c.orderNumber,
                    operator: c.operator,
                    desk: c.desk ?? '',
                  }}
                  components={{ mono: <span className="mono" /> }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmCheck checked={checked} onChange={setChecked}>
        {earlier ? t('confirm.checkAgain', { amount: money }) : t('confirm.check')}
      </ConfirmCheck>
      {send.isError && (
        <ErrorNotice
          className="field-error"
          error={send.error}
          lead={
            refusedBeforeSending(send.error) ? t('nothingCharged') : isGatewayFailure(send.error) ? undefined : t('confirm.mayHaveCharged')
          }
        />
      )}
    </FormDialog>
  );
}
