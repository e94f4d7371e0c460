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
