/**
 * Redaction for anything the client shows outside itself (hooks, logs, the command line): secrets and
 * card data are replaced wherever they appear, at any depth.
 */
const SENSITIVE = new Set(['password', 'token', '$pan', '$cvc', 'cvc', 'pan', 'setoken', 'paymenttoken', 'x-signature', 'authorization']);

export const REDACTED = '[redacted]';

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE.has(key.toLowerCase());
}

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSensitiveKey(k) ? REDACTED : redact(v)]));
  }
  return value;
}
