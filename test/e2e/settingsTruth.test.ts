/**
 * Settings and signing keys tell the truth in the browser: after a switch main refused, the selector shows
 * the environment still in use and the refusal's reason beside it, and the connection check names that
 * environment; with the keychain locked, Settings says so once and Signing keys says it before Generate is
 * pressed, with Generate disabled. Light and dark, axe clean. The keychain is real gnome-keyring: the
 * locked one is the app in a process of its own (locked-app-host.ts), in a private D-Bus session whose
 * keyring is locked through the Secret Service's Lock method, so that no other test's keychain is locked.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  browserMissing,
  ensureBuilt,
  launchChromium,
  openApp,
  openPage,
  removeFolder,
  screenshot,
  type AppUnderTest,
} from './browser.js';
import { onPrivateKeyring } from '../vault/privateKeyring.js';

// `npm test` sets KEYCHAIN_TESTS=1 where gnome-keyring, D-Bus and the keychain library are all there.
const keychainReady = process.env.KEYCHAIN_TESTS === '1';

/** The app on a desktop whose keyring is locked: its address, and how to stop it. */
async function lockedApp(): Promise<{ readonly url: string; stop(): Promise<void> }> {
  ensureBuilt();
  const keyring = mkdtempSync(join(tmpdir(), 'locked-app-keyring-'));
  const desktop = onPrivateKeyring(keyring, `'${process.execPath}' --import tsx test/e2e/locked-app-host.ts`);
  const host: ChildProcessWithoutNullStreams = spawn('dbus-run-session', desktop.args, { env: desktop.env });
  let stderr = '';
  host.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: host.stdout }).once('line', resolve);
    void exited.then(() => reject(new Error(`the locked app did not start: ${stderr}`)));
  });
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    stop: async () => {
      host.stdin.end();
      await exited;
      removeFolder(keyring);
    },
  };
}

async function bothThemes(page: Page, name: string): Promise<void> {
  for (const wanted of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== wanted)
      await page.getByRole('button', { name: /Switch to .* theme/ }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe(wanted);
    await screenshot(page, `${name}-${wanted}`);
    expect(await accessibilityProblems(page)).toEqual([]);
  }
}

describe.skipIf(browserMissing())('Settings and keys say what is true', { timeout: 120_000 }, () => {
  let browser: Browser;
  const apps: AppUnderTest[] = [];
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      removeFolder(app.dataFolder);
    }
    for (const stop of stops) await stop();
    await browser?.close();
  });

  it('shows the environment in use and why a switch was refused, beside the selector', async () => {
    const app = await openApp(browser);
    apps.push(app);
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Production' }).click();
    const production = page.getByRole('region', { name: /Production/ });
    await production.getByLabel('Base URL').fill('https://gateway.example');
    await production.getByLabel('API user name').fill('shop-api');
    await production.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'connection saved' }).count()).toBe(1);

    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Work in').selectOption('production');
    await page
      .getByRole('dialog', { name: /Switch to Production/ })
      .getByRole('button', { name: 'Switch to production' })
      .click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not switched to Production' });
    // Main asks the keychain over D-Bus first: slower than a second on a busy machine.
    await expect.poll(() => refusal.count(), { timeout: 15_000 }).toBe(1);
    expect(await refusal.textContent()).toMatch(/password for production are not both set\. Still working in Sandbox/);
    expect(await page.getByLabel('Work in').inputValue()).toBe('sandbox');
    expect(await page.getByLabel('Work in').getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));

    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Sandbox (built in, no real money): Connected' }).count()).toBe(1);
    await bothThemes(page, 'settings-refused-switch');
  });

  it.skipIf(!keychainReady)('with the keychain locked, says so once in Settings and before Generate in Signing keys', async () => {
    const app = await lockedApp();
    const opened = await openPage(browser, app.url);
    stops.push(async () => {
      await opened.close();
      await app.stop();
    });
    const { page } = opened;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('note', { name: 'OS keychain' }).count()).toBe(1);
    expect(await page.getByText('The OS keychain is locked.').count()).toBe(1);
    // Said in each environment's section, one shown at a time.
    await page.getByRole('tab', { name: 'Test environment' }).click();
    expect(await page.getByText('Unknown: the OS keychain cannot be read now.').count()).toBe(1);
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
