/** What the parts of Approvals share: whose lists they read, and a request's money, card and environment in words. */
import type { ApprovalRequestView, EnvironmentName } from '../../../../main/ipc/contract';
import { formatMinorIn } from '../../format/money';
import { i18n } from '../../i18n';
import { cardWords } from '../charges/words';
import { ENVIRONMENTS } from '../settings/shared';
import { useOffered } from '../session/offered';

/** The person signed in, whose requests are `mine`; undefined outside the shell. */
export function usePersonId(): string | undefined {
  const session = useOffered();
  return session && 'person' in session ? session.person.id : undefined;
}

/** The request's amount in its currency ("RUB 1,250.00"). */
export const requestMoney = (r: Pick<ApprovalRequestView, 'amount' | 'currency'>): string => formatMinorIn(r.amount, r.currency);

/** A charge's card: its masked number, or its binding where none was seen. */
export const requestCard = (r: Pick<ApprovalRequestView, 'maskedPan' | 'bindingId'>): string =>
  cardWords({ maskedPan: r.maskedPan, bindingId: r.bindingId ?? '' });

/** A batch's totals, one per currency ("RUB 1,250.00, USD 80.00"). */
export const requestTotals = (r: Pick<ApprovalRequestView, 'totals' | 'amount' | 'currency'>): string =>
  Object.entries(r.totals ?? { [r.currency]: r.amount })
    .map(([currency, amount]) => formatMinorIn(amount, currency))
    .join(', ');

/** A refund's order as the person knows it: its number where known, else its gateway ID. */
export const requestOrder = (r: Pick<ApprovalRequestView, 'orderNumber' | 'orderId'>): string => r.orderNumber ?? r.orderId ?? '';

/** The environment as a confirmation names it ("Production: real card, real money"); an unknown one as it is. */
export const confirmedEnvironment = (environment: string): string =>
  (ENVIRONMENTS as readonly string[]).includes(environment)
    ? i18n.t(`common:confirmEnvironment.${environment as EnvironmentName}`)
    : environment;
