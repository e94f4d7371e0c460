/**
 * The installation's role profile: read, changed with the passphrase, and the passphrase set. The role
 * words themselves are the domain's (main/domain/roles.ts); the contract only re-exports them.
 */
import { z } from 'zod';
import { MIN_PASSPHRASE, ROLES, type Role } from '../../domain/roles.js';
import type { Said } from '../../phrases/phrase.js';
import type { ChannelName } from '../contract.js';
import { reads, writes, type Declarations, none, printable } from './shared.js';

export { MIN_PASSPHRASE, ROLES, type Role } from '../../domain/roles.js';

const passphrase = printable(256).min(1, 'roles.input.passphrase');

export const rolesChannels = {
  // Any profile may ask for another one: the passphrase it takes is what an administrator holds.
  'roles.get': reads('support', none).answers<RoleProfileView>(),
  /** Any profile may change the profile: the passphrase is what an administrator holds. */
  'roles.set': writes('support', z.strictObject({ role: z.enum(ROLES), passphrase })).answers<RoleProfileView>(),
  /** The first passphrase needs no current one; changing it does. */
  'roles.setPassphrase': writes(
    'administrator',
    z.strictObject({
      current: passphrase.optional(),
      next: printable(256).min(MIN_PASSPHRASE, 'roles.input.tooShort'),
    }),
  ).answers<RoleProfileView>(),
} satisfies Declarations;

export interface RoleProfileView {
  readonly role: Role;
  /** Whether an administrator has set the passphrase; until then the installation is an administrator's. */
  readonly passphraseSet: boolean;
  /** Every channel this profile may call, for the screens to offer only what works. */
  readonly allowedChannels: readonly ChannelName[];
  /** Why the profile cannot be read or changed now (the keychain cannot be used), as phrases. */
  readonly problem?: Said;
}
