/**
 * The confirmation a charge cannot skip: environment, client, masked card, category and amount (formatted,
 * in words, in minor units) restated, a box to tick, and a button that names the amount. Focus starts on
 * Cancel, so a stray Enter charges nobody. The same card and amount charged within ten minutes asks once
 * more, showing the earlier charge. The environment confirmed travels with the request and main refuses
 * it if the app has switched meanwhile.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChargeCategory, ChargeResult, ChargeView, CurrencyOption, EnvironmentName } from '../../../../main/ipc/contract';
import { ApiError, call } from '../../api/client';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { amountInWords } from '../../format/amountWords';
import { formatDateTime } from '../../format/dates';
import { formatAmount } from '../../format/money';
import { CardText } from '../cards/CardsWorkspace';
import { CATEGORY_WORDS, chargeAmount } from './words';
import { CONFIRM_ENVIRONMENT_WORDS } from '../../format/confirmWords';

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
}

/** Refusals main makes before anything is journalled or sent; any other failure may have come after. */
const refusedBeforeSending = (err: unknown) =>
  err instanceof ApiError && (err.code === 'invalidInput' || err.code === 'forbidden' || err.code === 'unknownChannel');

/** A gateway failure main put in words: they say themselves whether anything was charged. */
const isGatewayFailure = (err: unknown) => err instanceof ApiError && err.code === 'gateway';

export function ConfirmCharge({
  charge,
  onClose,
  onDone,
}: {
  readonly charge: ChargeToConfirm;
  readonly onClose: () => void;
  readonly onDone: (r: ChargeResult) => void;
}) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  const [earlier, setEarlier] = useState<readonly ChargeView[]>();
  const money = formatAmount(charge.amount, charge.currency.exponent, charge.currency.alpha);
  const send = useMutation({
    mutationFn: (confirmRepeat: boolean) =>
      call('charges.create', {
        environment: charge.environment,
        clientId: charge.clientId,
        bindingId: charge.bindingId,
        category: charge.category,
        amount: charge.amount,
        currency: charge.currency.numeric,
        ...(charge.description ? { description: charge.description } : {}),
        ...(charge.reference ? { reference: charge.reference } : {}),
        ...(confirmRepeat ? { confirmRepeat } : {}),
      }),
    onSuccess: (r) => {
      if (r.outcome === 'needsConfirmation') {
        setEarlier(r.earlier);
        setChecked(false);
      } else onDone(r);
    },
  });
  const production = charge.environment === 'production';

  return (
    <Dialog title={earlier ? 'Charge this card again?' : 'Confirm the charge'} open onClose={onClose} busy={send.isPending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && !send.isPending) send.mutate(earlier !== undefined);
        }}
      >
        <dl className={`confirm-card${production ? ' confirm-production' : ''}`}>
          <dt>Environment</dt>
          <dd>
            <strong>{CONFIRM_ENVIRONMENT_WORDS[charge.environment]}</strong>
          </dd>
          <dt>Client</dt>
          <dd className="mono">{charge.clientId}</dd>
          <dt>Card</dt>
          <dd>
            <CardText card={charge} />
          </dd>
          <dt>Category</dt>
          <dd>{CATEGORY_WORDS[charge.category]}</dd>
          <dt>Amount</dt>
          <dd>
            <strong className="confirm-amount">{money}</strong>
            <div>{amountInWords(charge.amount, charge.currency.exponent, charge.currency.alpha)}</div>
            <div className="muted">
              {charge.amount.toLocaleString()} minor units of {charge.currency.alpha} ({charge.currency.numeric})
            </div>
          </dd>
          {charge.description && (
            <>
              <dt>Description</dt>
              <dd>{charge.description}</dd>
            </>
          )}
          <dt>Order number</dt>
          <dd className="mono">{charge.reference ?? 'made by the app'}</dd>
        </dl>
        {earlier && (
          <div className="panel warning-panel" role="alert">
            <p>This card was charged the same amount within the last ten minutes. Charging it again takes the money a second time.</p>
            <ul>
              {earlier.map((c) => (
                <li key={c.id}>
                  {formatDateTime(c.at)}: {chargeAmount(c)}, {c.stateWords}, order number <span className="mono">{c.orderNumber}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <label className="checkbox confirm-check">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} id={`${id}-check`} />{' '}
          {earlier ? `Yes, charge ${money} again` : 'I have checked the client, the card and the amount'}
        </label>
        {send.isError && (
          <ErrorNotice
            className="field-error"
            error={send.error}
            lead={
              refusedBeforeSending(send.error)
                ? 'Nothing was charged:'
                : isGatewayFailure(send.error)
                  ? undefined
                  : 'The charge may or may not have been made; look at the journal before trying again.'
            }
          />
        )}
        <div className="dialog-buttons">
          {/* First in the tab order and focused by the dialog: Enter here cancels. */}
          <Button onClick={onClose} data-autofocus disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={production ? 'danger' : 'primary'} disabled={!checked || send.isPending}>
            {send.isPending ? 'Charging…' : earlier ? `Charge ${money} again` : `Charge ${money}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
