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
