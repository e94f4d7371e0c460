/**
 * The orders of a period: a sync that failed, an export refused, and the contract's refusals of a period
 * or a filter (services/orderSync.ts, orderList.ts, ipc/contract/period.ts).
 */
export const sync = {
  failed: 'The sync failed',
  tooManyToExport: '{{found}} orders match; narrow the filters to {{max}} or fewer to export them',
  startBeforeEnd: 'the start must be before the end',
  periodTooLong: 'a period is at most 400 days',
  minAboveMax: 'the smallest amount must not be above the largest',
  first6: 'must be the first six digits of a card',
  last4: 'must be the last four digits of a card',
  textIsCard: 'is a card number; search by its first six and last four digits',
} as const;
