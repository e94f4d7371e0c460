/**
 * One order as main describes it: why a look-up could not be made, the status and the header in words, and
 * what its timeline says happened (services/orders.ts, orderTimeline.ts).
 */
export const order = {
  queryLength: 'An order number or ID has 1 to 36 characters',
  /** The contract's refusal of an empty search box. */
  typeQuery: 'type an order number or ID',
  status: {
    registered: 'Registered, not paid',
    held: 'Amount held',
    charged: 'Charged',
    reversed: 'Reversed',
    refunded: 'Refunded',
    threeDs: '3-D Secure authentication in progress',
    declined: 'Declined',
    pending: 'Payment pending',
    partlyCompleted: 'Partly completed',
    unknown: 'Unknown',
    other: 'Unknown status {{status}}',
  },
  headline: {
    partlyChargedRefunded: 'Partially charged, partially refunded',
    partlyRefunded: 'Partially refunded',
    partlyCharged: 'Partially charged',
  },
  timeline: {
    registered: 'Registered',
    held: 'Held',
    paid: 'Paid',
    declined: 'Declined',
    threeDs: '3-D Secure authentication started',
    /** Of a hold charged in part; the timeline adds the amount and what was released. */
    chargedPart: 'Charged',
    refunded: 'Refunded',
    reversed: 'Reversed',
    storedCardHold: 'Hold of the stored card',
    storedCardCharge: 'Charge of the stored card',
    deposit: 'Charge of the held amount',
    reverse: 'Reversal',
    refund: 'Refund',
    /** A decline's detail: the gateway's words (or noReason) and its action code (or noCode). */
    declineDetail: '{{reason}} (action code {{code}})',
    noReason: 'no reason given',
    noCode: '?',
    reference: 'reference {{reference}}',
  },
} as const;
