/**
 * What the developer console may show: one redaction, redact(), over everything the console serves: the
 * request log (what a merchant sent and what the gateway answered), the control API's answers (the orders
 * of GET /sandbox/orders and /sandbox/orders/:orderId with their descriptions and jsonParams, bindings,
 * callback deliveries, ...: control.ts send()) and the event stream (sse.ts). The sandbox keeps what a
 * merchant sent, as a gateway does; only what it serves is redacted.
 *
 *   - Names by pattern (isSecretName): the value of a password, passphrase, token or secret, a card number
 *     (pan, cardNumber), a card code (cvc, cvc2, cvv2, cvn, csc, ...) or a card expiry (expiry, expiration,
 *     mm, yyyy, ...) becomes "•••", the key kept, so the reader sees the value was sent. Compared without a
 *     leading '$' and without case, `_`, `-` or spaces.
 *   - Name/value pairs: an object that names a value (`{ name: 'cvc', value: '123' }`, as merchantOrderParams
 *     and attributes echo jsonParams) has the value hidden when the name is secret.
 *   - Card masking: any card number left anywhere in a string (a PAN pasted into a description or an
 *     orderNumber, in whatever spelling: main/domain/cardNumbers.ts) is masked to its first six and last
 *     four digits, as the app masks them.
 *   - Nested objects, arrays and strings holding JSON are redacted the same way, all the way down.
 *
 * Kept on purpose: cardholderName (a name, shown by the gateway itself), the card as the gateway masks it
 * (maskedPan), the 3-D Secure identifiers (they are what a developer follows across requests), the order's
 * expirationDate (the order's lifetime, a date, not the card's expiry).
 */
import { maskCardNumbers } from '../../domain/cardNumbers.js';

export const REDACTED = '•••';

const SECRET_NAMES: readonly RegExp[] = [
  // Passwords, passphrases, tokens of any kind (seToken, paymentToken, apiToken), secrets, credentials.
  /pass(?:word|phrase)?$/,
  /^pwd$/,
  /token$/,
  /^token/,
  /secret/,
  /^authorization$/,
  // The card number.
  /^(?:pan|cardnumber|cardno|cardpan)\d*$/,
  // The card's code, whatever the scheme calls it.
  /^(?:cvc|cvv|cvn|cvd|csc|cav|cvc2|cvv2|securitycode|cardcode)\d*$/,
  // The card's expiry, as one field or month and year (paymentorder.do's MM and YYYY).
  /^(?:expiry|expirydate|expdate|exp|expmonth|expyear|expirymonth|expiryyear|expiration|expirationmonth|expirationyear|mm|yy|yyyy)$/,
];

/** Whether a parameter's name says its value is a secret or card data (see above). */
export function isSecretName(name: string): boolean {
  const n = name
    .replace(/^\$/, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
  return SECRET_NAMES.some((pattern) => pattern.test(n));
}

const hidden = (value: unknown) => value !== undefined && value !== null && value !== '';

function redactString(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redact(JSON.parse(text) as unknown));
    } catch {
      // not JSON after all: masked as plain text below
    }
  }
  return maskCardNumbers(text);
}

/** The name an object gives the value it carries (`{ name, value }`, `{ key, value }`), if it is one. */
function pairName(o: Readonly<Record<string, unknown>>): string | undefined {
  if (!('value' in o)) return undefined;
  const name = typeof o.name === 'string' ? o.name : typeof o.key === 'string' ? o.key : undefined;
  return name;
}

/** A value with its secrets and card numbers taken out, whatever its shape: what the console may show of it. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object' && value !== null) return redactParams(value as Record<string, unknown>);
  return value;
}

/** An object (request parameters, an answer, an order) as the console may show it. */
export function redactParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const named = pairName(params);
  const secretPair = named !== undefined && isSecretName(named);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const secret = isSecretName(name) || (secretPair && name === 'value');
    out[maskCardNumbers(name)] = secret && hidden(value) ? REDACTED : redact(value);
  }
  return out;
}
