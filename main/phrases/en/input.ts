/**
 * What is wrong with one value of a request (a field of a form, a value in an IPC payload): the gateway's
 * rules, zod's own kinds of issue (ipc/errors.ts fieldPhrase), and the messages of the contract's shared
 * schemas (ipc/contract/shared.ts).
 */
export const input = {
  missing: 'This value is missing.',
  breaksRule: "This value breaks the gateway's rule: {{rule}}.",
  notAccepted: 'This value is not accepted ({{reason}}).',
  /** The request's refused fields, one after another (ipc.invalidInput). */
  field: '{{path}}: {{problem}}',
  fields: '{{path}}: {{problem}}; {{rest}}',
  /** zod's own kinds of issue. */
  wrongType: 'This value has the wrong type.',
  expected: 'Must be {{type}}.',
  type: {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'yes or no',
    object: 'an object',
    array: 'a list',
    null: 'empty',
  },
  tooShort_one: 'Must have at least {{count}} character.',
  tooShort_other: 'Must have at least {{count}} characters.',
  tooLong_one: 'Must have at most {{count}} character.',
  tooLong_other: 'Must have at most {{count}} characters.',
  tooFew_one: 'Must have at least {{count}} item.',
  tooFew_other: 'Must have at least {{count}} items.',
  tooMany_one: 'Must have at most {{count}} item.',
  tooMany_other: 'Must have at most {{count}} items.',
  tooSmall: 'Must be at least {{min}}.',
  aboveZero: 'Must be above {{min}}.',
  tooBig: 'Must be at most {{max}}.',
  belowMax: 'Must be below {{max}}.',
  badFormat: 'Is not in the expected form.',
  url: 'Must be a URL (https://…).',
  uuid: 'Must be a UUID.',
  notOneOf: 'Must be one of: {{values}}.',
  notMultiple: 'Must be a multiple of {{divisor}}.',
  unknownFields_one: 'Unknown field: {{keys}}.',
  unknownFields_other: '{{count}} unknown fields: {{keys}}.',
  invalid: 'This value is not valid.',
  /** The contract's shared schemas (ipc/contract/shared.ts). */
  orderId: 'must be a gateway orderId (a UUID)',
  controlCharacters: 'must not contain control characters',
  currency: 'must be an ISO 4217 numeric currency code, e.g. 643',
  clientId: 'enter a client ID',
  customerSearch: 'enter a client ID, or a card’s first six or last four digits',
  bindingId: 'enter a binding ID',
  startAfterEnd: 'the start must not be after the end',
  /** An amount as typed or written in a file (domain/typedAmount.ts), refused. */
  amount: {
    empty: 'Enter an amount',
    notNumber: 'Use digits only, with a point or comma before the decimals',
    grouping: 'The digits are grouped wrongly: thousands go in threes, as in 1,250,000 or 1 250 000',
    decimalSigns: 'There is more than one decimal sign',
    ambiguous: 'This could be thousands or decimals: write 1250 or 1 250 for thousands, 1.25 for decimals',
    noDecimals: 'This currency has no decimals',
    decimals_one: 'At most {{count}} decimal for this currency',
    decimals_other: 'At most {{count}} decimals for this currency',
    tooLarge: 'The amount is too large',
    zero: 'The amount must be more than zero',
  },
} as const;
