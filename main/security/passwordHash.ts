/**
 * Passwords and passphrases kept only as scrypt hashes (node:crypto), verified in constant time. The
 * parameters are kept with each hash so that they can be raised later; read back, they are bounded, so a
 * damaged or planted record cannot make the app allocate gigabytes. scrypt runs on libuv's thread pool,
 * never on main's thread.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface ScryptParameters {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's parameters for scrypt (Password Storage Cheat Sheet): 128 MiB and about half a second here. */
export const OWASP_SCRYPT: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);

export const passwordHashSchema = z.object({
  salt: base64,
  key: base64,
  N: z
    .number()
    .int()
    .min(2 ** 14)
    .max(2 ** 17)
    .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
  r: z.number().int().min(1).max(8),
  p: z.number().int().min(1).max(4),
});
export type PasswordHash = z.output<typeof passwordHashSchema>;

function derive(password: string, salt: Buffer, h: ScryptParameters): Promise<Buffer> {
  // NFC: the same password typed on another keyboard or system may arrive composed differently.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, parameters: ScryptParameters = OWASP_SCRYPT): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  return { salt: salt.toString('base64'), key: key.toString('base64'), N: parameters.N, r: parameters.r, p: parameters.p };
}

export async function passwordMatches(password: string, h: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(h.key, 'base64');
  const key = await derive(password, Buffer.from(h.salt, 'base64'), h);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no one knows a password for, checked when there is no account by the login given: a sign-in for a
 * login nobody has takes as long as one with a wrong password, so the time does not tell them apart. Its
 * salt and key are random bytes written here once: finding a password that derives this key is as hard as
 * breaking scrypt, and nothing needs to be computed for it at start.
 */
export const NO_ACCOUNT: PasswordHash = {
  salt: 'u2EFtVS4SxD+cwbXWpqIvA==',
  key: '0Qi/0r3iYNj5b6GaD6kLc4mkbgK0zyTZqdao/e5eu5k=',
  ...OWASP_SCRYPT,
};
