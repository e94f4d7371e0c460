/**
 * The people who use the app (issue 29): each a named account with a login, a display name and a role,
 * active or disabled. The rules here hold wherever an account is changed: what a login may be, that nobody
 * grants a role above their own, and that the last active administrator stays one. The stores run them
 * inside their write transaction, on the rows as they are then (store/operators.ts).
 */
import { MIN_PASSPHRASE, roleRank, type Role } from './roles.js';

export interface Operator {
  readonly id: string;
  /** Lower case, as normalLogin() gives it: the same person however the login is typed. */
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  /** When the account was disabled; absent while it is active. */
  readonly disabledAt?: number;
  readonly createdAt: number;
  /**
   * How many times an administrator ended the person's sessions: a session that began under a lower count has
   * ended, at every desk (counted rather than timed, so that no desk's clock decides it).
   */
  readonly sessionsEnded: number;
  /** Whether the person signs in with a TOTP code after their password (their secret is the store's, sealed). */
  readonly twoFactor: boolean;
}

/** What a person whose password proved right must still do before they are signed in: type a code, or enrol first. */
export type SecondStep = 'code' | 'enrol';

/** Letters, digits and . _ - (a login is typed at every sign-in, read in the audit, and never a secret). */
export const LOGIN = /^[a-z0-9][a-z0-9._-]{1,62}[a-z0-9]$/;
export const MAX_DISPLAY_NAME = 100;
/** The role profile's passphrase minimum, so that a passphrase adopted as a password always fits (profileUpgrade.ts). */
export const MIN_PASSWORD = MIN_PASSPHRASE;
/** Beyond this a password is refused before it is hashed: scrypt of a megabyte is a way to keep main busy. */
export const MAX_PASSWORD = 1_024;

/** The login as kept and compared: NFKC, trimmed, lower case. */
export const normalLogin = (typed: string): string => typed.normalize('NFKC').trim().toLowerCase();

/** What a change of accounts may not do. */
export type OperatorRefusal = 'notAdministrator' | 'aboveOwnRole' | 'lastAdministrator' | 'loginTaken' | 'notFound';

/** A role given by someone of role `by`: never above their own. */
export const grantRefusal = (by: Role, role: Role): OperatorRefusal | undefined =>
  roleRank(role) > roleRank(by) ? 'aboveOwnRole' : undefined;

/**
 * Who may manage people: an administrator whose account is active, as the store has it in the change's own
 * transaction (not as a session remembered it: one disabled or demoted a moment ago may no longer).
 */
export const actorRefusal = (actor: Operator | undefined): OperatorRefusal | undefined =>
  actor?.role === 'administrator' && actor.disabledAt === undefined ? undefined : 'notAdministrator';

/** A change of an account: a new display name, role, or its being disabled or enabled again. */
export interface OperatorChange {
  readonly displayName?: string;
  readonly role?: Role;
  readonly active?: boolean;
}

const activeAdministrator = (o: Operator) => o.role === 'administrator' && o.disabledAt === undefined;

/**
 * Whether `before` may become `after` by someone of role `by`, with `activeAdministrators` active
 * administrators in the store as it is in the change's transaction: nobody grants above their own role nor
 * changes an account above it, and the last active administrator is neither demoted nor disabled. `after` is
 * the row as the change will write it, so that no reading of the change can differ from what is written.
 */
export function changeRefusal(by: Role, before: Operator, after: Operator, activeAdministrators: number): OperatorRefusal | undefined {
  if (grantRefusal(by, before.role) ?? grantRefusal(by, after.role)) return 'aboveOwnRole';
  if (activeAdministrator(before) && !activeAdministrator(after) && activeAdministrators <= 1) return 'lastAdministrator';
  return undefined;
}
