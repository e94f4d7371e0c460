/**
 * What became of a charge, in plain words: charged or held (with the order to open in Orders), declined
 * with the gateway's reason, failed or refused with nothing charged, or unknown: the answer was lost, the
 * charge is not sent again blindly, and the gateway is asked what happened (here on request, and by the
 * app on every start). The panel follows the charge's journal row as main changes it (whoever settled it:
 * this panel, "Reconcile now" above, a start-up), never the answer it was opened with. A charge above its
 * approval threshold was not sent: it awaits a second person (AwaitingApproval).
 */
import { Trans, useTranslation } from 'react-i18next';
import type { ChargeResult, ChargeView } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/Copyable';
import { AwaitingApproval } from '../approvals/AwaitingApproval';
import { say } from '../../i18n/say';
import { chargeAmount, cardWords, isHeld } from './words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ErrorDetails } from '../../components/ErrorDetails';
import { useChargeReconcile, useChargeRow } from '../../api/charges';
import { Term } from '../../components/Term';

const TONES = {
  paid: 'success-panel',
  declined: 'error-panel',
  failed: 'error-panel',
  unknown: 'warning-panel',
  refused: 'error-panel',
  needsConfirmation: 'error-panel',
} as const;

/** An answer to a charge that was tried: anything but a request for approval. */
type ChargeTried = Exclude<ChargeResult, { readonly outcome: 'awaitingApproval' }>;

/** The card charged, as the outcome names it where main's answer has no charge. */
type ChargedCard = Parameters<typeof cardWords>[0];

/** The outcome a journal row stands for now; the technical account kept while the outcome is the same. */
function asRow(first: ChargeTried, row: ChargeView | undefined): ChargeTried {
  if (!row || !('charge' in first)) return first;
  const outcome = row.state === 'PAID' ? 'paid' : row.state === 'DECLINED' ? 'declined' : row.state === 'FAILED' ? 'failed' : 'unknown';
  if (outcome === 'paid' || outcome === 'declined') return { outcome, charge: row };
  const detail = first.outcome === outcome && 'detail' in first ? first.detail : undefined;
  return { outcome, charge: row, ...(detail !== undefined ? { detail } : {}) };
}

export function ChargeOutcome({ charged, result }: { readonly charged: ChargedCard; readonly result: ChargeResult }) {
  return result.outcome === 'awaitingApproval' ? (
    <AwaitingApproval why={result.why} />
  ) : (
    <ChargeTriedOutcome charged={charged} result={result} />
  );
}

function ChargeTriedOutcome({ charged, result: first }: { readonly charged: ChargedCard; readonly result: ChargeTried }) {
  const { t, i18n } = useTranslation('charges');
  const showOrder = useUi((s) => s.showOrder);
  const journalled = 'charge' in first ? first.charge : undefined;
  // The charge's row as the journal has it now: read again whenever main says charges changed (api/events.ts).
  const row = useChargeRow(journalled);
  const result = asRow(first, row.data ?? undefined);
  const reconcile = useChargeReconcile();
  const charge: ChargeView | undefined = 'charge' in result ? result.charge : undefined;
  const heading =
    charge?.state === 'PAID' ? t(isHeld(charge) ? 'outcome.heading.held' : 'outcome.heading.paid') : t(`outcome.heading.${result.outcome}`);
  const card = cardWords(charge ?? charged);
  // Main's words for the charge (the gateway's for a decline), in the language shown.
  const reason = charge?.reason ? say(i18n, charge.reason) : undefined;

  return (
    <section className={`panel charge-outcome ${TONES[result.outcome]}`} aria-labelledby="charge-outcome-title" aria-live="polite">
      <h2 id="charge-outcome-title">{heading}</h2>
      {charge ? (
        <>
          <p>
            <Trans
              t={t}
              i18nKey="outcome.summary"
              values={{ amount: chargeAmount(charge), card, client: charge.clientId, state: say(i18n, charge.stateWords) }}
              components={{ mono: <span className="mono" />, strong: <strong /> }}
            />
          </p>
          {result.outcome === 'declined' && (
            <p>
              {charge.actionCode !== undefined
                ? t('outcome.declinedWithCode', { reason: reason ?? t('outcome.noReason'), code: charge.actionCode })
                : t('outcome.declined', { reason: reason ?? t('outcome.noReason') })}
            </p>
          )}
          {result.outcome === 'failed' && <p>{t('outcome.failed', { reason: reason ?? '' })}</p>}
          {(result.outcome === 'failed' || result.outcome === 'unknown') && <ErrorDetails detail={result.detail} />}
          {result.outcome === 'unknown' && (
            <>
              <p>{reason ? t('outcome.unknownWithLast', { reason }) : t('outcome.unknown')}</p>
              <Button variant="primary" onClick={() => reconcile.mutate(charge.id)} disabled={reconcile.isPending}>
                {reconcile.isPending ? t('askingGateway') : t('reconcileNow')}
              </Button>
              {reconcile.isError && <ErrorNotice className="field-error" error={reconcile.error} />}
            </>
          )}
          <dl className="confirm-card">
            <Term label={t('term.orderNumber')}>
              <Copyable value={charge.orderNumber} what={t('outcome.copyOrderNumber')} />
            </Term>
            {charge.orderId && (
              <Term label={t('term.orderId')}>
                <Copyable value={charge.orderId} what={t('outcome.copyOrderId')} className="mono id-value" />
              </Term>
            )}
          </dl>
          {charge.orderId && (
            <Button onClick={() => showOrder(charge.orderId!)} aria-label={t('outcome.openOrder', { order: charge.orderNumber })}>
              {t('outcome.openInOrders')}
            </Button>
          )}
        </>
      ) : (
        <p>{result.outcome === 'refused' ? say(i18n, result.reason) : t('outcome.sameRecently')}</p>
      )}
    </section>
  );
}
