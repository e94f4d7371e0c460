/**
 * The Customers workspace in Chromium, over the embedded sandbox: a storefront's clients stored cards at
 * the gateway (each with an order charged on it), the day's orders were read, and a person who knows no
 * client ID finds them by the beginning of one, by a card's last four digits and by a word of the name on
 * their card, opens one to see the
 * stored cards with category, expiry and binding ID, and exports the batch-charge file of their cards.
 * Support finds customers too but is neither offered the batch file nor let through by main. Screenshots
 * in English and Russian at 1280x720 and 1024x640, axe clean.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { common as ruCommon } from '../../renderer/src/i18n/ru/common.js';
import { customers as ruCustomers } from '../../renderer/src/i18n/ru/customers.js';
import { CARDS, control } from '../sandbox/client.js';
import { addPerson, appInBrowser, browserMissing, inRussian, invokeInPage, screenshot, shootAtSmallSizes, signInAs } from './browser.js';

// The role profile lives in the OS keychain: `npm test` provides gnome-keyring in a private D-Bus session.
const keychain = process.env.KEYCHAIN_TESTS === '1';
if (!keychain) console.log('customers UI tests skipped: no gnome-keyring session (run them through npm test)');

describe.runIf(keychain && !browserMissing())('The Customers workspace in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser(() => ({ vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) }));

  beforeAll(async () => {
    await control(app.sandbox, 'POST', '/seed', {
      bindings: [
        { clientId: 'shop-olga', category: 'COMMON', pan: CARDS.noThreeDS, cardholderName: 'OLGA SIDOROVA' },
        { clientId: 'shop-olga', category: 'RECURRENT', pan: '4111111111111111', expiry: '203001', cardholderName: 'OLGA SIDOROVA' },
        { clientId: 'shop-oleg', category: 'INSTALLMENT', pan: '5555555555555599', cardholderName: 'OLEG SIDOROV' },
      ],
    });
    // The day's orders read from the gateway, as opening Orders does.
    const now = Date.now();
    expect(await invoke(app.page, 'period.sync', { from: now - 86_400_000, to: now + 60_000 })).toMatchObject({ ok: true });
  }, 60_000);

  const invoke = invokeInPage;
  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true });
  const rows = (page: Page) => page.locator('.customers-table tbody tr');
  const row = (page: Page, clientId: string) => page.locator(`.customers-table tbody tr[data-client-id="${clientId}"]`);
  /** The first status line: what the search found, in words. */
  const found = (page: Page) => page.getByRole('status').first().textContent();
  const find = async (page: Page, text: string, field = 'Client ID, card digits or cardholder name', button = 'Find') => {
    await page.getByRole('textbox', { name: field }).fill(text);
    await page.getByRole('button', { name: button, exact: true }).click();
  };

  it('finds customers by the beginning of a client ID, with their orders, money and last order', async () => {
    const { page } = app;
    await nav(page, 'Customers').click();
    expect(await page.getByText('or a name on their card (“petrov” finds IVAN PETROV)', { exact: false }).count()).toBe(1);
    await find(page, 'shop-ol');
    await expect.poll(() => found(page)).toBe('2 customers whose client ID begins with “shop-ol”');
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-client-id')))).toEqual(['shop-oleg', 'shop-olga']);
    const olga = row(page, 'shop-olga');
    expect(await olga.locator('[data-figure="orders"]').textContent()).toBe('2');
    // Each stored card came with an order of RUB 1.00 charged on it.
    expect((await olga.locator('[data-figure="captured"]').textContent())?.replace(/\s/g, ' ')).toBe('RUB 2.00');
    expect((await olga.locator('[data-figure="refunded"]').textContent())?.replace(/\s/g, ' ')).toBe('RUB 0.00');
    expect(await olga.locator('[data-figure="lastOrder"]').textContent()).toMatch(/^seed-/);
    expect((await olga.locator('[data-figure="cards"] div').allTextContents()).sort()).toEqual(['411111******1111', '444455******3333']);
  });

  it('finds a customer by a card’s last four digits', async () => {
    const { page } = app;
    await find(page, '5599');
    await expect.poll(() => found(page)).toBe('1 customer whose client ID begins with “5599” or whose card ends with 5599');
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-client-id')))).toEqual(['shop-oleg']);
  });

  it('finds customers by a word of the name on their card, typed in any case', async () => {
    const { page } = app;
    await find(page, 'sidor');
    await expect
      .poll(() => found(page))
      .toBe('2 customers whose client ID begins with “sidor” or whose cardholder name has a word beginning with “sidor”');
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-client-id')))).toEqual(['shop-oleg', 'shop-olga']);
    expect(await row(page, 'shop-olga').locator('.customer-names').textContent()).toBe('OLGA SIDOROVA');
    await find(page, 'Olga S');
    await expect.poll(() => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-client-id')))).toEqual(['shop-olga']);
    await screenshot(page, 'customers-by-name');
  });

  it('opens a customer with their stored cards: category, expiry and binding ID', async () => {
    const { page } = app;
    await find(page, 'shop-ol');
    await row(page, 'shop-olga').getByRole('button', { name: 'Open customer shop-olga' }).click();
    const detail = page.getByRole('region', { name: 'Customer shop-olga' });
    await detail.locator('.customer-cards').waitFor();
    const cards = await detail
      .locator('.customer-cards tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
    expect(cards).toEqual(
      expect.arrayContaining([
        ['Common', '444455******3333', '12/2030'],
        ['Recurrent', '411111******1111', '01/2030'],
      ]),
    );
    const { bindings } = await control(app.sandbox, 'GET', '/bindings?clientId=shop-olga');
    const shown = await detail
      .locator('.customer-cards tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-binding-id')));
    expect(shown.sort()).toEqual((bindings as { bindingId: string }[]).map((b) => b.bindingId).sort());
    // Each card's state in words, as Stored cards says it.
    expect(await detail.locator('.customer-cards tbody tr td:nth-child(4)').allTextContents()).toEqual(['Enabled', 'Enabled']);
  });

  it('exports the listed customers’ cards as a batch-charge file with client, binding, category and currency filled in', async () => {
    const { page } = app;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export cards as a batch file (2 customers)' }).click(),
    ]);
    const lines = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    const { bindings } = await control(app.sandbox, 'GET', '/bindings');
    const ours = (bindings as { bindingId: string; clientId: string; category: string }[]).filter((b) => b.clientId.startsWith('shop-ol'));
    expect(lines.map((l) => [l.clientId, l.bindingId, l.category, l.amount, l.currency]).sort()).toEqual(
      ours.map((b) => [b.clientId, b.bindingId, b.category, '', 'RUB']).sort(),
    );
    await expect.poll(() => page.locator('.toast').last().textContent()).toMatch(/Saved batch-charges-.*\.csv: 3 cards/);
  });

  it('reads the same in Russian, at 1280x720 and 1024x640, axe clean', async () => {
    const { page } = app;
    await shootAtSmallSizes(page, 'customers-en');
    await inRussian(page, { en: 'Customers', ru: ruCommon.nav.customers }, async () => {
      await find(page, 'shop-ol', ruCustomers.field, ruCustomers.find);
      await expect.poll(() => found(page)).toBe('Найдено 2 клиента с ID клиента, начинающимся на «shop-ol»');
      await row(page, 'shop-olga').getByRole('button', { name: 'Открыть клиента shop-olga' }).click();
      await page.locator('.customer-cards').waitFor();
      expect(await page.locator('.customer-cards tbody').textContent()).toContain('Рекуррентная');
      await shootAtSmallSizes(page, 'customers-ru');
    });
  });

  it('lets support find customers, without the batch file of binding IDs, which main refuses them too', async () => {
    const { page } = app;
    await signInAs(page, await addPerson(app.mode, 'support-customers', 'support'));
    await expect.poll(() => page.getByRole('navigation').getByRole('button').allTextContents()).toEqual(['Orders', 'Customers']);
    await nav(page, 'Customers').click();
    await find(page, 'shop-ol');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Export cards as a batch file/ }).count()).toBe(0);
    expect(await invoke(page, 'customers.exportBatch', { clientIds: ['shop-olga'] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});
