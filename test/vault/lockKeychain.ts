/**
 * Locks the session's default Secret Service collection through the service's own Lock method, as a locked
 * screen or a keyring not unlocked at login leaves it. Only for a private D-Bus session with its own
 * gnome-keyring: locking the shared one would disturb every other test.
 */
import { execFileSync } from 'node:child_process';

export function lockKeychain(): void {
  execFileSync('dbus-send', [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    'array:objpath:/org/freedesktop/secrets/aliases/default',
  ]);
}
