/** The reconciliation report of a period, in Russian (main/phrases/en/reconciliation.ts). */
import type { reconciliation as en } from '../en/reconciliation.js';
import type { Catalogue } from '../catalogue.js';

export const reconciliation: Catalogue<typeof en> = {
  notKept: 'Этот отчёт больше не хранится; запустите сверку снова, чтобы выгрузить его',
  badRunId: 'должен быть ID запуска, полученный от period.reconcile',
};
