/**
 * Settings and signing keys tell the truth in the browser: after a switch main refused, the selector shows
 * the environment still in use and the refusal's reason beside it, and the connection check names that
 * environment; with the keychain locked, Settings says so once and Signing keys says it before Generate is
 * pressed, with Generate disabled. Light and dark, axe clean. The keychain is an in-memory one (its states
 * chosen here), so this file needs no Secret Service.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Keychain } from '../../main/vault/keychain.js';
import type { LockState } from '../../main/vault/lockState.js';
import { Vault } from '../../main/vault/vault.js';
import { accessibilityProblems, browserMissing, launchChromium, openApp, removeFolder, screenshot, type AppUnderTest } from './browser.js';

function memoryKeychain(): Keychain {
  const kept = new Map<string, string>();
  return {
    get: async (service, account) => kept.get(`${service}/${account}`) ?? null,
    set: async (service, account, value) => void kept.set(`${service}/${account}`, value),
    delete: async (service, account) => kept.delete(`${service}/${account}`),
  };
}
const vault = (lock: LockState) => new Vault(memoryKeychain(), 'settings-truth', async () => lock);

async function bothThemes(page: Page, name: string): Promise<void> {
  for (const wanted of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== wanted)
      await page.getByRole('button', { name: /Switch to .* theme/ }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe(wanted);
    await screenshot(page, `${name}-${wanted}`);
    expect(await accessibilityProblems(page)).toEqual([]);
  }
}

describe.skipIf(browserMissing())('Settings and keys say what is true', { timeout: 90_000 }, () => {
  let browser: Browser;
  const apps: AppUnderTest[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      removeFolder(app.dataFolder);
    }
    await browser?.close();
  });

  it('shows the environment in use and why a switch was refused, beside the selector', async () => {
    const app = await openApp(browser, undefined, { vault: vault('unlocked') });
    apps.push(app);
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    const production = page.getByRole('region', { name: /Production/ });
    await production.getByLabel('Base URL').fill('https://gateway.example');
    await production.getByLabel('API user name').fill('shop-api');
    await production.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'connection saved' }).count()).toBe(1);

    await page.getByLabel('Work in').selectOption('production');
    await page
      .getByRole('dialog', { name: /Switch to Production/ })
      .getByRole('button', { name: 'Switch to production' })
      .click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not switched to Production' });
    await expect.poll(() => refusal.count()).toBe(1);
    expect(await refusal.textContent()).toMatch(/password for production are not both set\. Still working in Sandbox/);
    expect(await page.getByLabel('Work in').inputValue()).toBe('sandbox');
    expect(await page.getByLabel('Work in').getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));

    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Sandbox (built in, no real money): Connected' }).count()).toBe(1);
    await bothThemes(page, 'settings-refused-switch');
  });

  it('with the keychain locked, says so once in Settings and before Generate in Signing keys', async () => {
    const app = await openApp(browser, undefined, { vault: vault('locked') });
    apps.push(app);
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('note', { name: 'OS keychain' }).count()).toBe(1);
    expect(await page.getByText('The OS keychain is locked.').count()).toBe(1);
    expect(await page.getByText('Unknown: the OS keychain cannot be read now.').count()).toBe(3);
    await bothThemes(page, 'settings-keychain-locked');

    await page.getByRole('navigation').getByRole('button', { name: 'Signing keys' }).click();
    const generate = page.getByRole('button', { name: 'Generate key…' });
    await generate.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    const note = page.getByRole('note').filter({ hasText: 'A new key cannot be generated or imported now' });
    expect(await note.textContent()).toContain('The OS keychain is locked.');
    expect(await generate.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    await bothThemes(page, 'keys-keychain-locked');
  });
});
