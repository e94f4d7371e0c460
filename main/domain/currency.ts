/**
 * Currencies as the gateway names them (ISO 4217 numeric codes, "643") and amounts in their minor units.
 * The exponent comes from ISO 4217 (currency-codes); an amount becomes text through an exact decimal
 * string, never through a float. Main, its exports and the screens all read currencies here.
 */
import cc from 'currency-codes';

export interface CurrencyInfo {
  /** ISO 4217 numeric code as the gateway sends it ("643"). */
  readonly numeric: string;
  /** ISO 4217 letter code ("RUB"), when the numeric code is known. */
  readonly alpha?: string;
  /** Minor-unit digits: 2 for most, 0 for JPY, 3 for BHD; 2 for a code ISO 4217 does not know. */
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
