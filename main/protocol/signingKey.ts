/**
 * The interface: "The signing key is 2048-bit RSA". The sandbox refuses a certificate with another key at
 * upload, and the app refuses such a key at import, both naming what they found.
 */
import type { KeyObject } from 'node:crypto';

/** What the key is when it is not a 2048-bit RSA key ("RSA 4096-bit", "EC"); undefined when it is one. */
export function wrongSigningKey(key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType;
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (type === 'rsa' && bits === 2048) return undefined;
  return type === 'rsa' ? `RSA ${bits}-bit` : (type ?? 'unknown').toUpperCase();
}
