/**
 * The Stored cards workspace in the browser, against the app's embedded sandbox: a client's cards grouped
 * by category with expired and expiring-soon badges (expired ones only on request); one card found by
 * binding ID and by card number without the page ever showing the whole number; disable and re-enable
 * (issue 5's acceptance) and extend expiry, each through a confirmation that names the client, the masked
 * card and the category, with a second search showing what the gateway says; bad input refused in words;
 * and "Charge this card" handing the card to the Charges workspace.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot } from './browser.js';

const DAY = 86_400_000;
const yearMonth = (t: number) => new Date(t).toISOString().slice(0, 7).replace('-', '');
const THIS_MONTH = yearMonth(Date.now());
const LAST_YEAR = yearMonth(Date.now() - 365 * DAY);
// A card valid to the end of this month runs out within 30 days, except in the first hours of a 31-day month.
const now = new Date();
const ENDS_SOON = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - Date.now() <= 30 * DAY;
const words = (yyyymm: string) => `${yyyymm.slice(4)}/${yyyymm.slice(0, 4)}`;

describe.skipIf(browserMissing())('Stored cards workspace in the browser', { timeout: 90_000 }, () => {
  const app = appInBrowser();
  const clientId = uniqueNumber('client');
  let ids: { common: string; recurrent: string; installment: string; expired: string };

  beforeAll(async () => {
    const seeded = await control(app.sandbox, 'POST', '/seed', {
      bindings: [
        { clientId, category: 'COMMON', pan: '4111111111111111', expiry: THIS_MONTH },
        { clientId, category: 'RECURRENT', expiry: '203012' },
        { clientId, category: 'INSTALLMENT', pan: '5555555555555599', expiry: '203012' },
        { clientId, category: 'COMMON', pan: '4012001038166662', expiry: LAST_YEAR },
      ],
    });
    const [common, recurrent, installment, expired] = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId) as [
      string,
      string,
      string,
      string,
    ];
    ids = { common, recurrent, installment, expired };
  });

  const openCards = (page: Page) => page.getByRole('navigation').getByRole('button', { name: 'Stored cards' }).click();
  const row = (page: Page, bindingId: string) => page.locator(`tr[data-binding-id="${bindingId}"]`);
  const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
  const summary = (page: Page) => page.locator('.cards-results [role="status"]');

  async function find(page: Page, by: 'Client ID' | 'Binding ID' | 'Card number', value: string): Promise<void> {
    await page.getByRole('radio', { name: by }).check();
    await page.getByRole('textbox', { name: by, exact: true }).fill(value);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
  }

  /** Opens Stored cards, finds the test's client and waits for the row of this card of theirs. */
  async function foundByClient(page: Page, bindingId: string): Promise<void> {
    await openCards(page);
    await find(page, 'Client ID', clientId);
    await expect.poll(() => row(page, bindingId).count()).toBe(1);
  }

  /** The gateway's own list of the client's cards (not the screen's), through the app's binding service. */
  const gatewayList = async () => {
    const g = await app.mode.core.services.bindings.list(clientId, { showExpired: true });
    return [...g.common, ...g.recurrent, ...g.installment];
  };

  it("finds a client's cards grouped by category, expired ones only on request", async () => {
    const { page } = app;
    await openCards(page);
    await find(page, 'Client ID', clientId);
    await expect.poll(() => summary(page).textContent()).toBe(`3 stored cards for client ${clientId}.`);
    expect(await group(page, 'Common').locator('tbody tr').count()).toBe(1);
    expect(await group(page, 'Recurrent').locator('tbody tr').count()).toBe(1);
    expect(await group(page, 'Installment').locator('tbody tr').count()).toBe(1);
    expect(await row(page, ids.expired).count()).toBe(0);

    const common = await row(page, ids.common).textContent();
    expect(common).toContain('411111******1111');
    expect(common).toContain('VISA');
    expect(common).toContain(words(THIS_MONTH));
    if (ENDS_SOON) expect(common).toContain('Expires soon');
    expect(await group(page, 'Installment').textContent()).toContain('555555******5599');
    expect(await row(page, ids.recurrent).textContent()).toContain(clientId);
    await screenshot(page, 'cards-client');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('Show expired cards').check();
    await expect.poll(() => summary(page).textContent()).toBe(`4 stored cards for client ${clientId}, expired ones included.`);
    const expired = await row(page, ids.expired).textContent();
    expect(expired).toContain('Expired');
    expect(expired).toContain(words(LAST_YEAR));
    // An expired card is not offered for charging.
    expect(
      await row(page, ids.expired)
        .getByRole('button', { name: /^Charge/ })
        .count(),
    ).toBe(0);
    expect(await group(page, 'Common').locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'cards-client-expired');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Show expired cards').uncheck();
  });

  it('finds one card by binding ID and by card number, never showing the whole number', async () => {
    const { page } = app;
    await openCards(page);
    await find(page, 'Binding ID', ids.installment);
    await expect.poll(() => summary(page).textContent()).toBe(`1 stored card for binding ID ${ids.installment}.`);
    expect(await group(page, 'Installment').locator('tbody tr').count()).toBe(1);
    expect(await group(page, 'Common').textContent()).toContain('No common cards.');
    // The client is known from the search by client before.
    expect(await row(page, ids.installment).textContent()).toContain(clientId);

    await find(page, 'Card number', '5555 5555 5555 5599');
    await expect.poll(() => summary(page).textContent()).toMatch(/^\d+ stored cards? for card number 555555\*\*\*\*\*\*5599\.$/);
    expect(await row(page, ids.installment).count()).toBe(1);
    // The field is cleared once the number is sent, and the number is nowhere on the page.
    expect(await page.getByRole('textbox', { name: 'Card number', exact: true }).inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain('5555555555555599');
    expect(html).not.toContain('5555 5555 5555 5599');
    await screenshot(page, 'cards-by-card-number');
    expect(await accessibilityProblems(page)).toEqual([]);

    await find(page, 'Binding ID', 'no-such-binding');
    await expect
      .poll(() => summary(page).textContent())
      .toBe('No stored cards found for binding ID no-such-binding (expired cards are hidden: tick “Show expired cards” to include them).');
  });

  it('disables and re-enables a card behind confirmations; a second search shows what the gateway says', async () => {
    const { page } = app;
    await foundByClient(page, ids.recurrent);
    await row(page, ids.recurrent)
      .getByRole('button', { name: /^Disable/ })
      .click();
    const disable = page.getByRole('dialog', { name: 'Disable stored card' });
    const text = (await disable.textContent()) ?? '';
    expect(text).toContain(clientId);
    expect(text).toContain('444455******3333');
    expect(text).toContain('Recurrent');
    expect(text).toContain('The gateway will stop listing this card and it cannot be charged until it is re-enabled');
    await screenshot(page, 'cards-confirm-disable');
    expect(await accessibilityProblems(page)).toEqual([]);
    await disable.getByRole('button', { name: 'Disable VISA 444455******3333' }).click();
    await expect.poll(() => disable.isVisible()).toBe(false);

    // The gateway no longer lists it; a new search shows it as disabled (known to the app, not the gateway).
    expect((await gatewayList()).map((b) => b.bindingId)).not.toContain(ids.recurrent);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => row(page, ids.recurrent).textContent()).toContain('Disabled');
    expect(
      await row(page, ids.recurrent)
        .getByRole('button', { name: /^Charge/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'cards-disabled');
    expect(await accessibilityProblems(page)).toEqual([]);

    await row(page, ids.recurrent)
      .getByRole('button', { name: /^Re-enable/ })
      .click();
    const enable = page.getByRole('dialog', { name: 'Re-enable stored card' });
    expect(await enable.textContent()).toContain('The gateway will list this card again');
    expect(await enable.textContent()).toContain(clientId);
    expect(await accessibilityProblems(page)).toEqual([]);
    await enable.getByRole('button', { name: 'Re-enable VISA 444455******3333' }).click();
    await expect.poll(() => enable.isVisible()).toBe(false);

    expect((await gatewayList()).map((b) => b.bindingId)).toContain(ids.recurrent);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => row(page, ids.recurrent).textContent()).toContain('Enabled');
    expect(await row(page, ids.recurrent).textContent()).not.toContain('Disabled');

    expect(
      app.mode.core.audit
        .query({ objectId: ids.recurrent })
        .map((e) => `${e.action} ${e.outcome}`)
        .sort(),
    ).toEqual(['binding.disable success', 'binding.enable success']);
  });

  it('a card disabled here reads disabled in the client’s view opened before, and enabled again after', async () => {
    const { page } = app;
    const clientView = page.getByRole('table', { name: 'Stored cards of the client' });
    const stateInClientView = () => clientView.locator('tr', { hasText: ids.recurrent }).locator('td').nth(4).textContent();
    const openClient = async () => {
      await openCards(page);
      await find(page, 'Client ID', clientId);
      await page.getByRole('button', { name: 'Open client' }).first().click();
      await clientView.waitFor();
    };
    await openClient();
    await expect.poll(stateInClientView).toBe('Enabled');

    for (const [action, state] of [
      ['Disable', 'Disabled'],
      ['Re-enable', 'Enabled'],
    ] as const) {
      await openCards(page);
      await find(page, 'Client ID', clientId);
      await row(page, ids.recurrent)
        .getByRole('button', { name: new RegExp(`^${action}`) })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: `${action} VISA 444455******3333` })
        .click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await openClient();
      await expect.poll(stateInClientView).toBe(state);
    }
  });

  it('extends the expiry behind a confirmation, refusing a month in the past', async () => {
    const { page } = app;
    await foundByClient(page, ids.common);
    await row(page, ids.common)
      .getByRole('button', { name: /^Extend expiry/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Extend card expiry' });
    expect(await dialog.textContent()).toContain('411111******1111');
    expect(await dialog.textContent()).toContain('Common');

    // A month in the past is refused as it is typed: the error is beside the field and the button cannot be pressed.
    await dialog.getByLabel('New expiry (YYYYMM)').fill('202001');
    expect(await dialog.getByRole('alert').textContent()).toBe(`01/2020 is in the past: choose ${words(THIS_MONTH)} or later`);
    expect(await dialog.getByLabel('New expiry (YYYYMM)').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: /^Extend to/ }).isDisabled()).toBe(true);
    for (const wanted of ['dark', 'light'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = '${wanted}'`);
      await screenshot(page, `cards-extend-past-month-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    // The month before this one is the latest refused, this one the earliest taken.
    await dialog.getByLabel('New expiry (YYYYMM)').fill(THIS_MONTH);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: `Extend to ${words(THIS_MONTH)}` }).isEnabled()).toBe(true);

    await dialog.getByLabel('New expiry (YYYYMM)').fill('202912');
    expect(await dialog.textContent()).toContain(`The expiry changes from ${words(THIS_MONTH)} to 12/2029.`);
    await screenshot(page, 'cards-confirm-extend');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Extend to 12/2029' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(() => row(page, ids.common).textContent()).toContain('12/2029');
    expect(await row(page, ids.common).textContent()).not.toContain('Expires soon');
    expect((await gatewayList()).find((b) => b.bindingId === ids.common)?.expiry).toBe('202912');
  });

  it('refuses a card number failing Luhn and an empty client ID in words, echoing no card number', async () => {
    const { page } = app;
    await openCards(page);
    await find(page, 'Card number', '4111111111111112');
    const error = page.locator('.field-error');
    await expect.poll(() => error.textContent()).toBe('is not a valid card number: its check digit is wrong (a digit mistyped?)');
    expect(await page.content()).not.toContain('4111111111111112');
    await screenshot(page, 'cards-bad-card-number');
    expect(await accessibilityProblems(page)).toEqual([]);

    await find(page, 'Client ID', '   ');
    await expect.poll(() => error.textContent()).toBe('enter a client ID');
  });

  it('"Charge this card" hands the card to the Charges workspace', async () => {
    const { page } = app;
    await foundByClient(page, ids.installment);
    await row(page, ids.installment).getByRole('button', { name: 'Charge card 555555******5599' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Charges', level: 1 }).count()).toBe(1);
    const card = page.getByRole('region', { name: 'Card to charge' });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('555555******5599');
    expect(text).toContain('Installment');
    expect(text).toContain(clientId);
    expect(text).toContain(ids.installment);
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
