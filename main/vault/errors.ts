/**
 * The OS keychain cannot be reached or used. Each error carries its phrases (what is wrong, what to do,
 * what still works); the message is their English, for the log.
 */
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';

/** What works without the keychain, said after what is wrong with it. */
const SANDBOX_WORKS = phrase('keychain.sandboxWorks');

export class VaultUnavailableError extends SaidError {
  /** `detail`: the keychain library's own account (no D-Bus session, no Secret Service), never a secret. */
  constructor(detail: string, options?: { cause?: unknown }, said?: Said) {
    super(said ?? [phrase('keychain.unavailable', { detail }), phrase('keychain.unlockAdvice'), SANDBOX_WORKS], options);
    this.name = 'VaultUnavailableError';
  }
}

/** What to install where the keychain library itself will not load, by OS. */
export function keychainLibraryAdvice(platform: NodeJS.Platform = process.platform): Phrase {
  return platform === 'linux' ? phrase('keychain.installLinux') : phrase('keychain.reinstall');
}

/**
 * The keychain library (keytar's native addon, linked against libsecret on Linux) cannot be loaded at all:
 * on Linux, libsecret is not installed. The app still runs without it (the vault is only unavailable), and
 * the message says what to install.
 */
export class KeychainLibraryMissingError extends VaultUnavailableError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`its library could not be loaded: ${detail}`, options, [
      phrase('keychain.libraryMissing', { detail }),
      keychainLibraryAdvice(),
      SANDBOX_WORKS,
    ]);
    this.name = 'KeychainLibraryMissingError';
  }
}

/**
 * The keychain is there but locked (the screen locked, or the keyring not unlocked at login). keytar reads
 * a locked collection as if nothing were stored, so this is told apart explicitly: a locked secret is
 * never "not set".
 */
export class VaultLockedError extends VaultUnavailableError {
  constructor() {
    super('it is locked', undefined, [phrase('keychain.locked')]);
    this.name = 'VaultLockedError';
  }
}
