/**
 * The currencies the sandbox accepts (ISO 4217 numeric code -> minor-unit exponent). Sandbox choice: a
 * fixed list that covers exponents 0, 2 and 3, so clients are tested against more than two decimals.
 */
export const CURRENCIES: Readonly<Record<string, number>> = {
  '643': 2, // RUB
  '840': 2, // USD
  '978': 2, // EUR
  '826': 2, // GBP
  '933': 2, // BYN
  '398': 2, // KZT
  '051': 2, // AMD
  '156': 2, // CNY
  '949': 2, // TRY
  '392': 0, // JPY
  '048': 3, // BHD
};

/** The merchant's default currency when a request leaves it out (sandbox choice: RUB, as the family's). */
export const DEFAULT_CURRENCY = '643';
