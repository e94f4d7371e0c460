/**
 * Amounts in minor units, shown for their currency. The exponent comes from ISO 4217 (currency-codes);
 * formatting is Intl's, fed an exact decimal string so that no amount passes through a float.
 */
import cc from 'currency-codes';

export interface CurrencyInfo {
  /** ISO 4217 numeric code as the gateway sends it ("643"). */
  readonly numeric: string;
  /** ISO 4217 letter code ("RUB"), when the numeric code is known. */
  readonly alpha?: string;
  /** Minor-unit digits: 2 for most, 0 for JPY, 3 for BHD. */
  readonly exponent: number;
}

/** The ISO 4217 numeric code as the app keeps it: three digits, zero-padded ("40" becomes "040"). */
export function numericCode(numeric: string | undefined): string {
  return (numeric ?? '').padStart(3, '0');
}

export function currencyInfo(numeric: string | undefined): CurrencyInfo {
  const code = numericCode(numeric);
  const record = cc.number(code);
  return record ? { numeric: code, alpha: record.code, exponent: record.digits } : { numeric: code, exponent: 2 };
}

/** The exact decimal text of an amount in minor units: 12345 with exponent 2 is "123.45". */
export function decimalText(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`Not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

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
