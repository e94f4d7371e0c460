/**
 * A person's TOTP secret as the store keeps it: sealed with AES-256-GCM under the team key (a 256-bit key each
 * desk holds in its OS keychain, never in a database), with the account's id bound in as associated data. A
 * copy of the database alone therefore yields no secret, and a sealed secret copied into another account's
 * row does not open there. The team key is told apart from another by its check value (keyCheck): an HMAC of a
 * constant, which a database may keep, since it gives away nothing of the key.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 bytes: AES-256. */
export const TEAM_KEY_BYTES = 32;
/** GCM's recommended 96-bit nonce, random per sealing: a key seals few secrets (one per enrolment), far below GCM's limits. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What the sealed text begins with: a later scheme can be told apart from this one. */
const VERSION = 'v1';
const CHECK_CONSTANT = 'gateway-backoffice team key check v1';

export const newTeamKey = (): Buffer => randomBytes(TEAM_KEY_BYTES);

/** The key's check value, as hex: what a database keeps to tell the team's key from another. */
export const keyCheck = (key: Buffer): string => createHmac('sha256', key).update(CHECK_CONSTANT).digest('hex');

/** Whether `key` is the one whose check value is `check`, in constant time. */
export function keyMatches(key: Buffer, check: string): boolean {
  const mine = Buffer.from(keyCheck(key), 'hex');
  const theirs = Buffer.from(check, 'hex');
  return mine.length === theirs.length && timingSafeEqual(mine, theirs);
}

/** The secret's bytes sealed for the account: `v1.` nonce, tag and ciphertext in base64url. */
export function seal(key: Buffer, accountId: string, secret: Uint8Array): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(accountId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret sealed for the account, or undefined where it does not open: another key, another account's row, or damaged. */
export function open(key: Buffer, accountId: string, sealed: string): Uint8Array | undefined {
  const [version, nonce, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined || rest.length > 0) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(accountId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
  } catch {
    return undefined;
  }
}
