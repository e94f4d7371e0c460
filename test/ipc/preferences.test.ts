/**
 * Language and theme are a person's own: every role sets them for itself through the dispatcher with its
 * session guard (a Russian-speaking support person on an English installation), each person keeps their own
 * across a change of person and a restart, the gateway's texts follow the language, and the environment stays
 * the administrator's. A real core (SQLite files, the embedded sandbox over HTTP).
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

const harnesses: IpcHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

describe("a person's own language and theme, and the desk's idle time", () => {
  it('support sets their language and theme, not the environment; each person keeps their own', async () => {
    const ipc = await openIpcHarness('preferences-', 'desk');
    harnesses.push(ipc);
    await ipc.call('settings.setPreferences', { language: 'en' });
    const support = await ipc.as('support');

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

    // The administrator's own stay as they were, and support's come back with the person.
    const administrator = await ipc.as('administrator');
    expect((await ipc.call('settings.get', {})).general).toEqual({ environment: 'sandbox', language: 'en' });
    await ipc.as('support');
    expect((await ipc.call('settings.get', {})).general).toMatchObject({ language: 'ru', theme: 'dark' });
    expect(ipc.core.audit.query({ action: 'settings.change' })[0]).toMatchObject({ role: 'support', detail: 'language, theme' });
    // Signed out, the sign-in screen speaks the installation's language, not the last person's.
    expect((await ipc.call('session.signOut', {})).language).toBe('en');

    // Across a restart.
    harnesses.pop();
    await ipc.core.close();
    const again = await AppCore.open({ dataFolder: ipc.folder, osUser: 'desk' });
    try {
      expect(again.settings.preferences(support.id)).toEqual({ language: 'ru', theme: 'dark' });
      expect(again.settings.preferences(administrator.id)).toEqual({ language: 'en' });
    } finally {
      await again.close();
      rmSync(ipc.folder, { recursive: true, force: true });
    }
  });

  it('gives the idle time before the desk locks to the administrator, from 1 to 15 minutes, audited', async () => {
    const ipc = await openIpcHarness('idle-time-', 'desk');
    harnesses.push(ipc);
    expect((await ipc.call('settings.get', {})).idleMinutes).toBe(15);
    expect((await ipc.call('settings.setIdleMinutes', { minutes: 5 })).idleMinutes).toBe(5);
    expect(await ipc.call('session.get', {})).toMatchObject({ state: 'active', idleMinutes: 5 });
    expect(ipc.core.sessions.idleMs()).toBe(5 * 60_000);
    for (const minutes of [0, 16, 2.5])
      expect(await ipc.refusal('settings.setIdleMinutes', { minutes })).toMatchObject({
        code: 'invalidInput',
        fields: [{ path: 'minutes' }],
      });
    expect(() => ipc.core.setIdleMinutes(60)).toThrow(/from 1 to 15/);
    expect(ipc.core.audit.query({ action: 'settings.change' })[0]).toMatchObject({ detail: 'idleMinutes', role: 'administrator' });
    await ipc.as('support');
    expect(await ipc.refusal('settings.setIdleMinutes', { minutes: 10 })).toMatchObject({ code: 'forbidden' });
    expect((await ipc.call('settings.get', {})).idleMinutes).toBe(5);
  });
});
