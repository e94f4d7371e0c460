/**
 * Language and theme are a person's own: every profile sets them for itself through the dispatcher with
 * its role guard (a Russian-speaking support person on an English installation), each profile keeps its
 * own across a switch and a restart, the gateway's texts follow the language, and the environment stays
 * the administrator's. A real core (SQLite files, the embedded sandbox over HTTP); an in-memory keychain
 * holds the profile's passphrase.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

const PASSPHRASE = 'correct horse battery';
const harnesses: IpcHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

describe("a profile's own language and theme", () => {
  it('support sets its language and theme, not the environment; each profile keeps its own', async () => {
    const keychain = memoryKeychain();
    const vault = () => new Vault(keychain, 'test', async () => 'unlocked');
    const ipc = await openIpcHarness('preferences-', 'desk', { vault: vault() });
    harnesses.push(ipc);
    await ipc.call('settings.setPreferences', { language: 'en' });
    await ipc.call('roles.setPassphrase', { next: PASSPHRASE });
    await ipc.call('roles.set', { role: 'support', passphrase: PASSPHRASE });

    const view = await ipc.call('settings.setPreferences', { language: 'ru', theme: 'dark' });
    expect(view.general).toEqual({ environment: 'sandbox', language: 'ru', theme: 'dark' });
    // The gateway's own words now come back in Russian for this person.
    const words = await ipc.core.services.bindings.disable('no-such-binding').catch((e: { gatewayMessage: string }) => e.gatewayMessage);
    expect(words).toBe('Связка не найдена или уже неактивна');

    const refused = await ipc.refusal('settings.updateGeneral', { environment: 'custom' });
    expect(refused.code).toBe('forbidden');
    expect((await ipc.call('settings.get', {})).general.environment).toBe('sandbox');
    expect(await ipc.refusal('settings.setPreferences', { language: 'russian' })).toMatchObject({ code: 'invalidInput' });
    expect(await ipc.refusal('settings.setPreferences', { theme: 'sepia' })).toMatchObject({ code: 'invalidInput' });

    // The administrator's own stay as they were, and support's come back with the profile.
    await ipc.call('roles.set', { role: 'administrator', passphrase: PASSPHRASE });
    expect((await ipc.call('settings.get', {})).general).toEqual({ environment: 'sandbox', language: 'en' });
    await ipc.call('roles.set', { role: 'support', passphrase: PASSPHRASE });
    expect((await ipc.call('settings.get', {})).general).toMatchObject({ language: 'ru', theme: 'dark' });
    expect(ipc.core.audit.query({ action: 'settings.change' })[0]).toMatchObject({ role: 'support', detail: 'language, theme' });

    // Across a restart.
    harnesses.pop();
    await ipc.core.close();
    const again = await AppCore.open({ dataFolder: ipc.folder, osUser: 'desk', vault: vault() });
    try {
      expect(again.roles.role()).toBe('support');
      expect(again.settings.preferences('support')).toEqual({ language: 'ru', theme: 'dark' });
      expect(again.settings.preferences('administrator')).toEqual({ language: 'en' });
    } finally {
      await again.close();
      rmSync(ipc.folder, { recursive: true, force: true });
    }
  });
});
