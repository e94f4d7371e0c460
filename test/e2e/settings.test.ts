/**
 * Settings in the browser: changes survive a restart of the app on the same data folder; the rate a gateway
 * allows is kept, and one that is no whole number in bounds is refused under its field; the idle time before
 * a desk locks is kept, and one over PCI DSS's 15 minutes cannot be saved; a credential the
 * gateway does not accept shows the gateway's own refusal, both in the connection check and in a look-up;
 * the secret itself is never shown back. Uses the real keychain (gnome-keyring in the test D-Bus session).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  browserMissing,
  chooseLanguage,
  invokeInPage,
  languageControl,
  launchChromium,
  openApp,
  personGroup,
  removeFolder,
  screenshot,
  type AppUnderTest,
} from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing())('Settings in the browser', { timeout: 60_000 }, () => {
  let browser: Browser;
  let app: AppUnderTest | undefined;
  const dataFolder = mkdtempSync(join(tmpdir(), 'backoffice-settings-'));

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    removeFolder(dataFolder);
  });

  const customPanel = () => app!.page.getByRole('region', { name: /Custom address/ });

  it('keeps settings across a restart of the app', async () => {
    app = await openApp(browser, dataFolder);
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Custom address' }).click();
    const custom = customPanel();
    await custom.getByLabel('Base URL').fill('http://127.0.0.1:9/gateway');
    await custom.getByLabel('API user name').fill('shop-api');
    await custom.getByLabel('Merchant login').fill('shop');
    await custom.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'connection saved' }).count()).toBe(1);
    await screenshot(page, 'settings');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The language, each named in its own words, in the top bar (the one control for it): applied at once,
    // kept by main for the person.
    // Kept once the top bar is no longer busy saving it (chooseLanguage waits): only then is a restart a test of it.
    expect(await languageControl(page).locator('option').allTextContents()).toEqual(['English', 'Русский']);
    await chooseLanguage(page, 'ru');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Настройки');

    await app.close();
    app = await openApp(browser, dataFolder);
    // Read again at start: the screens come up in Russian.
    await expect.poll(() => app!.page.getByRole('navigation').getByRole('button').first().textContent()).toBe('Заказы');
    expect(await languageControl(app.page).inputValue()).toBe('ru');
    await chooseLanguage(app.page, 'en');
    await expect.poll(() => app!.page.getByRole('navigation').getByRole('button').first().textContent()).toBe('Orders');
    await app.page.getByRole('button', { name: 'Settings' }).click();
    await app.page.getByRole('tab', { name: 'Custom address' }).click();
    expect(await customPanel().getByLabel('Base URL').inputValue()).toBe('http://127.0.0.1:9/gateway');
    expect(await customPanel().getByLabel('API user name').inputValue()).toBe('shop-api');
    expect(await customPanel().getByLabel('Merchant login').inputValue()).toBe('shop');
  });

  it('refuses a bad value with the field named, and changes nothing', async () => {
    const { page } = app!;
    await customPanel().getByLabel('Base URL').fill('ftp://example.com');
    await customPanel().getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'baseUrl' }).count()).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Custom address' }).click();
    expect(await customPanel().getByLabel('Base URL').inputValue()).toBe('http://127.0.0.1:9/gateway');
  });

  it('keeps the rate the gateway allows, and says what it must be when it is no whole number in bounds', async () => {
    const { page } = app!;
    const rate = () => customPanel().getByLabel('Requests per second the gateway allows');
    const save = () => customPanel().getByRole('button', { name: 'Save connection' }).click();
    for (const bad of ['fast', '2.5', '-3', '20000']) {
      await rate().fill(bad);
      await save();
      await expect
        .poll(() =>
          customPanel().getByRole('alert').filter({ hasText: 'must be a whole number of requests per second from 1 to 10,000' }).count(),
        )
        .toBe(1);
    }
    await rate().fill('450');
    await save();
    await expect.poll(() => customPanel().getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'connection saved' }).count()).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Custom address' }).click();
    expect(await rate().inputValue()).toBe('450');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('keeps the idle time the administrator sets, and cannot save one over the 15 minutes PCI DSS allows', async () => {
    const { page } = app!;
    const idleField = () => page.getByRole('region', { name: 'Locking when idle' }).getByLabel('Lock after (minutes idle)');
    const save = () => page.getByRole('region', { name: 'Locking when idle' }).getByRole('button', { name: 'Save', exact: true });
    await page.getByRole('tab', { name: 'General' }).click();
    // 15 until an administrator sets another: the most PCI DSS allows.
    expect(await idleField().inputValue()).toBe('15');
    expect(app!.mode.core.settings.idleMinutes()).toBe(15);

    // 16 is refused beside the field, and cannot be sent; main refuses it too when the page asks for it itself.
    await idleField().fill('16');
    expect(await page.getByRole('region', { name: 'Locking when idle' }).getByRole('alert').textContent()).toBe(
      'From 1 to 15 minutes: PCI DSS asks for 15 at most',
    );
    expect(await save().isDisabled()).toBe(true);
    expect(await invokeInPage(page, 'settings.setIdleMinutes', { minutes: 16 })).toMatchObject({ ok: false });
    await idleField().fill('2.5');
    expect(await save().isDisabled()).toBe(true);
    expect(app!.mode.core.settings.idleMinutes()).toBe(15);

    await idleField().fill('5');
    await save().click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'A desk now locks after 5 minutes idle' }).count()).toBe(1);
    expect(app!.mode.core.settings.idleMinutes()).toBe(5);
    await screenshot(page, 'settings-idle');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Kept: Settings shows 5 after a reload, and the person's menu says it to everyone at the desk.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => idleField().inputValue()).toBe('5');
    await personGroup(page).getByRole('button', { expanded: false }).click();
    await expect.poll(() => personGroup(page).textContent()).toContain('Locks by itself after 5 minutes idle');
    await page.keyboard.press('Escape');
    await expect.poll(() => personGroup(page).getByRole('button', { expanded: true }).count()).toBe(0);
    // Where the next test begins.
    await page.getByRole('tab', { name: 'Custom address' }).click();
  });

  it.skipIf(!keychain)("shows the gateway's refusal of a wrong password, and never shows the password back", async () => {
    const { page } = app!;
    const custom = customPanel();
    // The custom environment pointed at the embedded sandbox, with its API user and a wrong password.
    await custom.getByLabel('Base URL').fill(app!.sandbox.url);
    await custom.getByLabel('API user name').fill('sandbox-api');
    await custom.getByRole('button', { name: 'Save connection' }).click();
    await custom.getByLabel('API password').fill('not-the-password');
    await custom.getByRole('button', { name: 'Save connection' }).click();
    // One save says it stored both (the keychain takes its time); the field then says the password is set.
    await page.getByRole('status').filter({ hasText: 'Custom address: connection and API password saved' }).waitFor();
    expect(await custom.getByText('Set: stored in the OS keychain').count()).toBe(1);
    // The field lets the password go once the store has settled, which may be a render after the hint changed.
    await expect.poll(() => custom.getByLabel('API password').inputValue()).toBe('');
    expect(await page.content()).not.toContain('not-the-password');

    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Work in').selectOption('custom');
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => page.getByLabel('Environment: custom').count()).toBe(1);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'The gateway refused' }).textContent())
      .toMatch(/The gateway refused this app's credentials: .+\(error code 5\)\. Nothing was changed\./);
    await screenshot(page, 'settings-refused');

    await page.getByRole('button', { name: 'Orders' }).click();
    await page.getByLabel('Order ID or order number').fill('any-order');
    await page.getByLabel('Order ID or order number').press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'failed' }).textContent()).toMatch(/\(error code 5\)/);
    await screenshot(page, 'orders-refused');

    // Back to the sandbox, which always works.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Work in').selectOption('sandbox');
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => page.getByLabel('Environment: sandbox').count()).toBe(1);
  });
});
