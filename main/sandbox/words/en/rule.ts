/**
 * The protocol's field rules (main/protocol: the spec's type text, "String [3], ISO 4217 numeric code"),
 * each as main/protocol writes it, for ruleWords() to find by its English. A rule with {{values}} is one
 * built from a list: the words before the list are translated and the list is kept. The type notation
 * (String [1..36], Integer [1..19], YYYYMM) is the spec's and stays as it is in every language.
 */
export const rule = {
  currencyCode: 'String [3], ISO 4217 numeric code',
  languageCode: 'String [2], ISO 639-1 code',
  digits15to19: 'String [15..19] of digits',
  digits3: 'String [3], digits only',
  tii: 'one of CI, F, U, RI, R, II, I (or empty)',
  namedValues: 'an object of name/value pairs',
  namedAttributes: 'an object of name/value attributes',
  unixMillis: 'Unix time in milliseconds',
  cardholderName: 'String [2..45]: Latin letters, space, full stop, hyphen, apostrophe',
  merchantLogins: 'comma-separated merchant logins, String [1..255] each',
  beforeTo: 'a time before to',
  dateTime: 'String [19], format yyyy-MM-ddTHH:mm:ss',
  compactDateTime: 'String [14], format YYYYMMDDHHmmss',
  phone: 'String [7..15]: 7 to 15 digits, optional leading + or 00',
  jsonObject: 'a JSON object',
  object: 'an object',
  array: 'an array',
  oneElement: 'exactly one element',
  latin: 'String [0..50], Latin characters only',
  countryCode: 'String [2], ISO 3166-1 two-letter code',
  subMerchants: 'an array of sub-merchants',
  quantity: 'Number [1..18] with at most 3 decimal places',
  itemAmount: 'itemPrice multiplied by quantity',
  cartItems: 'a cart item or an array of them',
  cartItem: 'at least one cart item',
  oneOf: 'one of {{values}}',
  features: 'features from {{values}}',
  subset: 'comma-separated subset of {{values}}',
  type: 'a value of type {{values}}',
} as const;
