/**
 * The sandbox's developer console opened from the app (issue 15), in Chromium through browser mode against
 * the app's embedded sandbox: Settings' "Open developer console" opens it in a page of its own, with the
 * one-time ticket gone from the address bar; outside the sandbox the button is disabled with the reason.
 * Screenshots of Settings and of the console, light and dark, and axe on each.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { accessibilityProblems, browserMissing, launchChromium, openApp, removeFolder, screenshot, type AppUnderTest } from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing())('the developer console from the app', { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: AppUnderTest;
  /** The console's page, once Settings opened it. */
  let consolePage: Page | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    // Its own keychain service: the custom environment's credentials are this file's alone.
    app = await openApp(browser, undefined, keychain ? { vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) } : {});
  });

  afterAll(async () => {
    await consolePage?.close();
    await app?.close();
    await browser?.close();
    if (app) removeFolder(app.dataFolder);
  });

  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name }).click();
  const consolePanel = (page: Page) => page.getByRole('region', { name: 'Developer console' });
  const theme = async (page: Page, wanted: 'light' | 'dark') => {
    if ((await page.locator('html').getAttribute('data-theme')) !== wanted)
      await page.getByRole('button', { name: /Switch to .* theme/ }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe(wanted);
  };

  it("Settings' Open developer console opens the console in a page of its own, the ticket gone from the address", async () => {
    const { page } = app;
    await nav(page, 'Settings');
    const panel = consolePanel(page);
    await expect.poll(() => panel.getByRole('button', { name: 'Open developer console' }).isEnabled()).toBe(true);
    for (const wanted of ['light', 'dark'] as const) {
      await theme(page, wanted);
      await screenshot(page, `settings-developer-console-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await theme(page, 'light');

    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      panel.getByRole('button', { name: 'Open developer console' }).click(),
    ]);
    consolePage = opened;
    await opened.waitForURL(`${app.sandbox.url}/sandbox/console`);
    expect(await opened.title()).toMatch(/developer console/i);
    // The app's page stays where it was, and holds no handle on the console (noopener).
    expect(page.url()).toContain(app.mode.host.origin);
  });

  it.skipIf(!keychain)('outside the sandbox the button is disabled, and says why', async () => {
    const { page } = app;
    // Through the page's own api, as Settings' forms call it.
    const invoke = (channel: string, input: unknown) =>
      page.evaluate(`window.api.invoke(${JSON.stringify(channel)}, ${JSON.stringify(input)}).then((r) => ({ ok: r.ok }))`);
    const connection = { environment: 'custom', baseUrl: app.sandbox.url, authMode: 'password', userName: 'sandbox-api' };
    expect(await invoke('settings.setConnection', connection)).toMatchObject({ ok: true });
    expect(await invoke('settings.setCredential', { environment: 'custom', kind: 'password', secret: 'sandbox-pass' })).toMatchObject({
      ok: true,
    });
    expect(await invoke('settings.updateGeneral', { environment: 'custom' })).toMatchObject({ ok: true });
    try {
      const panel = consolePanel(page);
      const button = panel.getByRole('button', { name: 'Open developer console' });
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await panel.textContent()).toContain('Available while the app works in the sandbox; it is working in Custom address now.');
      await screenshot(page, 'settings-developer-console-elsewhere');
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await invoke('settings.updateGeneral', { environment: 'sandbox' });
    }
    await expect.poll(() => consolePanel(page).getByRole('button', { name: 'Open developer console' }).isEnabled()).toBe(true);
  });
});
