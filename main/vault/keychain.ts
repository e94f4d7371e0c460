/**
 * The OS keychain through @github/keytar (macOS Keychain, Windows Credential Vault, the Secret Service on
 * Linux). Every failure to reach it becomes a VaultUnavailableError.
 *
 * keytar is loaded on the first call that needs it, not when this module is imported: its native addon
 * links against the system's keychain library (libsecret on Linux), and a machine without that library
 * must still start the app (on the sandbox, as a fresh installation) and run everything that needs no
 * secret. A library that will not load is a KeychainLibraryMissingError saying what to install; once
 * loaded, keytar is kept. A failed load is tried again on the next call, so installing the library
 * while the app runs is enough.
 */
import type * as keytarModule from '@github/keytar';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { KeychainLibraryMissingError, VaultUnavailableError } from './errors.js';

export interface Keychain {
  get(service: string, account: string): Promise<string | null>;
  set(service: string, account: string, value: string): Promise<void>;
  delete(service: string, account: string): Promise<boolean>;
}

type Keytar = Pick<typeof keytarModule, 'getPassword' | 'setPassword' | 'deletePassword'>;

const KEYTAR = '@github/keytar';
const requireHere = createRequire(import.meta.url);
let keytar: Keytar | undefined;

/**
 * Why keytar's native addon will not load, in the dynamic linker's words ("libsecret-1.so.0: cannot open
 * shared object file"): keytar itself only says that it failed. Undefined if that cannot be told.
 */
function addonLoadError(): string | undefined {
  let dir: string;
  try {
    dir = dirname(requireHere.resolve(`${KEYTAR}/package.json`));
  } catch {
    return undefined;
  }
  for (const candidate of ['build/Release', `prebuilds/${process.platform}-${process.arch}`]) {
    try {
      requireHere(join(dir, candidate, 'keytar.node'));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'MODULE_NOT_FOUND') return err instanceof Error ? err.message : String(err);
    }
  }
  return undefined;
}

function loadKeytar(): Keytar {
  if (keytar) return keytar;
  try {
    keytar = requireHere(KEYTAR) as Keytar;
    return keytar;
  } catch (err) {
    const reason = addonLoadError() ?? (err instanceof Error ? err.message : String(err));
    throw new KeychainLibraryMissingError(reason, { cause: err });
  }
}

async function guarded<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
  const k = loadKeytar();
  try {
    return await fn(k);
  } catch (err) {
    // keytar's messages name the cause (no D-Bus session, no Secret Service, a locked collection) and
    // never the secret; the detail is kept for the operator.
    throw new VaultUnavailableError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

export const osKeychain: Keychain = {
  get: (service, account) => guarded((k) => k.getPassword(service, account)),
  set: (service, account, value) => guarded((k) => k.setPassword(service, account, value)),
  delete: (service, account) => guarded((k) => k.deletePassword(service, account)),
};
