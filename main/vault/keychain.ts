/**
 * The OS keychain through @github/keytar (macOS Keychain, Windows Credential Vault, the Secret Service on
 * Linux). Every failure to reach it becomes a VaultUnavailableError.
 */
import keytar from '@github/keytar';
import { VaultUnavailableError } from './errors.js';

export interface Keychain {
  get(service: string, account: string): Promise<string | null>;
  set(service: string, account: string, value: string): Promise<void>;
  delete(service: string, account: string): Promise<boolean>;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // keytar's messages name the cause (no D-Bus session, no Secret Service, a locked collection) and
    // never the secret; the detail is kept for the operator.
    throw new VaultUnavailableError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

export const osKeychain: Keychain = {
  get: (service, account) => guarded(() => keytar.getPassword(service, account)),
  set: (service, account, value) => guarded(() => keytar.setPassword(service, account, value)),
  delete: (service, account) => guarded(() => keytar.deletePassword(service, account)),
};
