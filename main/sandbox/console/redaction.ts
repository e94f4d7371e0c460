/**
 * What the developer console may show of a request: every parameter, with secrets and card data taken
 * out. One function for the request log, its events and anything else that shows what a merchant sent.
 *
 *   - The values of the secret names (passwords, merchant tokens, card number, CVC, card expiry, wallet
 *     tokens) become "•••", the key kept, so the reader sees the value was sent.
 *   - Any card number left anywhere in a string (a PAN pasted into a description, a nested JSON block sent
 *     as a form field) is masked to its first six and last four digits, as the app masks them.
 *   - Nested objects, arrays and strings holding JSON objects are redacted the same way, all the way down.
 *
 * Kept on purpose: cardholderName (a name, shown by the gateway itself), the 3-D Secure identifiers (they
 * are what a developer follows across requests), the order's expirationDate (the order's lifetime, a date,
 * not the card's expiry).
 */
import { maskCardNumbers } from '../../domain/cardNumbers.js';

export const REDACTED = '•••';

/** Secret parameter names, compared without a leading '$' and case-insensitively. */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  'password',
  'token',
  'pan',
  'cvc',
  'cvv',
  'cvv2',
  'expiry',
  // paymentorder.do's card expiry as month and year
  'mm',
  'yyyy',
  'setoken',
  'paymenttoken',
]);

const isSecret = (name: string) => SECRET_NAMES.has(name.replace(/^\$/, '').toLowerCase());

function redactString(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text) as unknown));
    } catch {
      // not JSON after all: masked as plain text below
    }
  }
  return maskCardNumbers(text);
}

/** A value with its secrets and card numbers taken out, whatever its shape. */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) return redactParams(value as Record<string, unknown>);
  return value;
}

/**
 * The gateway's answer as the console may show it: as the merchant received it (its card fields are the
 * gateway's masked ones), with any card number that is still whole masked.
 */
export function maskAnswer(value: unknown): unknown {
  if (typeof value === 'string') return maskCardNumbers(value);
  if (Array.isArray(value)) return value.map(maskAnswer);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskAnswer(v)]));
  }
  return value;
}

/** Request parameters as the console may show them. */
export function redactParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = isSecret(name) && value !== undefined && value !== null && value !== '' ? REDACTED : redactValue(value);
  }
  return out;
}
