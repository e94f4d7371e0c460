/**
 * Charges of stored cards, one from the form or rows of a batch file: why one is refused, what became of
 * it, why its outcome is not known yet, and the refusals of the batch runner and of the channels' input.
 */
export const charge = {
  /** The gateway's own words for a decline, quoted as they are (in the language the request named). */
  gatewayWords: '{{words}}',
  /** A card's category as the gateway files it, in a sentence. */
  category: {
    COMMON: 'common',
    RECURRENT: 'recurrent',
    INSTALLMENT: 'installment',
  },
  refused: {
    amountNotPositive: 'The amount must be a positive whole number of minor units',
    notSettled: 'An earlier charge on this card is not settled yet; it must be reconciled first',
    referenceUsed: 'The reference {{reference}} was already used: {{what}}',
    alreadyRunFromFile: 'already run from this file as {{orderNumber}}: {{what}}',
    sameLately:
      'the same card and amount were charged within the last 24 hours (order {{orderNumber}}, {{what}}); use the charge form if it is meant again',
    noSuchCard: 'Client {{client}} has no stored card with binding ID {{binding}}',
    cardDisabled: 'The stored card is disabled; re-enable it in Stored cards first',
    cardExpired: 'The stored card has expired',
    categoryDiffers: 'The gateway files this card as {{filed}}, not {{confirmed}}',
    environmentGone: '{{environment}} is no longer the open environment; not charged',
    /** A card number typed where the charge keeps and sends text: never kept, sent or shown back. */
    descriptionHasCard: 'The description contains a card number; not charged. Describe the charge without it',
    referenceHasCard: 'The reference is a card number; not charged. Use the invoice or case number',
    clientIsCard: 'The client ID is a card number, which the app never keeps; not charged',
  },
  /** What became of an earlier charge, in a refusal or a dry run. */
  became: {
    charged: 'charged',
    declined: 'declined, not charged',
    failed: 'failed, not charged',
    unknown: 'outcome not known yet',
  },
  /** A charge's state as it was settled, in the words finance uses. */
  state: {
    held: 'held',
    heldReversed: 'held, since reversed',
    chargedRefunded: 'charged, since refunded',
    charged: 'charged',
    declined: 'declined',
    failed: 'failed: nothing charged',
    unknown: 'outcome unknown: being reconciled',
    sending: 'being sent',
    sendingElsewhere: 'being sent or reconciled by desk {{desk}}',
    stopped: 'outcome unknown: the app stopped before the answer; being reconciled',
  },
  /** What a settled charge stands at now, after look-ups and operations. */
  standing: {
    reversed: 'reversed: nothing charged',
    held: 'held, not charged yet',
    refundedInFull: 'refunded in full',
    charged: 'charged',
    chargedInPart: 'charged in part',
    chargedPartlyRefunded: 'charged, partly refunded',
    chargedInPartPartlyRefunded: 'charged in part, partly refunded',
  },
  /** What a journal row keeps about its settlement, or about why its outcome is not known yet. */
  settlement: {
    sinceReversed: 'since reversed',
    sinceRefunded: 'since refunded',
    noStatus: 'the answer did not say the order status',
    notFinal: 'the order is not final yet (status {{status}})',
    unreadable: 'the order could not be read',
    otherOrder: "The gateway's order {{orderNumber}} is for {{amount}} {{currency}}, not this charge",
  },
  environmentChanged: 'The app is now in {{current}}, not {{confirmed}} as confirmed; {{notDone}}',
  notDone: {
    charged: 'nothing was charged. Check and confirm again.',
    sent: 'nothing was sent. Look the order up again.',
  },
  switchedWhileChecking: 'The app switched to {{environment}} while the card was checked; nothing was charged.',
  noSuchCharge: 'There is no charge {{id}} in {{environment}}',
  alreadySettled: 'Charge {{orderNumber}} is settled ({{state}}); there is nothing to reconcile',
  /** A batch file, row by row in its dry run, and the runner's refusals. */
  batch: {
    notCsv: 'The file is not valid CSV: {{reason}}',
    header: 'The header must name {{columns}}',
    headerMissing: 'The header must name {{columns}}; missing {{missing}}',
    fieldCount: 'the row has {{fields}} fields where the header has {{columns}}',
    clientId: 'clientId must have 1 to 255 characters',
    bindingId: 'bindingId must have 1 to 255 characters',
    currency: 'currency "{{currency}}" is not an ISO 4217 code',
    amount: 'amount "{{amount}}": {{problem}}',
    noCurrency: 'amount cannot be read without a currency',
    description: 'description has more than 598 characters',
    cardsUnreadable: "the client's stored cards could not be read: {{reason}}",
    noCard: 'no active stored card with this binding ID for this client',
    cardExpired: 'the stored card has expired',
    unknownCategory: 'the stored card is of an unknown category',
    duplicate: 'the same card and amount appear earlier in this file',
    triedLately: 'the same card and amount were tried within the last ten minutes; use the charge form if it is meant again',
    sameWithinTen: 'same card and amount within ten minutes',
    appError: 'the app failed while charging this row ({{reason}}); the journal shows whether it was charged',
    /** The app's own technical account of why it stopped a batch (the disk, the journal): not translated. */
    technical: '{{reason}}',
    otherEnvironment: 'Batch {{batchId}} was checked in {{checked}}, not {{environment}}; check the file again here',
    alreadyRun: 'Batch {{batchId}} has already been run; check the file again to see what is left',
    noValidRows: 'Batch {{batchId}} has no valid rows to charge',
    stale_one: 'Batch {{batchId}} was checked {{count}} minutes ago; check the file again to see what it would charge now',
    stale_other: 'Batch {{batchId}} was checked {{count}} minutes ago; check the file again to see what it would charge now',
    chargedSince:
      'A charge (order {{orderNumber}}) was made on a card of batch {{batchId}} after the file was checked; check the file again',
    notRunning: 'Batch {{batchId}} is not running',
    notFound: 'There is no checked batch {{batchId}}; check the file again (plans are kept until the app closes)',
    descriptionHasCard: 'description contains a card number',
    clientIsCard: 'the client ID is a card number, which the app never keeps',
  },
  /** What is wrong with a value of a charges channel's input. */
  input: {
    reference: 'must be 1 to 36 letters, digits or . _ / -',
    range: 'the start must not be after the end',
    batchId: 'must be a batch id returned by charges.batch.plan',
    fileEmpty: 'the file is empty',
    fileTooBig: 'the file is over 4 MB',
    descriptionHasCard: 'contains a card number; describe the charge without it',
    referenceHasCard: 'is a card number; use the invoice or case number',
    clientIsCard: 'is a card number, which the app never keeps',
  },
} as const;
