// Run in a process with no D-Bus session: reports what the vault says when the keychain cannot be reached.
import { VaultUnavailableError } from '../../main/vault/errors.js';
import { Vault } from '../../main/vault/vault.js';

try {
  await new Vault().isSet('test', { kind: 'apiPassword' });
  console.log(JSON.stringify({ reached: true }));
} catch (err) {
  console.log(JSON.stringify({ unavailable: err instanceof VaultUnavailableError, message: (err as Error).message }));
}
