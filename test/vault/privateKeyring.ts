/**
 * A process on a desktop of its own: its own D-Bus session (dbus-run-session) and an unlocked gnome-keyring whose
 * data and runtime folder (where the daemon's control socket is) are both in `folder`. They are set in the
 * environment the session starts with, not only in the shell inside it: the session's bus starts the Secret
 * Service it is asked for with its own environment, and with the run's runtime folder that daemon joins the run's
 * keyring, so a test that locks "its" keyring would lock every other test's keychain in the same run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starts a session's gnome-keyring, unlocked, and runs a command once it answers: as `npm test` does for its run. */
const UNLOCKED_KEYRING = fileURLToPath(new URL('../../scripts/unlocked-keyring.sh', import.meta.url));

export function onPrivateKeyring(folder: string, command: string): { readonly args: string[]; readonly env: NodeJS.ProcessEnv } {
  const runtime = join(folder, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  return {
    args: ['--', 'sh', UNLOCKED_KEYRING, 'sh', '-c', command],
    env: { ...process.env, XDG_DATA_HOME: folder, XDG_RUNTIME_DIR: runtime },
  };
}
