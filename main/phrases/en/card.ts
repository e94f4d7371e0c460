/** Stored cards: what is wrong with a value of a search or a change of a card (or of a charge of one). */
export const card = {
  number: 'must be 12 to 19 digits, without spaces',
  checkDigit: 'is not a valid card number: its check digit is wrong (a digit mistyped?)',
  expiryFormat: 'must be a month as YYYYMM, e.g. 202912',
  expiryPast: 'must not be in the past',
  findOne: 'give exactly one of a client ID, a binding ID or a card number',
} as const;
