/**
 * A process on a desktop of its own: its own D-Bus session (dbus-run-session) and an unlocked gnome-keyring whose
 * data and runtime folder (where the daemon's control socket is) are both in `folder`. They are set in the
 * environment the session starts with, not only in the shell inside it: the session's bus starts the Secret
 * Service it is asked for with its own environment, and with the run's runtime folder that daemon joins the run's
 * keyring, so a test that locks "its" keyring would lock every other test's keychain in the same run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
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

/**
 * Runs a probe script (a TypeScript file, from the repository's root) on a desktop of its own, its keyring in
 * a throwaway folder, and returns the JSON report it prints as its last line; a probe that printed none fails
 * the test with what it wrote to stderr.
 */
export function probeOnPrivateKeyring<R>(script: string, timeoutMs = 120_000): R {
  const keyring = mkdtempSync(join(tmpdir(), 'private-keyring-'));
  try {
    const desktop = onPrivateKeyring(keyring, `'${process.execPath}' --import tsx ${script}`);
    const run = spawnSync('dbus-run-session', desktop.args, { encoding: 'utf8', timeout: timeoutMs, env: desktop.env });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(line, run.stderr).toMatch(/^\{/);
    return JSON.parse(line) as R;
  } finally {
    rmSync(keyring, { recursive: true, force: true });
  }
}
