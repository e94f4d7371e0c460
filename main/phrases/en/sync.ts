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
  /** The Orders list's saved views (services/savedViews.ts, ipc/contract/period.ts). */
  view: {
    nameEmpty: 'give the view a name',
    nameIsCard: 'holds a card number; name the view without it',
    nameTaken: 'You already have a view named "{{name}}"; choose another name.',
    tooMany: 'You have {{max}} saved views, the most one profile keeps here; delete one to save another.',
    notFound: 'That view is no longer saved: it was deleted, or saved under another environment or profile.',
    badDay: 'must be a calendar day (YYYY-MM-DD)',
  },
  /** A sync stopped by a bound on what the gateway may send (services/orderSync.ts); never gone on with. */
  bound: {
    tooManyOrders:
      'The gateway counted {{found}} orders in the period, more than the {{max}} one sync reads, so the sync stopped. Choose a shorter period.',
    pastCount: 'The gateway kept sending orders past the {{found}} it first counted in the period; the sync stopped after {{pages}} pages.',
    pageIgnored:
      'The gateway answered page {{page}} with only orders it had already sent in this sync (it seems to ignore the page asked for), so the sync stopped.',
    pageTooLong: 'The gateway sent {{found}} orders in one page of at most {{max}}, so the sync stopped.',
  },
} as const;
