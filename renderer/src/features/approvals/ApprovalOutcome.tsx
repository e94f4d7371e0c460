/**
 * What approving a request did, as the screens that send money say it: a charge's outcome as the Charges form
 * shows it (following its journal row), a refund's in the words of the order's dialog with the order to open,
 * or why nothing was tried.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView, ApprovalResult, OperationResult } from '../../../../main/ipc/contract';
import { useUi } from '../../app/uiStore';
import { Button } from '../../components/Button';
import { say } from '../../i18n/say';
import { ChargeOutcome } from '../charges/ChargeOutcome';
import { operationOutcomeWords } from '../orders/operationWords';
import { requestMoney, requestOrder } from './shared';

const PANELS = { success: 'success-panel', error: 'error-panel', info: 'warning-panel' } as const;

export function ApprovalOutcome({ request, result }: { readonly request: ApprovalRequestView; readonly result: ApprovalResult }) {
  const { t, i18n } = useTranslation('approvals');
  if (result.action === 'charge')
    return <ChargeOutcome charged={{ bindingId: request.bindingId ?? '', maskedPan: request.maskedPan }} result={result.result} />;
  if (result.action === 'refund') return <RefundOutcome request={request} result={result.result} />;
  if (result.action === 'batch')
    return (
      <p className="panel success-panel" role="status">
        {t('outcome.batch', { id: request.id, batchId: request.batchId ?? '' })}
      </p>
    );
  return (
    <p className="panel error-panel" role="alert">
      {t('outcome.none', { reason: say(i18n, result.reason) })}
    </p>
  );
}

function RefundOutcome({ request, result: r }: { readonly request: ApprovalRequestView; readonly result: OperationResult }) {
  const id = useId();
  const { t } = useTranslation('approvals');
  const showOrder = useUi((s) => s.showOrder);
  const money = r.amount ? requestMoney({ amount: r.amount, currency: request.currency }) : undefined;
  const said = operationOutcomeWords(r, r.operation === 'reverse' ? 'reverse' : r.operation, money, requestOrder(request));
  return (
    <section className={`panel ${PANELS[said.tone]}`} role="status" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('outcome.title', { id: request.id })}</h2>
      <p>{said.text}</p>
      {request.orderId && <Button onClick={() => showOrder(request.orderId!)}>{t('outcome.openOrder')}</Button>}
    </section>
  );
}
