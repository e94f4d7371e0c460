/**
 * A keychain kept in memory, for service tests whose subject is not the keychain but that must choose its
 * state (empty, holding a passphrase, locked through the Vault's lock probe). The keychain itself is tested
 * against real gnome-keyring (test/vault, test/services/lockedKeychain.test.ts).
 */
import type { Keychain } from '../../main/vault/keychain.js';

export function memoryKeychain(): Keychain {
  const kept = new Map<string, string>();
  return {
    get: async (service, account) => kept.get(`${service}/${account}`) ?? null,
    set: async (service, account, value) => void kept.set(`${service}/${account}`, value),
    delete: async (service, account) => kept.delete(`${service}/${account}`),
  };
}
