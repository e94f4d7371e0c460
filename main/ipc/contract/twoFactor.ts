/**
 * Two-factor sign-in (issue 29, main/services/twoFactor.ts): a sign-in's second step, one's own enrolment and
 * its removal, and the team key that seals the secrets. The second step and the enrolment are open to anyone at
 * the desk, as signing in is: the handler serves only the person whose password proved right (or who is signed
 * in), never another.
 */
import { z } from 'zod';
import { none, printable, writes, type Declarations } from './shared.js';
import { codeInput, passwordInput } from './session.js';

export const twoFactorChannels = {
  /** Begins one's own enrolment: a new secret for one's app, shown once (never again, nor kept until confirmed). */
  'twoFactor.begin': writes('anyone', none).answers<TwoFactorEnrolment>(),
  /** Confirms it with the first code one's app shows: answers the recovery codes, shown once. */
  'twoFactor.confirm': writes('anyone', z.strictObject({ code: codeInput })).answers<RecoveryCodes>(),
  /** Removes one's own second factor, with one's password. */
  'twoFactor.remove': writes('support', z.strictObject({ password: passwordInput })).answers<null>(),
  /** The team key, for an administrator to read out at a desk that joins the team; with their password. */
  'twoFactor.teamKey': writes('administrator', z.strictObject({ password: passwordInput })).answers<{ readonly key: string }>(),
  /**
   * The team's key typed at this desk: by an administrator signed in, or by one whose password proved right and
   * whose code cannot be checked here yet, for want of this very key.
   */
  'twoFactor.enterTeamKey': writes(
    'anyone',
    z.strictObject({ key: printable(200).trim().min(1, 'twoFactor.input.teamKey') }),
  ).answers<null>(),
} satisfies Declarations;

export interface TwoFactorEnrolment {
  /** The secret in base32, for typing into an app. */
  readonly secret: string;
  /** The otpauth:// address an app reads (what a QR code would hold). */
  readonly uri: string;
}

export interface RecoveryCodes {
  readonly recoveryCodes: readonly string[];
}
