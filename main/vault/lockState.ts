/**
 * Whether the keychain's default collection is locked. On Linux the Secret Service says so in the
 * collection's Locked property; libsecret (and so keytar) answers a read from a locked collection with
 * "no such secret", which is why the vault asks this whenever a secret reads as missing.
 *
 * Asked through dbus-send (Debian's dbus-bin, there wherever a session bus and a Secret Service are): one
 * property read does not warrant a D-Bus library, and the pure-JavaScript ones are unmaintained. Where
 * it cannot be asked (another OS, no session bus, no dbus-send) the answer is 'unknown'. On macOS and
 * Windows keytar reports a locked keychain as an error of its own, which the vault already treats as
 * unavailable.
 */
import { execFile } from 'node:child_process';

export type LockState = 'locked' | 'unlocked' | 'unknown';

const ASK = [
  '--session',
  '--print-reply',
  '--dest=org.freedesktop.secrets',
  '/org/freedesktop/secrets/aliases/default',
  'org.freedesktop.DBus.Properties.Get',
  'string:org.freedesktop.Secret.Collection',
  'string:Locked',
];

export function defaultCollectionLockState(): Promise<LockState> {
  if (process.platform !== 'linux' || !process.env.DBUS_SESSION_BUS_ADDRESS) return Promise.resolve('unknown');
  return new Promise((resolve) => {
    execFile('dbus-send', ASK, { timeout: 3_000 }, (err, stdout) => {
      if (err) return resolve('unknown');
      const m = /boolean (true|false)/.exec(stdout);
      resolve(m ? (m[1] === 'true' ? 'locked' : 'unlocked') : 'unknown');
    });
  });
}
