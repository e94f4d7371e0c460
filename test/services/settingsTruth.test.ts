/**
 * Settings say what is true: after a switch main refused, the view names the environment still in use and the
 * refusal with its reason (until a switch succeeds), and the connection check reports on the environment in
 * use; a keychain that cannot be read is said once, not in every connection, and the signing keys say it
 * before a key is generated. A real core (SQLite files, the embedded sandbox over HTTP) behind the dispatcher;
 * only the keychain is an in-memory one, so that its states (empty, locked) can be chosen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT } from '../../main/sandbox/index.js';
import type { LockState } from '../../main/vault/lockState.js';
import { Vault } from '../../main/vault/vault.js';
import { openIpcHarness, type IpcHarness } from '../ipc/harness.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { codes, en, saying } from '../phrases/said.js';

const harnesses: IpcHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function open(lock: LockState = 'unlocked') {
  const ipc = await openIpcHarness('settings-truth-', 'clerk', { vault: new Vault(memoryKeychain(), 'test', async () => lock) });
  harnesses.push(ipc);
  return { core: ipc.core, call: ipc.call, dispatch: ipc.dispatch };
}

describe('settings after a refused switch', () => {
  it('names the environment in use, the refusal and its reason; the check reports on the one in use', async () => {
    const { core, call, dispatch } = await open();
    await call('settings.setConnection', { environment: 'production', baseUrl: 'https://gateway.example', userName: 'shop-api' });

    const refused = await dispatch('settings.updateGeneral', { environment: 'production' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'settings' } });

    const view = await call('settings.get', {});
    expect(view.general.environment).toBe('sandbox');
    expect(view.switchRefused).toMatchObject({ environment: 'production', reason: saying(/password for production/) });
    expect(codes(view.switchRefused?.reason)).toEqual(['settings.noPassword']);
    const check = await call('settings.checkConnection', {});
    expect(check).toMatchObject({ ok: true, environment: 'sandbox' });
    expect(core.audit.query({ action: 'environment.switch' })[0]).toMatchObject({
      outcome: 'refused',
      environment: 'sandbox',
      detail: expect.stringMatching(/^to production: /),
    });

    // A change to the refused environment's connection may have fixed why: the refusal is not shown as current.
    await call('settings.setConnection', { environment: 'production', merchantLogin: 'shop' });
    expect((await call('settings.get', {})).switchRefused).toBeUndefined();
    await dispatch('settings.updateGeneral', { environment: 'production' });
    expect((await call('settings.get', {})).switchRefused?.environment).toBe('production');

    // A switch that works clears the refusal: the custom environment pointed at the embedded sandbox.
    await call('settings.setConnection', { environment: 'custom', baseUrl: core.sandbox.url, userName: SANDBOX_MERCHANT.apiUser });
    await call('settings.setCredential', { environment: 'custom', kind: 'password', secret: SANDBOX_MERCHANT.password });
    const switched = await call('settings.updateGeneral', { environment: 'custom' });
    expect(switched.general.environment).toBe('custom');
    expect(switched.switchRefused).toBeUndefined();
  });
});

describe('a keychain that cannot be read', () => {
  it('is said once in the settings, leaves credentials unknown rather than "not set", and is said by the keys before Generate', async () => {
    const { call } = await open('locked');
    const view = await call('settings.get', {});
    expect(en(view.keychainProblem)).toMatch(/^The OS keychain is locked\. /);
    expect(codes(view.keychainProblem)).toEqual(['keychain.locked']);
    for (const environment of ['test', 'production', 'custom'] as const) {
      expect(en(view.connections[environment].problem)).not.toMatch(/keychain/);
      expect(view.connections[environment].credentials).toBeUndefined();
    }
    expect(JSON.stringify(view).split('keychain.locked').length - 1).toBe(1);
    expect(en((await call('keys.list', {})).keychainProblem)).toMatch(/^The OS keychain is locked\. /);
  });

  it('is not mentioned where the keychain can be used', async () => {
    const { call } = await open();
    expect((await call('settings.get', {})).keychainProblem).toBeUndefined();
    expect((await call('keys.list', {})).keychainProblem).toBeUndefined();
    expect((await call('settings.get', {})).connections.production.credentials).toEqual({ password: false, token: false });
  });
});
