/**
 * Fields the interface repeats across requests (Resources: Order, "Other fields shared by several
 * requests", Authentication), each defined once.
 */
import { z } from 'zod';
import { attributes, digits, fixed, intRange, oneOf, rule, INVALID, str, yyyymmdd, dateTime19 } from './fields.js';

export const orderId = str(1, 36);
export const orderNumber = str(1, 36);
export const amount = digits(0, 12);
/** ISO 4217 numeric code, digits only. */
export const currency = fixed(3, /^[0-9]{3}$/, 'String [3], ISO 4217 numeric code');
export const language = fixed(2, /^[a-zA-Z]{2}$/, 'String [2], ISO 639-1 code');
export const clientId = str(0, 255);
export const bindingId = str(1, 255);
export const description = str(1, 598);
export const ip = str(1, 39);
export const sessionTimeoutSecs = digits(1, 9);
export const expirationDate = dateTime19;
export const url = str(1, 512);
export const cardholderName = str(1, 150);
export const merchantLogin = str(1, 255);
export const postAddress = str(1, 255);
export const email = str(1, 40);
export const mcc = digits(4, 4);
export const mvv = str(1, 10);
export const feeInput = digits(0, 8);

export const userName = str(1, 50);
export const password = str(1, 30);
export const token = str(1, 256);

/** Card number: 15 to 19 digits wherever a request carries a full PAN as a string. */
export const pan = str(15, 19, /^[0-9]+$/, 'String [15..19] of digits');
export const cvc = fixed(3, /^[0-9]{3}$/, 'String [3], digits only');

export const FEATURES = ['FORCE_SSL', 'FORCE_CREATE_BINDING', 'VERIFY'] as const;
export type Feature = (typeof FEATURES)[number];

/** features: repeat the parameter for several; a JSON body may send an array. */
export const features = rule<string | string[], Feature[]>(`features from ${FEATURES.join(', ')}`, (value) => {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((f) => typeof f === 'string' && (FEATURES as readonly string[]).includes(f))) {
    return INVALID;
  }
  return [...new Set(list as Feature[])];
});

/** Transaction initiator indicator; the empty value ("regular") arrives as an absent field. */
export const TII = ['CI', 'F', 'U', 'RI', 'R', 'II', 'I'] as const;
export type Tii = (typeof TII)[number];
export const tii = oneOf(TII, 'one of CI, F, U, RI, R, II, I (or empty)');

export const threeDSProtocolVersion = oneOf(['2.1.0', '2.2.0'] as const);

/** jsonParams: free-form attributes for the processing center. */
export const jsonParams = attributes;

/**
 * The stored-credential attributes that jsonParams or additionalParameters carry (flows 3 and 5, and
 * wallet payment.do), each with its rule.
 */
export const credentialAttributes = {
  installments: digits(1, 3),
  totalInstallmentAmount: digits(1, 12),
  recurringFrequency: intRange(1, 28, 'Integer [2], 1 to 28'),
  recurringExpiry: yyyymmdd,
};

/** Name/value pairs additionalParameters may hold, plus the credential attributes with their rules. */
export const additionalParameters = z.record(z.string(), z.unknown(), { error: 'an object of name/value pairs' });
