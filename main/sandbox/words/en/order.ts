/**
 * Why an order cannot be paid, deposited, reversed or refunded as asked, or not for that amount:
 * engine/lifecycle.ts, engine/payment.ts and the payment endpoints.
 */
export const order = {
  notWaitingForPayment: 'the order is not waiting for payment',
  email: 'String [1..40], an e-mail address (name@example.com)',
  depositNeedsHold: 'only a held order can be deposited',
  moreThanHeld: 'more than the held {{held}}',
  reversalNeedsHold: 'only a hold, or a charge on its own day, can be reversed',
  partlyRefunded: 'part of the charge was already refunded',
  reversalAttempted: 'a reversal was already attempted',
  partialReversal: 'a reversal of {{amount}} out of {{held}}',
  refundNeedsCharge: 'only a charged order with an amount left can be refunded',
  notDeposited: 'expectedDepositedAmount {{expected}} is not the deposited {{deposited}}',
  moreThanLeft: 'more than the {{left}} left to refund',
  notRegisteredAmount: '{{amount}} differs from the registered {{registered}}',
  registeredCurrency: 'the registered {{currency}}',
  notOrderAmount: "{{amount}} differs from the order's {{ordered}}",
  firstTransId: 'the identifier the first request of this order returned',
  firstCard: 'the card of the first request',
  oneOfValues: 'one of {{values}}',
  zeroWithFeatures: '0 when features ({{features}}) are passed',
} as const;
