/**
 * The window's hardening, decided in main/shell/ and tested with stand-ins for Electron's objects: the
 * window's web preferences, what counts as the app's page, navigation and window.open, the CSP header,
 * and permissions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_HEADER } from '../../main/security/csp.js';
import { appPage } from '../../main/shell/appPage.js';
import { CONSOLE_PARTITION, consoleWindowOptions, isSandboxConsoleUrl } from '../../main/shell/consoleWindow.js';
import { sendContentSecurityPolicy } from '../../main/shell/contentSecurityPolicy.js';
import { EXTERNAL_LINK_HOSTS, isAllowedExternalLink } from '../../main/shell/externalLinks.js';
import { guardNavigation } from '../../main/shell/navigation.js';
import { denyPermissions } from '../../main/shell/permissions.js';
import { focusWindow, windowOptions } from '../../main/shell/window.js';
import { FakeWebContents } from './electronStub.js';

const page = appPage({ rendererFile: '/opt/app/out/renderer/index.html' });

/**
 * What an isolated renderer's preferences are, written here rather than imported from main/shell/window.ts, so
 * that a preference weakened there fails these tests instead of changing what they expect.
 */
const TURNED_ON = ['contextIsolation', 'sandbox', 'webSecurity'];
const NO_NODE = ['nodeIntegration', 'nodeIntegrationInWorker', 'nodeIntegrationInSubFrames'];
const TURNED_OFF = [...NO_NODE, 'allowRunningInsecureContent', 'webviewTag'];
const ISOLATED = Object.fromEntries([...TURNED_ON.map((name) => [name, true]), ...TURNED_OFF.map((name) => [name, false])]);

describe('the window', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security on, no <webview>, the preload given', () => {
    const options = windowOptions('/opt/app/out/preload/index.cjs');
    expect(options.webPreferences).toMatchObject({ preload: '/opt/app/out/preload/index.cjs', ...ISOLATED });
    expect(options.show).toBe(false); // shown on ready-to-show, never blank
  });

  it('brings a minimised window back when the app is launched again', () => {
    const win = { isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
    focusWindow(win);
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });
});

