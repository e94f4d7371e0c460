/**
 * The application shell in the browser: every workspace reachable by the navigation and by Alt+1..9 and 0, the
 * search focused by Ctrl+K and "/", both themes, and production marked unmistakably; axe-core on every
 * screen in both themes.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { accessibilityProblems, appInBrowser, browserMissing, connectEnvironment, screenshot, WORKSPACES } from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing())('The application shell', { timeout: 60_000 }, () => {
  // A keychain service of the file's own: the production password it keeps is no other file's (the files run in
  // parallel over one keychain, and a production password there would let another file's refused switch through).
  const app = appInBrowser(() => ({ vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) }));

  const current = () => app.page.locator('nav [aria-current="page"]').textContent();

  // One test per theme: sixteen axe scans of a couple of seconds each (Customers made eight workspaces) do not
  // fit one test's minute on a busy machine, and each theme's pass stands on its own.
  for (const theme of ['light', 'dark'] as const) {
    it(`opens every workspace from the navigation, each passing axe in the ${theme} theme`, async () => {
      const { page } = app;
      expect(await page.getByLabel('Environment: sandbox').textContent()).toBe('Sandbox');
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await page.getByRole('button', { name: /Switch to .* theme/ }).click();
      }
      expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
      for (const [i, name] of WORKSPACES.entries()) {
        await page.getByRole('navigation').getByRole('button', { name }).click();
        expect(await current()).toBe(name);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        expect(await accessibilityProblems(page), `${name} (${theme})`).toEqual([]);
        await screenshot(page, `workspace-${i + 1}-${name.toLowerCase().replace(' ', '-')}-${theme}`);
      }
    });
  }

  it('opens every workspace by Alt+number', async () => {
    const { page } = app;
    for (const [i, name] of WORKSPACES.entries()) {
      // Alt+1..9, then Alt+0 for the tenth.
      await page.keyboard.press(`Alt+${(i + 1) % 10}`);
      expect(await current()).toBe(name);
    }
  });

  it('focuses the order search with Ctrl+K and with "/" from anywhere', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('order-search');
    expect(await current()).toBe('Orders');
    await page.keyboard.press('Alt+5');
    await page.locator('body').click();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('order-search');
  });

  it.skipIf(!keychain)('marks production unmistakably: a red band across the top and a red frame', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await connectEnvironment(page, 'Production', /Production/);
    await page.getByLabel('Work in').selectOption('production');
    await page.getByRole('button', { name: 'Switch to production' }).click();
    await expect.poll(() => page.getByRole('note').filter({ hasText: 'Production: real cards, real money' }).count()).toBe(1);
    expect(await page.getByLabel('Environment: production').textContent()).toBe('Production');
    expect(await page.evaluate("getComputedStyle(document.querySelector('.app')).borderTopColor")).toMatch(
      /^rgb\((185, 28, 28|239, 68, 68)\)$/,
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'production');
    await page.getByLabel('Work in').selectOption('sandbox');
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => page.getByLabel('Environment: sandbox').count()).toBe(1);
  });
});
