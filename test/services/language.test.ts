/**
 * The language until one is saved follows the system's locale (Russian for a Russian one, English for any
 * other), a saved one stays whatever the locale, and the gateway's texts arrive in it: real app cores on
 * temporary data folders, the embedded sandbox over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR, signInAtCore } from '../ipc/people.js';
import { AppCore } from '../../main/services/appCore.js';
import { languageOfLocale } from '../../main/services/settings.js';

const root = mkdtempSync(join(tmpdir(), 'language-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = () => mkdtempSync(join(root, 'data-'));

describe('the language of the app and of the gateway texts', () => {
  it('reads Russian from a Russian locale and English from any other', () => {
    expect(['ru-RU', 'ru', 'ru_UA', 'RU-ru'].map(languageOfLocale)).toEqual(['ru', 'ru', 'ru', 'ru']);
    expect(['en-US', 'de-DE', 'rus', '', undefined].map(languageOfLocale)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });

  it('starts from the system locale, keeps what was saved, and the gateway answers in it', async () => {
    const data = folder();
    const core = await AppCore.open({ dataFolder: data, osUser: 'admin', systemLocale: 'ru-RU', demo: true });
    expect(core.settings.general().language).toBe('ru');
    const declined = await core.services.orders.lookup('demo-0009');
    expect(declined).toMatchObject({ kind: 'found' });
    // The decline reason as the gateway words it, in the language the request named.
    expect(JSON.stringify(declined)).toContain('Эмитент отклонил аутентификацию 3-D Secure');

    await signInAtCore(core);
    await core.updatePreferences({ language: 'en' });
    await core.close();
    const reopened = await AppCore.open({ dataFolder: data, osUser: 'admin', systemLocale: 'ru-RU' });
    // Nobody signed in yet: the installation's language; then the person's own.
    expect(reopened.preferences().language).toBe('ru');
    await reopened.sessions.signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    expect(reopened.preferences().language).toBe('en');
    const again = JSON.stringify(await reopened.services.orders.lookup('demo-0009'));
    expect(again).toContain('3-D Secure authentication rejected by the issuer');
    expect(again).not.toContain('Эмитент');
    await reopened.close();

    const english = await AppCore.open({ dataFolder: folder(), osUser: 'admin', systemLocale: 'de-DE' });
    expect(english.settings.general().language).toBe('en');
    await english.close();
  });
});