describe("the app's page", () => {
  it('is the built index.html as a file URL, whatever its hash or query, and nothing else', () => {
    expect(page.url).toBe('file:///opt/app/out/renderer/index.html');
    expect(page.isAppUrl('file:///opt/app/out/renderer/index.html#/orders')).toBe(true);
    expect(page.isAppUrl('file:///opt/app/out/renderer/index.html?x=1')).toBe(true);
    for (const url of [
      'file:///opt/app/out/renderer/other.html',
      'file:///etc/passwd',
      'file://evil.example/opt/app/out/renderer/index.html',
      'https://opt/app/out/renderer/index.html',
      'about:blank',
      'not a url',
    ]) {
      expect(page.isAppUrl(url), url).toBe(false);
    }
  });

  it("is the dev server's origin in development", () => {
    const dev = appPage({ rendererFile: '/x/index.html', devServerUrl: 'http://localhost:5173/' });
    expect(dev.url).toBe('http://localhost:5173/');
    expect(dev.isAppUrl('http://localhost:5173/src/main.tsx')).toBe(true);
    expect(dev.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(dev.isAppUrl('https://localhost:5173/')).toBe(false);
  });
});

describe('navigation', () => {
  function guarded() {
    const contents = new FakeWebContents();
    const openExternal = vi.fn(async (_url: string) => undefined);
    guardNavigation(contents as unknown as WebContents, { isAppUrl: page.isAppUrl, openExternal });
    const navigate = (name: string, url: string) => {
      const event = { url, preventDefault: vi.fn() };
      contents.emit(name, event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    return { contents, openExternal, navigate };
  }
  const docs = `https://${EXTERNAL_LINK_HOSTS[0]}/api/register`;

  it('prevents navigating or being redirected anywhere but the app page', () => {
    const { navigate, openExternal } = guarded();
    for (const name of ['will-navigate', 'will-redirect']) {
      expect(navigate(name, 'https://evil.example/')).toBe(true);
      expect(navigate(name, 'file:///etc/passwd')).toBe(true);
      expect(navigate(name, page.url)).toBe(false);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends an allow-listed link clicked in the page to the default browser instead of following it', () => {
    const { navigate, openExternal } = guarded();
    expect(navigate('will-navigate', docs)).toBe(true);
    expect(openExternal).toHaveBeenCalledWith(docs);
  });

  it('denies every window.open; only allow-listed http(s) links open, in the default browser', () => {
    const { contents, openExternal } = guarded();
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'javascript:alert(1)', page.url]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: docs })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith(docs);
  });

  it('prevents attaching a <webview>', () => {
    const { contents } = guarded();
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('allows exactly the listed hosts over http(s): no look-alikes, subdomains, credentials or other schemes', () => {
    const host = EXTERNAL_LINK_HOSTS[0];
    expect(EXTERNAL_LINK_HOSTS.length).toBeLessThanOrEqual(4);
    expect(isAllowedExternalLink(`https://${host}/x`)).toBe(true);
    for (const url of [
      `https://${host}.evil.example/`,
      `https://evil.${host}/`,
      `https://user:pw@${host}/`,
      `ftp://${host}/`,
      `file://${host}/x`,
    ]) {
      expect(isAllowedExternalLink(url), url).toBe(false);
    }
  });
});

describe("the sandbox's developer console window", () => {
  const sandboxUrl = 'http://127.0.0.1:41234';
  const ticket = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
  const consoleUrl = `${sandboxUrl}/sandbox/console?ticket=${ticket}`;

  /** An app window's contents and a console window's, each guarded as main/index.ts guards every web contents. */
  function guardedPair() {
    const app = new FakeWebContents();
    const console = new FakeWebContents();
    const open = vi.fn((_url: string) => undefined);
    const openExternal = vi.fn(async (_url: string) => undefined);
    const policy = {
      isAppUrl: page.isAppUrl,
      openExternal,
      sandboxConsole: { sandboxUrl: () => sandboxUrl, isConsoleWindow: (c: unknown) => c === console, open },
    };
    for (const c of [app, console]) guardNavigation(c as unknown as WebContents, policy);
    const navigate = (contents: FakeWebContents, name: string, url: string) => {
      const event = { url, preventDefault: vi.fn() };
      contents.emit(name, event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    return { app, console, open, openExternal, navigate };
  }

  it('has no preload, runs sandboxed and isolated, in a session partition of its own that is not persisted', () => {
    const options = consoleWindowOptions();
    expect(options.webPreferences).toEqual({ partition: CONSOLE_PARTITION, ...ISOLATED, spellcheck: false });
    expect(options.webPreferences).not.toHaveProperty('preload');
    expect(CONSOLE_PARTITION).not.toMatch(/^persist:/);
    expect(options.show).toBe(false);
  });

  it("is exactly the embedded sandbox's console address with one ticket", () => {
    expect(isSandboxConsoleUrl(consoleUrl, sandboxUrl)).toBe(true);
    for (const url of [
      `${sandboxUrl}/sandbox/console?token=${ticket}`,
      `${sandboxUrl}/sandbox/console?ticket=${ticket}&token=x`,
      `${sandboxUrl}/sandbox/console?ticket=${ticket}#x`,
      `${sandboxUrl}/sandbox/console?ticket=short`,
      `${sandboxUrl}/sandbox/console?ticket=${ticket}%3Cscript`,
      `${sandboxUrl}/sandbox/console/?ticket=${ticket}`,
      `${sandboxUrl}/sandbox/orders?ticket=${ticket}`,
      `${sandboxUrl}/sandbox/console`,
      `http://127.0.0.1:41235/sandbox/console?ticket=${ticket}`,
      `http://localhost:41234/sandbox/console?ticket=${ticket}`,
      `https://127.0.0.1:41234/sandbox/console?ticket=${ticket}`,
      `http://user:pw@127.0.0.1:41234/sandbox/console?ticket=${ticket}`,
      'not a url',
    ]) {
      expect(isSandboxConsoleUrl(url, sandboxUrl), url).toBe(false);
    }
    expect(isSandboxConsoleUrl(consoleUrl, undefined)).toBe(false);
  });

  it("opens from the app's page as a window of main's, never one the page opens; nothing else opens", () => {
    const { app, open, openExternal } = guardedPair();
    expect(app.windowOpenHandler?.({ url: consoleUrl })).toEqual({ action: 'deny' });
    expect(open).toHaveBeenCalledWith(consoleUrl);
    open.mockClear();
    for (const url of [`${sandboxUrl}/sandbox/console?token=${ticket}`, `${sandboxUrl}/sandbox/orders`, 'https://evil.example/']) {
      expect(app.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(open).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("keeps a console window on the sandbox's origin: the ticket's redirect and its files, nothing else", () => {
    const { console, app, navigate, open, openExternal } = guardedPair();
    for (const name of ['will-navigate', 'will-redirect']) {
      expect(navigate(console, name, `${sandboxUrl}/sandbox/console`)).toBe(false);
      expect(navigate(console, name, `${sandboxUrl}/sandbox/console/console.css`)).toBe(false);
      for (const url of [
        'https://evil.example/',
        page.url,
        'http://127.0.0.1:41235/sandbox/console',
        `https://${EXTERNAL_LINK_HOSTS[0]}/x`,
      ]) {
        expect(navigate(console, name, url), `${name} ${url}`).toBe(true);
      }
      // The app's window is not the console's: the sandbox is not its page.
      expect(navigate(app, name, `${sandboxUrl}/sandbox/console`)).toBe(true);
    }
    // A console window opens nothing, not even another console.
    expect(console.windowOpenHandler?.({ url: consoleUrl })).toEqual({ action: 'deny' });
    expect(console.windowOpenHandler?.({ url: `https://${EXTERNAL_LINK_HOSTS[0]}/x` })).toEqual({ action: 'deny' });
    expect(open).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('Content-Security-Policy', () => {
  it('is added as a header to every response, replacing any other policy', () => {
    const onHeadersReceived = vi.fn();
    sendContentSecurityPolicy({ webRequest: { onHeadersReceived } } as unknown as Session);
    const listener = onHeadersReceived.mock.calls[0]![0] as (details: unknown, callback: (r: unknown) => void) => void;
    const callback = vi.fn();
    listener(
      { url: 'file:///x/index.html', responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] },
    });
    listener({ url: 'file:///x/a.js' }, callback);
    expect(callback).toHaveBeenLastCalledWith({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
  });

  it("is the same in renderer/index.html's meta tag", () => {
    const html = readFileSync(fileURLToPath(new URL('../../renderer/index.html', import.meta.url)), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('permissions', () => {
  function handlers() {
    const s = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    denyPermissions(s as unknown as Session, page.isAppUrl);
    const request = s.setPermissionRequestHandler.mock.calls[0]![0] as (...a: unknown[]) => void;
    const check = s.setPermissionCheckHandler.mock.calls[0]![0] as (...a: unknown[]) => boolean;
    const ask = (permission: string, requestingUrl: string, isMainFrame = true) => {
      const callback = vi.fn();
      request({}, permission, callback, { requestingUrl, isMainFrame });
      return callback.mock.calls[0]![0] as boolean;
    };
    return {
      ask,
      check: (permission: string, requestingUrl: string, isMainFrame = true) =>
        check({}, permission, 'file://', { requestingUrl, isMainFrame }),
    };
  }

  it('refuses every permission request and check, from any page', () => {
    const { ask, check } = handlers();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'usb']) {
      expect(ask(permission, page.url), permission).toBe(false);
      expect(check(permission, page.url), permission).toBe(false);
    }
  });

  it("lets only the app's own top-level page write to the clipboard (its copy buttons)", () => {
    const { ask, check } = handlers();
    expect(check('clipboard-sanitized-write', page.url)).toBe(true);
    expect(ask('clipboard-sanitized-write', page.url)).toBe(true);
    expect(check('clipboard-sanitized-write', page.url, false)).toBe(false);
    expect(check('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });
});
