/**
 * Who is at the desk (issue 29): the session's state, signing in, the first administrator of a fresh
 * installation or the adoption of its role profile, locking, signing out, and one's own password. Every
 * channel here but the last is open to anyone at the desk, signed in or not: they are how one signs in.
 * What a session then may use is its person's role (main/ipc/permissions.ts).
 */
import { z } from 'zod';
import { MAX_PASSWORD, type SecondStep } from '../../domain/operators.js';
import type { Role } from '../../domain/roles.js';
import type { ChannelName } from '../contract.js';
import { none, printable, reads, writes, type Declarations } from './shared.js';

export { ROLES, type Role } from '../../domain/roles.js';
export { MIN_PASSWORD } from '../../domain/operators.js';

/** A login as typed; its form is the service's to check, in the person's words. */
export const loginInput = printable(200).min(1, 'operators.input.login');
/**
 * A password as typed. Bounded well above the longest one kept, so that a pasted page is refused here and a
 * password one character too long still reaches the service, which says so in words.
 */
export const passwordInput = z
  .string()
  .min(1, 'operators.input.password')
  .max(MAX_PASSWORD * 4);
export const displayNameInput = printable(400);
/** A TOTP code or a recovery code as typed; which it is, and whether it is right, is the service's to say. */
export const codeInput = printable(64).trim().min(1, 'twoFactor.input.code');

export const sessionChannels = {
  'session.get': reads('anyone', none).answers<SessionView>(),
  'session.signIn': writes('anyone', z.strictObject({ login: loginInput, password: passwordInput })).answers<SessionView>(),
  /** A fresh installation's first administrator, signed in at once; refused once there is any account. */
  'session.firstAdministrator': writes(
    'anyone',
    z.strictObject({ login: loginInput, displayName: displayNameInput, password: passwordInput }),
  ).answers<SessionView>(),
  /** An installation with a role profile's passphrase: its administrator's account, with the passphrase as password. */
  'session.adoptProfile': writes(
    'anyone',
    z.strictObject({ login: loginInput, displayName: displayNameInput, passphrase: passwordInput }),
  ).answers<SessionView>(),
  /** The person typed or clicked: the idle time starts again. Asked by the screens' input, never by their polling. */
  'session.activity': writes('anyone', none).answers<null>(),
  'session.lock': writes('anyone', none).answers<SessionView>(),
  'session.signOut': writes('anyone', none).answers<SessionView>(),
  /** The second step of a sign-in awaiting it: a TOTP code, or a recovery code. */
  'session.secondFactor': writes('anyone', z.strictObject({ code: codeInput })).answers<SessionView>(),
  /** One's own password, with the current one. */
  'session.setPassword': writes('support', z.strictObject({ current: passwordInput, next: passwordInput })).answers<null>(),
} satisfies Declarations;

/** A person as the screens show them; never a password or its hash. */
export interface PersonView {
  readonly id: string;
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  readonly active: boolean;
  readonly createdAt: number;
  /** Whether they sign in with a code after their password. */
  readonly twoFactor: boolean;
}

/**
 * What the desk's first start asks for (a first administrator, or the role profile's adoption), nobody
 * signed in, or a person's session, active or locked.
 */
export type SessionView = {
  /** Every channel the desk may call now, for the screens to offer only what works. */
  readonly allowedChannels: readonly ChannelName[];
  /** The language the screens speak until a person's own is known (the sign-in screen's). */
  readonly language: string;
} & (
  | { readonly state: 'firstAdministrator' | 'adoptProfile' | 'signedOut' }
  | { readonly state: 'active' | 'locked'; readonly person: PersonView; readonly idleMinutes: number }
  /**
   * The person's password was right; their code (`code`), or their enrolment first (`enrol`), is awaited.
   * `resumes`: the desk was locked for this same person, whose app the screens keep under the lock meanwhile.
   */
  | { readonly state: 'secondFactor'; readonly step: SecondStep; readonly person: PersonView; readonly resumes: boolean }
);
