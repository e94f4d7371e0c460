/**
 * The role profile an earlier version left once its administrator set a passphrase, written in its stored
 * format, since nothing in the app writes one any more: the keychain entry `{ v: 1, role, hash }` (scrypt at
 * the cost that version used) under the installation's slot, and the settings' mark that a passphrase was set.
 */
import { join } from 'node:path';
import type { Role } from '../../main/domain/roles.js';
import { hashPassword } from '../../main/security/passwordHash.js';
import { INSTALLATION_VAULT, installationId } from '../../main/services/installation.js';
import { openDatabase } from '../../main/store/database.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { Vault, type SecretSlot } from '../../main/vault/vault.js';

/** The installation's slot for its profile; makes the installation's id as a first open would. */
export const profileSlot = (settings: SettingsRepository): SecretSlot => ({
  kind: 'roleProfile',
  installationId: installationId(settings),
});

/** Leaves the profile of `settings`' installation in `vault`, as an earlier version kept it. */
export async function leaveProfile(
  settings: SettingsRepository,
  vault: Vault,
  passphrase: string,
  role: Role = 'administrator',
): Promise<void> {
  const hash = await hashPassword(passphrase, { N: 2 ** 15, r: 8, p: 1 });
  await vault.store(INSTALLATION_VAULT, profileSlot(settings), JSON.stringify({ v: 1, role, hash }));
  settings.set('roleProfile.protected', { since: Date.now() });
}

/** The same into a data folder that no core has open, in the OS keychain unless told otherwise. */
export async function leaveProfileIn(dataFolder: string, passphrase: string, vault = new Vault()): Promise<void> {
  const db = openDatabase(join(dataFolder, 'app.sqlite'));
  try {
    await leaveProfile(new SettingsRepository(db), vault, passphrase);
  } finally {
    db.close();
  }
}
