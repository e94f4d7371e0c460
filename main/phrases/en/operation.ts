/** Deposit, reverse and refund on an order: why one was not sent, or why it was refused (services/orderOperations.ts). */
export const operation = {
  /** The operations by name, as a refusal names the one still open. */
  kind: {
    deposit: 'deposit',
    reverse: 'reverse',
    refund: 'refund',
  },
  statusUnreadable:
    "The order's current status could not be read, so nothing was sent. {{what}} Try again in a minute; if it persists, check the environment in Settings.",
  stillOpen:
    'A {{kind}} on this order (started by {{operator}}) has no answer yet; nothing more is sent on the order until it is reconciled',
  onlyHeld: 'Only a held amount can be charged: the order is now {{status}} (status {{code}}); nothing was sent',
  onlyHeldOrCharged: 'Only a hold or a charge can be reversed: the order is now {{status}} (status {{code}}); nothing was sent',
  onlyCharged: 'Only a charged order with an amount left can be refunded: the order is now {{status}} (status {{code}}); nothing was sent',
  reversalRefused:
    'The gateway did not allow the reversal (a charge can be reversed only on the day it was made, once), so nothing was returned; it can be refunded instead',
  unknownCode: 'unknown',
  inStatus: 'The order is in status {{status}}',
  /** The contract's refusals of the operator's reason. */
  reasonTooLong: 'has at most 200 characters',
  reasonHasCard: 'contains a card number; say why without it',
} as const;
