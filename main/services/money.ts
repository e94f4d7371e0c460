/**
 * Amounts in minor units, shown for their currency. The exponent comes from ISO 4217 (currency-codes);
 * formatting is Intl's, fed an exact decimal string so that no amount passes through a float.
 */
import { currencyInfo, decimalText } from '../domain/currency.js';

export { currencyInfo, decimalText, numericCode, type CurrencyInfo } from '../domain/currency.js';

/**
 * "RUB 123.45" in the user's locale (Intl decides symbol and separators); `display: 'code'` always writes
 * the letter code ("EUR 5.00", never "€5.00"), for audit entries and messages read next to other currencies.
 */
export function formatMoney(minor: number, numeric: string | undefined, locale = 'en', display: 'symbol' | 'code' = 'symbol'): string {
  const info = currencyInfo(numeric);
  const text = decimalText(minor, info.exponent);
  if (!info.alpha) return `${text} (${info.numeric})`;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: info.alpha,
    currencyDisplay: display,
    minimumFractionDigits: info.exponent,
    maximumFractionDigits: info.exponent,
  });
  // Intl formats a decimal string exactly (no float in between).
  return format.format(text as unknown as number);
}
