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
  tooShort_few: 'Must have at least {{count}} characters.',
  tooShort_many: 'Must have at least {{count}} characters.',
  tooShort_other: 'Must have at least {{count}} characters.',
  tooLong_one: 'Must have at most {{count}} character.',
  tooLong_few: 'Must have at most {{count}} characters.',
  tooLong_many: 'Must have at most {{count}} characters.',
  tooLong_other: 'Must have at most {{count}} characters.',
  tooFew_one: 'Must have at least {{count}} item.',
  tooFew_few: 'Must have at least {{count}} items.',
  tooFew_many: 'Must have at least {{count}} items.',
  tooFew_other: 'Must have at least {{count}} items.',
  tooMany_one: 'Must have at most {{count}} item.',
  tooMany_few: 'Must have at most {{count}} items.',
  tooMany_many: 'Must have at most {{count}} items.',
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
  unknownFields: 'Unknown field(s): {{keys}}.',
  invalid: 'This value is not valid.',
  /** The contract's shared schemas (ipc/contract/shared.ts). */
  orderId: 'must be a gateway orderId (a UUID)',
  controlCharacters: 'must not contain control characters',
  currency: 'must be an ISO 4217 numeric currency code, e.g. 643',
  clientId: 'enter a client ID',
  bindingId: 'enter a binding ID',
  startAfterEnd: 'the start must not be after the end',
} as const;
