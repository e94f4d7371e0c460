/**
 * Secrets of each environment in the OS keychain: the API password or token, and signing private keys;
 * and each installation's role profile, team database password and team keys (kept under the
 * pseudo-environment 'installation').
 * The rest of the app asks whether a secret is set, stores or clears one, and uses one inside the main
 * process as an opaque Secret; nothing here returns a secret's value.
 */
import type { Said } from '../phrases/phrase.js';
import { VaultLockedError, VaultUnavailableError } from './errors.js';
import { osKeychain, type Keychain } from './keychain.js';
import { defaultCollectionLockState, type LockState } from './lockState.js';
import { Secret } from './secret.js';

export const KEYCHAIN_SERVICE = 'gateway-backoffice';

export type SecretSlot =
  | { readonly kind: 'apiPassword' }
  | { readonly kind: 'apiToken' }
  /** A signing private key (PKCS#8 PEM), by the key's identifier. */
  | { readonly kind: 'signingKey'; readonly keyId: string }
  /**
   * The installation's role profile (its role and a hash of the administrator's passphrase), by
   * installation: several data folders of one OS user share the keychain, and each has its own profile.
   */
  | { readonly kind: 'roleProfile'; readonly installationId: string }
  /** The password of the team database this installation is pointed at in Settings, by installation as the profile. */
  | { readonly kind: 'teamDatabasePassword'; readonly installationId: string }
  /**
   * A team key that seals TOTP secrets (services/teamKey.ts), by installation and by the key's check value: a desk
   * holds its own file's key and its team's side by side, and finds each by the check its store keeps.
   */
  | { readonly kind: 'teamKey'; readonly installationId: string; readonly check: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function account(environment: string, slot: SecretSlot): string {
  if (!/^[a-z0-9-]{1,40}$/.test(environment)) throw new Error(`Not an environment name: ${environment}`);
  switch (slot.kind) {
    case 'signingKey':
      return `${environment}/signingKey/${slot.keyId}`;
    case 'roleProfile':
    case 'teamDatabasePassword':
      // Checked like the environment: the account name must not be steerable into another slot.
      if (!UUID.test(slot.installationId)) throw new Error(`Not an installation id: ${slot.installationId}`);
      return `${environment}/${slot.kind}/${slot.installationId}`;
    case 'teamKey':
      if (!UUID.test(slot.installationId)) throw new Error(`Not an installation id: ${slot.installationId}`);
      if (!/^[0-9a-f]{64}$/.test(slot.check)) throw new Error('Not a team key check value');
      return `${environment}/${slot.kind}/${slot.installationId}/${slot.check}`;
    default:
      return `${environment}/${slot.kind}`;
  }
}

export class Vault {
  constructor(
    private readonly keychain: Keychain = osKeychain,
    private readonly service: string = KEYCHAIN_SERVICE,
    private readonly lockState: () => Promise<LockState> = defaultCollectionLockState,
  ) {}

  /** Throws VaultLockedError where the keychain is locked: a locked secret is not a missing one. */
  async isSet(environment: string, slot: SecretSlot): Promise<boolean> {
    return (await this.read(environment, slot)) !== null;
  }

  async store(environment: string, slot: SecretSlot, value: string): Promise<void> {
    if (value.length === 0) throw new Error('An empty secret cannot be stored; clear it instead');
    await this.keychain.set(this.service, account(environment, slot), value);
  }

  /** Removes the secret; true if there was one. A locked keychain removes nothing and says so. */
  async clear(environment: string, slot: SecretSlot): Promise<boolean> {
    const removed = await this.keychain.delete(this.service, account(environment, slot));
    if (!removed && (await this.lockState()) === 'locked') throw new VaultLockedError();
    return removed;
  }

  /**
   * The secret as an opaque Secret for use inside the main process, or undefined when it is not set.
   * Throws VaultLockedError where the keychain is locked, and VaultUnavailableError where it cannot be used.
   */
  async secret(environment: string, slot: SecretSlot): Promise<Secret | undefined> {
    const value = await this.read(environment, slot);
    return value === null ? undefined : new Secret(value);
  }

  /**
   * Why the keychain cannot be used now (its VaultUnavailableError's phrases, a locked one included), or
   * undefined when it can: a read of an account nothing is kept under, so screens can say so before a
   * secret is needed instead of after.
   */
  async problem(): Promise<Said | undefined> {
    try {
      await this.read('probe', { kind: 'apiToken' });
      return undefined;
    } catch (err) {
      if (err instanceof VaultUnavailableError) return err.said;
      throw err;
    }
  }

  /**
   * Every read goes through here. The keychain answers a locked collection as if the secret were not
   * there, so a missing secret is checked against the lock before it is believed.
   */
  private async read(environment: string, slot: SecretSlot): Promise<string | null> {
    const value = await this.keychain.get(this.service, account(environment, slot));
    if (value === null && (await this.lockState()) === 'locked') throw new VaultLockedError();
    return value;
  }
}
