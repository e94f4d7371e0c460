/**
 * Daily work in Chromium against the app's embedded sandbox (issue 26, items 3 and 5): the charge form
 * takes "1,250.00", the format the app itself shows in English, and "1 250,00" in Russian, reading both
 * back as RUB 1,250.00 with the currency in words; a support person switches the screens to Russian and
 * the dark theme from the top bar, kept for that person. Screenshots in both languages at 1280x720 and
 * 1024x640, and axe on every screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { accessibilityProblems, addPerson, ADMIN, appInBrowser, browserMissing, screenshot, signInAs } from './browser.js';

const SIZES = [
  [1280, 720],
  [1024, 640],
] as const;

describe.skipIf(browserMissing())('amounts as typed, and a person’s own language', { timeout: 120_000 }, () => {
  // A keychain of this test's own.
  const app = appInBrowser(() => ({ vault: new Vault(memoryKeychain(), 'daily-input', async () => 'unlocked') }));
  const clientId = uniqueNumber('typist');

  beforeAll(async () => {
    await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', pan: '4111111111111111' }] });
  });

  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

  async function shots(page: Page, name: string) {
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${name}-${width}x${height}`);
      expect(await accessibilityProblems(page), `${name} at ${width}x${height}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  it('the charge form reads "1,250.00" in English and "1 250,00" in Russian as RUB 1,250.00', async () => {
    const { page } = app;
    await nav(page, 'Charges');
    await page.getByRole('textbox', { name: 'Client ID' }).fill(clientId);
    await page.getByRole('button', { name: 'Find cards', exact: true }).click();
    await page.getByRole('button', { name: 'Choose common card 411111******1111' }).click();
    await page.getByRole('region', { name: 'Card to charge' }).waitFor();

    const amount = page.getByRole('textbox', { name: 'Amount' });
    const readback = page.getByTestId('amount-readback');
    await amount.fill('1,250.00');
    await expect
      .poll(() => readback.textContent())
      .toMatch(/^RUB\s1,250\.00 — one thousand two hundred fifty roubles and 00 kopecks \(125,000 minor units\)$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await shots(page, 'charge-typed-en');

    // A grouping that is not in threes is refused in words, before anything is reviewed.
    await amount.fill('1,25,0');
    await expect.poll(() => page.locator('.field-error').first().textContent()).toContain('The digits are grouped wrongly');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');
    await page.getByRole('textbox', { name: 'Сумма' }).fill('1 250,00');
    await expect.poll(() => readback.textContent()).toMatch(/^1\s250,00\sRUB — одна тысяча двести пятьдесят рублей 00 копеек/);
    await shots(page, 'charge-typed-ru');
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('support switches to Russian and the dark theme from the top bar, and keeps them; the administrator keeps English', async () => {
    const { page } = app;
    const support = await addPerson(app.mode, 'support-daily', 'support');
    await signInAs(page, support);
    // Support has no Settings workspace: the top bar is where a person's own preferences are.
    await expect.poll(() => page.getByRole('navigation').getByRole('button', { name: 'Settings' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor();
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await shots(page, 'support-russian-dark');

    // The administrator signed in has their own language and theme; support's come back with support.
    await signInAs(page, ADMIN);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await signInAs(page, support);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
  });

  it('a batch look-up file with a spreadsheet header and semicolons: the header is no order, results in the file’s order', async () => {
    const { page } = app;
    // Support, in Russian, from the test before.
    await nav(page, 'Заказы');
    await page.getByRole('button', { name: 'Пакетный поиск', exact: true }).click();
    const file = ['Номер заказа;Сумма', 'missing-3;1 250,00', 'missing-1;5,00', ';7,00', 'missing-2;9,00'].join('\n');
    await page.getByLabel(/^ID или номера заказов/).fill(file);
    await page.getByRole('button', { name: 'Начать поиск' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Новый пакет' }).count(), { timeout: 30_000 }).toBe(1);
    const queries = () => page.locator('[data-line] [role=cell]:first-child').allTextContents();
    await expect.poll(queries).toEqual(['missing-3', 'missing-1', 'missing-2']);
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Пропущена 1 строка');
    await shots(page, 'batch-header-ru');

    await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('1 line skipped');
    await shots(page, 'batch-header-en');
  });
});
