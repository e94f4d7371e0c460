/**
 * What became of a charge, in plain words: charged or held (with the order to open in Orders), declined
 * with the gateway's reason, failed or refused with nothing charged, or unknown: the answer was lost, the
 * charge is not sent again blindly, and the gateway is asked what happened (here on request, and by the
 * app on every start).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChargeResult, ChargeView } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/CopyButton';
import type { ChargeToConfirm } from './ConfirmCharge';
import { chargeAmount, cardWords } from './words';
import { ErrorDetails, ErrorNotice } from '../../components/ErrorNotice';

const HEADINGS = {
  paid: 'Charged',
  declined: 'Declined',
  failed: 'Not charged',
  unknown: 'Outcome unknown',
  refused: 'Not charged',
  needsConfirmation: 'Not charged',
} as const;

const TONES = {
  paid: 'success-panel',
  declined: 'error-panel',
  failed: 'error-panel',
  unknown: 'warning-panel',
  refused: 'error-panel',
  needsConfirmation: 'error-panel',
} as const;

export function ChargeOutcome({ charged, result: first }: { readonly charged: ChargeToConfirm; readonly result: ChargeResult }) {
  const [result, setResult] = useState(first);
  const queries = useQueryClient();
  const showOrder = useUi((s) => s.showOrder);
  const reconcile = useMutation({
    mutationFn: (id: number) => call('charges.reconcile', { id }),
    onSuccess: (r) => {
      if (r.results[0]) setResult(r.results[0]);
      void queries.invalidateQueries({ queryKey: ['charges'] });
    },
  });
  const charge: ChargeView | undefined = 'charge' in result ? result.charge : undefined;
  const heading = charge?.state === 'PAID' ? (charge.stateWords.startsWith('held') ? 'Held' : 'Charged') : HEADINGS[result.outcome];
  const card = cardWords(charge ?? charged);

  return (
    <section className={`panel charge-outcome ${TONES[result.outcome]}`} aria-labelledby="charge-outcome-title" aria-live="polite">
      <h2 id="charge-outcome-title">{heading}</h2>
      {charge ? (
        <>
          <p>
            {chargeAmount(charge)} on card <span className="mono">{card}</span> of client <span className="mono">{charge.clientId}</span>:{' '}
            <strong>{charge.stateWords}</strong>.
          </p>
          {result.outcome === 'declined' && (
            <p>
              The gateway says: {charge.reason ?? 'no reason given'}
              {charge.actionCode !== undefined ? ` (action code ${charge.actionCode})` : ''}. Nothing was charged.
            </p>
          )}
          {result.outcome === 'failed' && <p>Nothing was charged. {charge.reason ?? ''}</p>}
          {(result.outcome === 'failed' || result.outcome === 'unknown') && <ErrorDetails detail={result.detail} />}
          {result.outcome === 'unknown' && (
            <>
              <p>
                The gateway’s answer did not arrive, so the charge may or may not have gone through. It is not sent again blindly: the app
                asks the gateway what happened{charge.reason ? ` (last: ${charge.reason})` : ''}. Until then this card takes no new charge.
              </p>
              <Button variant="primary" onClick={() => reconcile.mutate(charge.id)} disabled={reconcile.isPending}>
                {reconcile.isPending ? 'Asking the gateway…' : 'Reconcile now'}
              </Button>
              {reconcile.isError && <ErrorNotice className="field-error" error={reconcile.error} />}
            </>
          )}
          <dl className="confirm-card">
            <dt>Order number</dt>
            <dd>
              <Copyable value={charge.orderNumber} what="order number" />
            </dd>
            {charge.orderId && (
              <>
                <dt>Order ID</dt>
                <dd>
                  <Copyable value={charge.orderId} what="order ID" className="mono id-value" />
                </dd>
              </>
            )}
          </dl>
          {charge.orderId && (
            <Button onClick={() => showOrder(charge.orderId!)} aria-label={`Open order ${charge.orderNumber} in Orders`}>
              Open in Orders
            </Button>
          )}
        </>
      ) : (
        <p>{result.outcome === 'refused' ? result.reason : 'The same card and amount were charged within ten minutes.'}</p>
      )}
    </section>
  );
}
