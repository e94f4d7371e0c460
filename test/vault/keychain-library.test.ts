/**
 * A machine without the keychain's system library (Debian without libsecret-1-0): keytar's native addon
 * cannot be loaded there. The app must still import, open as a fresh installation on the sandbox (which is
 * what `npm start` does) that asks for its first administrator, and say what to install once a secret is asked for. Run in a child process with
 * the addon made unloadable by test/vault/hide-libsecret.ts, whatever this machine has installed.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function probe(): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './test/vault/hide-libsecret.ts', 'test/vault/no-libsecret-probe.ts'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as Record<string, unknown>);
      } catch {
        reject(new Error(`the probe printed no result (exit ${code}): ${err || out}`));
      }
    });
  });
}

describe('without the keychain library (libsecret missing)', { timeout: 60_000 }, () => {
  it('imports the app without loading keytar, opens as a fresh installation on the sandbox, and names libsecret-1-0 when a secret is asked for', async () => {
    const r = await probe();
    expect(r.error).toBeUndefined();
    expect(r.imported).toBe(true);
    // Importing the vault, the core and browser mode does not touch the keychain library.
    expect(r.addonLoadsAtImport).toBe(0);
    // The earlier version's profile cannot be read, and this installation never recorded a passphrase: it is a
    // fresh one, asking for its first administrator (kept in SQLite, no keychain needed), and the log says why.
    expect(r.upgrade).toEqual({ passphraseSet: false, firstStart: 'firstAdministrator' });
    expect(r.demoOrder).toBe('found');
    expect((r.logged as string[]).join('\n')).toMatch(
      /none was ever recorded here, and the keychain cannot be read: .*libsecret-1\.so\.0: cannot open shared object file/,
    );
    for (const attempt of ['first', 'second']) {
      expect(r[attempt]).toMatchObject({
        unavailable: true,
        name: 'KeychainLibraryMissingError',
        message: expect.stringMatching(/keychain is not available.*libsecret-1\.so\.0.*apt-get install libsecret-1-0 gnome-keyring/),
      });
    }
    // A failed load is tried again (installing libsecret while the app runs is enough).
    expect(r.addonLoadsAfterAsking).toBeGreaterThan(1);
  });
});
