/**
 * Issue 13 items 6 and 12 in Chromium against the app's embedded sandbox: Settings edits the per-charge
 * maximum per environment and currency, typed as money in that currency; a change to production's asks
 * for a confirmation (and main refuses it without one); the charge form offers only the currencies the
 * sandbox accepts (no UZS 860) and states each one's maximum. Screenshots light and dark, axe clean.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems, appInBrowser, browserMissing, openWorkspace, screenshot, invokeInPage } from './browser.js';

describe.skipIf(browserMissing())('Currencies and per-charge maximums in the browser', { timeout: 90_000 }, () => {
  const app = appInBrowser();

  const nav = openWorkspace;
  const editor = (page: Page) => page.getByRole('region', { name: 'Currencies and per-charge maximums' });
  const row = (page: Page, numeric: string) => editor(page).locator(`tr[data-currency="${numeric}"]`);
  /** Both themes, each screenshotted and checked by axe (the toggle is outside any open dialog). */
  async function bothThemes(page: Page, name: string) {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      await screenshot(page, `${name}-${theme}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
  }
  const invoke = invokeInPage;

  it("sets the sandbox's maximum in RUB as money, leaving other currencies and environments as they were", async () => {
    const { page } = app;
    await nav(page, 'Settings');
    await page.getByRole('tab', { name: 'Currencies and limits' }).click();
    await expect.poll(() => row(page, '643').textContent()).toMatch(/RUB\s10,000\.00 \(the sandbox’s default\)/);
    expect(await row(page, '392').textContent()).toMatch(/JPY\s10,000 \(the sandbox’s default\)/);
    expect(await editor(page).locator('tr[data-currency="860"]').count()).toBe(0);

    const field = row(page, '643').getByLabel('New maximum in RUB');
    await field.fill('2500.505');
    expect(await row(page, '643').getByRole('alert').textContent()).toBe('At most 2 decimals for this currency');
    expect(await row(page, '643').getByRole('button', { name: 'Set RUB maximum' }).isDisabled()).toBe(true);
    await field.fill('2 500,50');
    await row(page, '643').getByRole('button', { name: 'Set RUB maximum' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the RUB maximum in sandbox' });
    expect(await dialog.textContent()).toMatch(/250,050 minor units of RUB/);
    await dialog.getByRole('button', { name: /^Set the RUB maximum to RUB\s2,500\.50$/ }).click();
    await expect.poll(() => row(page, '643').textContent()).toMatch(/RUB\s2,500\.50/);
    expect(await row(page, '840').textContent()).toMatch(/USD\s10,000\.00 \(the sandbox’s default\)/);
    await bothThemes(page, 'settings-charge-limits');
  });

  it("asks to confirm a change to production's maximum, and main refuses one without the confirmation", async () => {
    const { page } = app;
    await nav(page, 'Settings');
    await page.getByRole('tab', { name: 'Currencies and limits' }).click();
    await editor(page).getByLabel('Environment').selectOption('production');
    await expect.poll(() => editor(page).getByRole('status').textContent()).toMatch(/No currencies are listed for production/);
    await editor(page).getByLabel('Currencies production accepts').fill('643, 978');
    await editor(page).getByRole('button', { name: 'Save currencies' }).click();
    await expect.poll(() => row(page, '978').textContent()).toContain('None: charges in it are refused');

    await row(page, '643').getByLabel('New maximum in RUB').fill('5000');
    await row(page, '643').getByRole('button', { name: 'Change RUB maximum…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the RUB maximum in production' });
    const set = dialog.getByRole('button', { name: /^Set the RUB maximum to RUB\s5,000\.00$/ });
    expect(await set.isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain('Production: real cards, real money');
    await dialog.getByRole('checkbox', { name: /I confirm this change to production’s per-charge maximum in RUB/ }).check();
    await bothThemes(page, 'settings-charge-limits-production-confirm');
    await set.click();
    await expect.poll(() => row(page, '643').textContent()).toMatch(/RUB\s5,000\.00/);

    // A script in the page that skips the dialog gets nothing changed.
    const bare = await invoke(page, 'settings.setChargeMaximum', { environment: 'production', currency: '643', maximum: 99_999_999 });
    expect(bare).toMatchObject({ ok: false, error: { message: expect.stringMatching(/must be confirmed/) } });
    const limits = await invoke(page, 'settings.chargeLimits', { environment: 'production' });
    expect(limits.value).toMatchObject({ currencies: [{ numeric: '643', maximum: 500_000 }, { numeric: '978' }] });
    // The sandbox's RUB maximum is still its own.
    expect(await invoke(page, 'settings.chargeLimits', { environment: 'sandbox' })).toMatchObject({
      value: { currencies: expect.arrayContaining([expect.objectContaining({ numeric: '643', maximum: 250_050 })]) },
    });
  });

  it('offers in the charge form only the currencies the sandbox accepts, each with its maximum', async () => {
    const { page } = app;
    await nav(page, 'Charges');
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await currency.waitFor();
    const offered = await currency.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
    expect(offered).not.toContain('860');
    expect([...offered].sort()).toEqual(['048', '051', '156', '392', '398', '643', '826', '840', '933', '949', '978']);
    expect(await currency.inputValue()).toBe('643');
    await expect.poll(() => page.getByText(/at most RUB\s2,500\.50 per charge/).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Amount' }).fill('2500.51');
    expect(await page.getByText(/Over the per-charge maximum of RUB\s2,500\.50 in sandbox/).count()).toBe(1);
    await currency.selectOption('392');
    await page.getByRole('textbox', { name: 'Amount' }).fill('10001');
    expect(await page.getByText(/Over the per-charge maximum of JPY\s10,000 in sandbox/).count()).toBe(1);
    await bothThemes(page, 'charges-form-currencies');
  });
});
