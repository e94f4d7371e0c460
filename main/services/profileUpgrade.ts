/**
 * The upgrade from one role profile per installation to named accounts (issue 29). An installation whose
 * administrator set a passphrase becomes an administrator's account: at first start the administrator
 * chooses its login and name and types the passphrase, which becomes the account's password (hashed again at
 * OWASP's parameters), and the profile leaves the keychain. An installation that never set one is a fresh
 * one and asks for its first administrator (OperatorService.addFirst). The journals and the audit stay as
 * they are: they were the installation's, and are now the first administrator's to read. The profile is read
 * by LegacyProfile; the session's channels call these (main/ipc/handlers/session.ts).
 */
import type { Operator } from '../domain/operators.js';
import type { OperatorStore } from '../store/operators.js';
import type { OperatorService } from './operators.js';
import type { LegacyProfile } from './legacyProfile.js';

/** What the first start asks for: nothing (accounts exist), the first administrator, or the profile's adoption. */
export type FirstStart = 'accounts' | 'firstAdministrator' | 'adoptProfile';

export async function firstStart(people: OperatorService, profile: LegacyProfile): Promise<FirstStart> {
  if (!(await people.fresh())) return 'accounts';
  return profile.passphraseSet() ? 'adoptProfile' : 'firstAdministrator';
}

/**
 * Makes the administrator's account from the profile: the passphrase is checked as the profile checks it
 * (throttled, a wrong one counted and audited), the account is added only while there is none, and only then
 * does the profile leave the keychain. A keychain that cannot be written leaves the profile there, unused
 * (accounts exist), for retireProfile to remove at the next sign-in: the account is made all the same.
 */
export async function adoptProfile(
  people: OperatorService,
  profile: LegacyProfile,
  own: DeskPeople,
  account: { readonly login: string; readonly displayName: string; readonly passphrase: string },
): Promise<Operator> {
  await profile.verify(account.passphrase);
  const administrator = await people.addFirst({
    login: account.login,
    displayName: account.displayName,
    role: 'administrator',
    password: account.passphrase,
  });
  await retireProfile(profile, own).catch(() => undefined);
  return administrator;
}

/** The people of the desk's own file, whoever's people it signs in now (its team's, in team mode). */
export type DeskPeople = Pick<OperatorStore, 'count'>;

/**
 * Removes a profile left in the keychain once the desk's own file has accounts; one that cannot be removed yet
 * waits for the next sign-in. Accounts of a team are not enough: a desk that leaves its team signs in its own
 * people again, and with none there, its profile must still stand between its journals and a fresh administrator.
 */
export async function retireProfile(profile: LegacyProfile, own: DeskPeople): Promise<void> {
  if (profile.passphraseSet() && (await own.count()) > 0) await profile.retire();
}
