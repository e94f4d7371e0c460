/** The OS keychain (main/vault): why it cannot be used now, and what to do. */
export const keychain = {
  unavailable: 'The OS keychain is not available ({{detail}}).',
  unlockAdvice:
    'On Linux, install and unlock a Secret Service such as GNOME Keyring or KeePassXC and log in to a desktop session; on macOS and Windows, unlock your login keychain.',
  libraryMissing: 'The OS keychain is not available: its library could not be loaded ({{detail}}).',
  installLinux:
    'Install libsecret and a Secret Service: on Debian or Ubuntu, `apt-get install libsecret-1-0 gnome-keyring` (on Fedora, libsecret and gnome-keyring), then log in to a desktop session that unlocks the keyring.',
  reinstall: 'The keychain module of this installation is damaged: reinstall the app.',
  sandboxWorks:
    'The sandbox environment works without it, except that an installation whose role profile had a passphrase can become its administrator’s account only once it is back.',
  locked:
    'The OS keychain is locked. Unlock it (log in to the desktop again, or unlock the "Login" keyring in Passwords and Keys), then try again; until then no secret can be read.',
} as const;
