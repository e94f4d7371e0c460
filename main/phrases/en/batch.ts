/** Batch look-ups: why a file or a retry was refused, and why a line was skipped (services/batchInput.ts, batchLookups.ts). */
export const batch = {
  unreadable: 'The file is not readable as a list or CSV: {{error}}',
  noNumbers: 'The file has no numbers in it',
  tooManyRows: 'The file has more than 200,000 rows; split it',
  noneValid_one: 'None of the {{count}} rows is an order number or ID',
  noneValid_other: 'None of the {{count}} rows is an order number or ID',
  skipped: {
    empty: 'empty',
    tooLong: 'longer than 36 characters',
    control: 'contains control characters',
    more_one: 'and {{count}} more rows skipped',
    more_other: 'and {{count}} more rows skipped',
  },
  /** A found order's reason: the gateway's own words, in the language the request named. */
  gatewayReason: '{{reason}}',
  unknown: 'There is no batch {{batchId}} (batches are kept in memory until the app closes, the last few only)',
  stillRunning: 'The batch is still running: cancel it or let it finish first',
  otherEnvironment: 'The batch ran in the {{was}} environment and the app is now on {{now}}: start a new batch',
  nothingToRetry: 'No line of the batch failed or was cancelled: there is nothing to retry',
  /** The contract's refusals. */
  badId: 'must be a batch id returned by orders.batch.start',
  fileEmpty: 'the file is empty',
  fileTooBig: 'the file is over 16 MB',
} as const;
