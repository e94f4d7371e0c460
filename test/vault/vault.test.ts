import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { revealSecret, Secret } from '../../main/vault/secret.js';
import { Vault } from '../../main/vault/vault.js';

// The real OS keychain: `npm test` provides gnome-keyring in a private D-Bus session (KEYCHAIN_TESTS=1).
const keychainReady = process.env.KEYCHAIN_TESTS === '1';
if (!keychainReady && process.env.CI)
  throw new Error('CI must run the keychain tests: run them through npm test, which starts gnome-keyring');
// `npm test` says once why the keychain tests are skipped (SKIPS_ANNOUNCED); run alone, this file says so.
if (!keychainReady && !process.env.SKIPS_ANNOUNCED)
  console.log('vault tests skipped: no gnome-keyring session (run them through npm test, which says what to install)');

describe.runIf(keychainReady)('vault in the real OS keychain', () => {
  const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);

  it('stores, reports "set", uses and clears a secret per environment, never returning its value by accident', async () => {
    expect(await vault.isSet('test', { kind: 'apiPassword' })).toBe(false);
    await vault.store('test', { kind: 'apiPassword' }, 'p@ss-test');
    await vault.store('production', { kind: 'apiPassword' }, 'p@ss-prod');
    expect(await vault.isSet('test', { kind: 'apiPassword' })).toBe(true);
    expect(await vault.isSet('test', { kind: 'apiToken' })).toBe(false);

    const secret = await vault.secret('test', { kind: 'apiPassword' });
    expect(secret).toBeInstanceOf(Secret);
    expect(revealSecret(secret!)).toBe('p@ss-test');
    expect(revealSecret((await vault.secret('production', { kind: 'apiPassword' }))!)).toBe('p@ss-prod');

    expect(await vault.clear('test', { kind: 'apiPassword' })).toBe(true);
    expect(await vault.clear('test', { kind: 'apiPassword' })).toBe(false);
    expect(await vault.secret('test', { kind: 'apiPassword' })).toBeUndefined();
    await vault.clear('production', { kind: 'apiPassword' });
  });

  it('keeps signing keys by key identifier', async () => {
    await vault.store('sandbox', { kind: 'signingKey', keyId: 'k1' }, '-----BEGIN PRIVATE KEY-----\nA\n-----END PRIVATE KEY-----\n');
    expect(await vault.isSet('sandbox', { kind: 'signingKey', keyId: 'k1' })).toBe(true);
    expect(await vault.isSet('sandbox', { kind: 'signingKey', keyId: 'k2' })).toBe(false);
    await vault.clear('sandbox', { kind: 'signingKey', keyId: 'k1' });
  });
});

describe('secrets in memory', () => {
  it('show nothing of their value when logged, printed, serialised or cloned', () => {
    const secret = new Secret('hunter2-token');
    for (const shown of [
      String(secret),
      JSON.stringify({ secret }),
      inspect(secret),
      inspect({ nested: secret }),
      JSON.stringify(structuredClone({ secret })),
    ]) {
      expect(shown).not.toContain('hunter2');
    }
    expect(revealSecret(secret)).toBe('hunter2-token');
  });

  it('are refused when empty and need a well-formed environment name', async () => {
    const vault = new Vault({ get: async () => null, set: async () => {}, delete: async () => false });
    await expect(vault.store('test', { kind: 'apiToken' }, '')).rejects.toThrow(/empty/);
    await expect(vault.isSet('Prod/../x', { kind: 'apiToken' })).rejects.toThrow(/environment/);
  });
});

describe('keychain unavailable', () => {
  it('says so with what to do, in a process without a D-Bus session', async () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const out = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/vault/unavailable-probe.ts'], {
        env,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('close', () => resolve(text));
    });
    expect(JSON.parse(out)).toMatchObject({
      unavailable: true,
      message: expect.stringMatching(/keychain is not available.*Secret Service/),
    });
  });
});
