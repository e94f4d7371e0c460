/** What the parts of the reconciliation report share: the environment in words, the money columns, a row's name. */
import { useTranslation } from 'react-i18next';
import type { EnvironmentName, ReconciliationRow } from '../../../../main/ipc/contract';

/** The environment a report was run in, as the sentences about it name it. */
export function useEnvironmentWords() {
  const { t } = useTranslation('reconciliation');
  return (environment: EnvironmentName | undefined) => t(`inEnvironment.${environment ?? 'unknown'}`);
}

/** The money figures of a class's total, per currency (main/domain/orderMoney.ts's rule; net is captured less refunded). */
export const MONEY_COLUMNS = ['captured', 'refunded', 'net', 'held'] as const;

/** How a row names its order: the number, or the gateway's id where the sync has not read the order. */
export const rowName = (row: ReconciliationRow): string => row.orderNumber ?? row.orderId ?? '';
