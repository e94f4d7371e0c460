/**
 * main/index.ts itself, loaded under a stubbed `electron` with a real app core (store, embedded sandbox
 * with demo data) in a temporary data folder: it hardens the session, binds every channel behind the
 * sender check, opens the hardened window on the app's page, answers the window's calls, pushes events
 * to it, focuses it on a second launch and closes the core before quitting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL } from '../../main/ipc/channels.js';
import { CHANNELS } from '../../main/ipc/contract.js';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../main/security/csp.js';
import { app, BrowserWindow, control, ipcMain, Menu, session, type FakeWebContents } from './electronStub.js';
import { ADMINISTRATOR } from '../ipc/people.js';

vi.mock('electron', () => import('./electronStub.js'));

const dataFolder = mkdtempSync(join(tmpdir(), 'electron-main-'));
afterAll(() => rmSync(dataFolder, { recursive: true, force: true }));
control.userData = dataFolder;

await import('../../main/index.js');
await vi.waitFor(() => expect(BrowserWindow.created[0]?.webContents.mainFrame.url).toMatch(/^file:/), { timeout: 15_000, interval: 50 });
const win = BrowserWindow.created[0]!;
const contents: FakeWebContents = win.webContents;
const call = (channel: string, input: unknown, event = { sender: contents, senderFrame: contents.mainFrame }) =>
  ipcMain.handlers.get(channel)!(event, input);

describe('the Electron adapter', () => {
  it('opens one hardened window on the built renderer page, shown once ready', () => {
    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(BrowserWindow.created).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect((win.options.webPreferences as { preload: string }).preload).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(contents.mainFrame.url).toMatch(/\/renderer\/index\.html$/);
    expect(win.show).toHaveBeenCalled();
  });

  it('hardens the session, guards the window and sets the menu', () => {
    const listener = session.defaultSession.webRequest.onHeadersReceived.mock.calls[0]![0] as (
      d: unknown,
      cb: (r: unknown) => void,
    ) => void;
    const callback = vi.fn();
    listener({ url: contents.mainFrame.url, responseHeaders: {} }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const navigation = { url: 'https://evil.example/', preventDefault: vi.fn() };
    contents.emit('will-navigate', navigation);
    expect(navigation.preventDefault).toHaveBeenCalled();
    expect(Menu.setApplicationMenu).toHaveBeenCalled();
  });

  it('binds every channel, and answers the window with the real core: app.info says electron', async () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    const info = await call('app.info', {});
    expect(info).toMatchObject({
      ok: true,
      value: { shell: 'electron', version: '9.8.7', name: 'gateway-backoffice', dataFolder, environment: 'sandbox' },
    });
  });

  it('asks a fresh data folder for its first administrator, and signs them in through the contract', async () => {
    expect(await call('orders.lookup', { query: 'demo-0003' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('session.get', {})).toMatchObject({ ok: true, value: { state: 'firstAdministrator' } });
    expect(await call('session.firstAdministrator', ADMINISTRATOR)).toMatchObject({ ok: true, value: { state: 'active' } });
  });

  it('looks up a demo order through the contract (the sandbox was seeded on first run)', async () => {
    expect(await call('orders.lookup', { query: 'demo-0003' })).toMatchObject({ ok: true, value: { kind: 'found' } });
    expect(await call('orders.lookup', { query: 42 })).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('refuses a call from a subframe of the window without running it', async () => {
    const subframe = { sender: contents, senderFrame: { url: contents.mainFrame.url, parent: contents.mainFrame } };
    expect(await call('settings.setPreferences', { language: 'xx' }, subframe)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const settings = (await call('settings.get', {})) as { value: { general: { language: string } } };
    expect(settings.value.general.language).not.toBe('xx');
  });

  it('pushes events to the window on the event channel', async () => {
    expect(await call('settings.setPreferences', { language: 'ru' })).toMatchObject({ ok: true });
    expect(contents.sent).toContainEqual([EVENT_CHANNEL, { type: 'settings.changed' }]);
  });

  it('focuses the existing window when the app is launched a second time', () => {
    win.minimized = true;
    app.emit('second-instance', {}, [], '/');
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });

  it("opens the sandbox's developer console from the app's page in a window of main's, kept on the sandbox", async () => {
    const answer = (await call('sandbox.console.open', {})) as { ok: true; value: { url: string } };
    expect(answer.ok).toBe(true);
    const { url } = answer.value;
    const sandboxOrigin = new URL(url).origin;
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(BrowserWindow.created).toHaveLength(2);
    const consoleWindow = BrowserWindow.created[1]!;
    const preferences = consoleWindow.options.webPreferences as Record<string, unknown>;
    expect(preferences).toMatchObject({ partition: 'sandbox-console', contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(preferences).not.toHaveProperty('preload');
    await vi.waitFor(() => expect(consoleWindow.webContents.mainFrame.url).toBe(url));
    expect(consoleWindow.show).toHaveBeenCalled();
    // Its own session refuses every permission.
    const consoleSession = session.fromPartition('sandbox-console');
    expect(consoleSession).not.toBe(session.defaultSession);
    expect(consoleSession.setPermissionCheckHandler).toHaveBeenCalled();
    const check = consoleSession.setPermissionCheckHandler.mock.calls[0]![0] as (...a: unknown[]) => boolean;
    expect(
      check({}, 'clipboard-sanitized-write', sandboxOrigin, { requestingUrl: `${sandboxOrigin}/sandbox/console`, isMainFrame: true }),
    ).toBe(false);
    // The ticket's redirect to the console is followed; a way off the sandbox is not.
    const redirect = (to: string) => {
      const event = { url: to, preventDefault: vi.fn() };
      consoleWindow.webContents.emit('will-redirect', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(redirect(`${sandboxOrigin}/sandbox/console`)).toBe(false);
    expect(redirect('https://evil.example/')).toBe(true);
    expect(redirect(contents.mainFrame.url)).toBe(true);
    // The app's page itself still may not go to the sandbox, and the launch-long token link opens nothing.
    const appNavigation = { url: `${sandboxOrigin}/sandbox/console`, preventDefault: vi.fn() };
    contents.emit('will-navigate', appNavigation);
    expect(appNavigation.preventDefault).toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: url.replace('ticket=', 'token=') })).toEqual({ action: 'deny' });
    expect(BrowserWindow.created).toHaveLength(2);
  });

  it('closes the core before quitting: the quit is held, then completed', async () => {
    const quitting = { preventDefault: vi.fn() };
    app.emit('before-quit', quitting);
    expect(quitting.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    const again = { preventDefault: vi.fn() };
    app.emit('before-quit', again); // the second time round nothing holds it
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
