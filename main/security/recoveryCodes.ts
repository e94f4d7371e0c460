/**
 * Recovery codes: ten one-time codes a person is shown once at enrolment, each of which signs them in once in
 * place of a TOTP code (a lost phone). Only their hashes are kept. A code is 80 random bits, so a fast hash
 * is enough: nobody can try 2^80 guesses against a copied hash, and a slow one (scrypt, as for passwords)
 * would only make a sign-in wait. Kept as one text, each hash between spaces, so that one UPDATE spends one
 * atomically in either engine (store/operators.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

export const RECOVERY_CODES = 10;
/** base32's letters without 0/1/8 look-alikes: what a person copies from paper. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const GROUPS = 4;
const GROUP = 4;

/** A code as typed, as hashed: upper case, without spaces or dashes. */
export const normalRecoveryCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

/** Whether what was typed has a recovery code's form (16 letters of the alphabet, dashes and spaces aside). */
export const isRecoveryCode = (typed: string): boolean => new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP}}$`).test(normalRecoveryCode(typed));

export const hashRecoveryCode = (typed: string): string => createHash('sha256').update(normalRecoveryCode(typed)).digest('hex');

/** Ten new codes, grouped for reading (ABCD-EFGH-JKLM-NPQR): 16 characters of 5 bits each, 80 bits. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(GROUPS * GROUP)].map((b) => ALPHABET[b % ALPHABET.length]!).join('');
    return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
  });
}

/** The hashes as the store keeps them: " h1 h2 … " (see above). */
export const keptRecoveryCodes = (codes: readonly string[]): string => ` ${codes.map(hashRecoveryCode).join(' ')} `;

/** How many codes a kept text has left. */
export const recoveryCodesLeft = (kept: string | null): number => (kept ?? '').trim().split(' ').filter(Boolean).length;
