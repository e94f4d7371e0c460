/**
 * Four-eyes approvals: why money waits for a second person, and why a request cannot be approved, withdrawn or
 * declined.
 */
export const approval = {
  needed: 'Over {{threshold}}, a second person must approve this',
  neededTogether: 'With the {{before}} given back on this order before, this is over {{threshold}}: a second person must approve it',
  requested: 'Over {{threshold}}: sent for approval; another finance person or administrator approves it',
  awaiting: 'A request by {{by}} for {{amount}} awaits approval here; approve, decline or withdraw it first',
  notFound: 'No such approval request',
  currencyUnknown:
    "The gateway did not say the order's currency or amount, so no threshold can be told not to apply; nothing was sent. Check the order and give an amount",
  own: 'You asked for this yourself; another person must approve it',
  otherAction: 'This approval is for another order, card or amount',
  otherEnvironment: 'This request is in {{environment}}; switch to it to approve it',
  notYours: 'Only the person who asked can withdraw a request; others decline it',
  is: {
    approved: 'This request was approved already, by {{by}}',
    withdrawn: 'This request was withdrawn',
    declined: 'This request was declined, by {{by}}',
    expired: 'This request expired: a request may be approved within 24 hours. Ask again if it is still needed.',
  },
  notPositive: 'A threshold must be a positive whole number of minor units',
  notAccepted: '{{currency}} is not among the currencies {{environment}} accepts',
  damaged:
    'The approval thresholds kept for {{environment}} cannot be read; every such action needs a second person until an administrator sets them again',
  batchNeeded: "This batch's charges together are over {{threshold}}: a second person must approve the batch before it runs",
  batchRowNeeded:
    "With the {{before}} this batch charged before, this row is over the batch's {{threshold}}, and no approval of the batch covers it",
  onlyBatch: 'A refund or a charge is approved by sending it, from the list of requests',
  action: {
    refund: 'refund',
    charge: 'charge',
    batch: 'batch',
  },
} as const;
