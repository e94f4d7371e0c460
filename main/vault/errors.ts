/** The OS keychain cannot be reached or used; the message says what to do. */
export class VaultUnavailableError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      `The OS keychain is not available (${detail}). On Linux, install and unlock a Secret Service such as ` +
        'GNOME Keyring or KeePassXC and log in to a desktop session; on macOS and Windows, unlock your login keychain. ' +
        'The sandbox environment works without it, except where a role profile has been set: then only look-ups are allowed until it is back.',
      options,
    );
    this.name = 'VaultUnavailableError';
  }
}

/** What to install where the keychain library itself will not load, by OS. */
export function keychainLibraryAdvice(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'linux')
    return (
      'Install libsecret and a Secret Service: on Debian or Ubuntu, `apt-get install libsecret-1-0 gnome-keyring` ' +
      '(on Fedora, libsecret and gnome-keyring), then log in to a desktop session that unlocks the keyring.'
    );
  return 'The keychain module of this installation is damaged: reinstall the app.';
}

/**
 * The keychain library (keytar's native addon, linked against libsecret on Linux) cannot be loaded at all:
 * on Linux, libsecret is not installed. The app still runs without it (the vault is only unavailable), and
 * the message says what to install.
 */
export class KeychainLibraryMissingError extends VaultUnavailableError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`its library could not be loaded: ${detail}`, options);
    this.name = 'KeychainLibraryMissingError';
    this.message =
      `The OS keychain is not available: its library could not be loaded (${detail}). ${keychainLibraryAdvice()} ` +
      'The sandbox environment works without it, except where a role profile has been set: then only look-ups are allowed until it is back.';
  }
}

/**
 * The keychain is there but locked (the screen locked, or the keyring not unlocked at login). keytar reads
 * a locked collection as if nothing were stored, so this is told apart explicitly: a locked secret is
 * never "not set".
 */
export class VaultLockedError extends VaultUnavailableError {
  constructor() {
    super('it is locked');
    this.name = 'VaultLockedError';
    this.message =
      'The OS keychain is locked. Unlock it (log in to the desktop again, or unlock the "Login" keyring in Passwords and Keys), then try again; ' +
      'until then no secret can be read, and a protected role profile stays on support.';
  }
}
