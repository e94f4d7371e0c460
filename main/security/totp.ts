/**
 * TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, what every authenticator app reads from an
 * otpauth:// address. A code is accepted one step either side of now (a phone's clock a little off, a code typed
 * as it changed), and the step it matched is returned so that the store can refuse it a second time.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now that a code may match. */
const WINDOW = 1;
/** What an authenticator app names the account under. */
const ISSUER = 'Gateway Back Office';
/** 160 bits, as RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

export const isTotpCode = (typed: string): boolean => new RegExp(`^\\d{${DIGITS}}$`).test(typed);

export const newTotpSecret = (): Uint8Array => new Secret({ size: SECRET_BYTES }).bytes;

const totp = (secret: Uint8Array, login = '') =>
  new TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: new Secret({ buffer: secret.slice().buffer }),
  });

/** What the person types into their app, or scans: the secret in base32 and the otpauth:// address. */
export function enrolment(secret: Uint8Array, login: string): { readonly secret: string; readonly uri: string } {
  const t = totp(secret, login);
  return { secret: t.secret.base32, uri: t.toString() };
}

/** The step the code matches at `now`, or undefined when it matches none within the window. */
export function matchedStep(secret: Uint8Array, code: string, now: number): number | undefined {
  if (!isTotpCode(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
