/**
 * The upgrade from one role profile per installation to named accounts (issue 29). An installation whose
 * administrator set a passphrase becomes an administrator's account: at first start the administrator
 * chooses its login and name and types the passphrase, which becomes the account's password (hashed again at
 * OWASP's parameters), and the profile leaves the keychain. An installation that never set one is a fresh
 * one and asks for its first administrator (OperatorService.addFirst). The journals and the audit stay as
 * they are: they were the installation's, and are now the first administrator's to read.
 *
 * Retiring the profile is safe only where the channels are opened to the signed-in person's role, not the
 * profile's: until the dispatcher's guard is the session (docs/people.md, still to come), nothing calls this.
 */
import type { Operator } from '../domain/operators.js';
import type { OperatorService } from './operators.js';
import type { RoleProfileService } from './roleProfile.js';

/** What the first start asks for: nothing (accounts exist), the first administrator, or the profile's adoption. */
export type FirstStart = 'accounts' | 'firstAdministrator' | 'adoptProfile';

export async function firstStart(people: OperatorService, roles: RoleProfileService): Promise<FirstStart> {
  if (!(await people.fresh())) return 'accounts';
  return roles.view().passphraseSet ? 'adoptProfile' : 'firstAdministrator';
}

/**
 * Makes the administrator's account from the profile: the passphrase is checked as the profile checks it
 * (throttled, a wrong one counted and audited), the account is added only while there is none, and only then
 * does the profile leave the keychain. A keychain that cannot be written leaves the profile there, unused
 * (accounts exist), for retireProfile to remove at a later start.
 */
export async function adoptProfile(
  people: OperatorService,
  roles: RoleProfileService,
  account: { readonly login: string; readonly displayName: string; readonly passphrase: string },
): Promise<Operator> {
  await roles.verify(account.passphrase);
  const administrator = await people.addFirst({
    login: account.login,
    displayName: account.displayName,
    role: 'administrator',
    password: account.passphrase,
  });
  await retireProfile(people, roles);
  return administrator;
}

/** Removes a profile left in the keychain once accounts exist; one that cannot be removed yet waits for the next start. */
export async function retireProfile(people: OperatorService, roles: RoleProfileService): Promise<void> {
  if (roles.view().passphraseSet && !(await people.fresh())) await roles.retire();
}
