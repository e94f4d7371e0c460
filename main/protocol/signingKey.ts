/**
 * The interface: "The signing key is 2048-bit RSA". The sandbox refuses a certificate with another key at
 * upload, and the app refuses such a key at import, both naming what they found. The app also refuses, at
 * import and at activation, an RSA key whose public exponent is not 65537.
 */
import type { KeyObject } from 'node:crypto';

/** What the key is when it is not a 2048-bit RSA key ("RSA 4096-bit", "EC"); undefined when it is one. */
export function wrongSigningKey(key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType;
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (type === 'rsa' && bits === 2048) return undefined;
  return type === 'rsa' ? `RSA ${bits}-bit` : (type ?? 'unknown').toUpperCase();
}

/**
 * The public exponent a signing key must have: 65537, which every RSA key generator uses. A small one such
 * as 3 lets a signature be forged without the private key against a verifier that checks the PKCS#1 v1.5
 * padding loosely (Bleichenbacher, 2006), so such a key is refused even though it is 2048-bit RSA.
 */
export const SIGNING_KEY_EXPONENT = 65537n;

/** An RSA key's public exponent when it is not 65537 ("3"); undefined for 65537 or a key that is not RSA. */
export function wrongExponent(key: KeyObject): string | undefined {
  const exponent = key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.publicExponent : undefined;
  return exponent === undefined || exponent === SIGNING_KEY_EXPONENT ? undefined : exponent.toString();
}
