/**
 * The Audit workspace in the browser: what was done in the app (a settings change, a refund) appears with
 * who (the person signed in, their role, the OS user), where and on what, in words; the filters narrow it by
 * action, object, outcome, date range and person; the export has what the filters show.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import {
  accessibilityProblems,
  ADMIN,
  addPerson,
  appInBrowser,
  browserMissing,
  chooseLanguage,
  openWorkspace,
  screenshot,
  signInAs,
} from './browser.js';

describe.skipIf(browserMissing())('Audit workspace in the browser', { timeout: 60_000 }, () => {
  const app = appInBrowser();
  let orderId: string;
  const orderNumber = uniqueNumber('audit');

  beforeAll(async () => {
    orderId = await paidOrder(app.sandbox, { orderNumber, amount: 5_000 });
  });

  it('lists what was done, filters it, and exports what the filters show', async () => {
    const { page } = app;
    // Audited actions: a settings change, a refund and a charge.
    // To Russian and back from the top bar: the screens follow at once, and each change is audited.
    // Each kept by main before the next (the top bar is busy till then), as a person sees the screens change.
    for (const [language, orders] of [
      ['ru', 'Заказы'],
      ['en', 'Orders'],
    ] as const) {
      await chooseLanguage(page, language);
      await expect.poll(() => page.getByRole('navigation').getByRole('button').first().textContent()).toBe(orders);
    }
    await page.getByRole('navigation').getByRole('button', { name: 'Orders' }).click();
    await page.getByLabel('Order ID or order number').fill(orderId);
    await page.getByLabel('Order ID or order number').press('Enter');
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page.getByRole('dialog', { name: 'Refund' }).getByLabel('Amount in RUB').fill('10');
    await page
      .getByRole('dialog', { name: 'Refund' })
      .getByRole('button', { name: /Refund RUB\s10\.00/ })
      .click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Refunded' }).count()).toBe(1);
    // And a charge on a client's stored card, through the same contract the charge form uses.
    const clientId = uniqueNumber('client');
    const seeded = (await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON' }] })).bindings as [
      { bindingId: string },
    ];
    const charge = { environment: 'sandbox', clientId, bindingId: seeded[0].bindingId, category: 'COMMON', amount: 1250, currency: '643' };
    expect(await page.evaluate(`window.api.invoke('charges.create', ${JSON.stringify(charge)}).then((r) => r.ok && r.value.outcome)`)).toBe(
      'paid',
    );

    await page.getByRole('navigation').getByRole('button', { name: 'Audit' }).click();
    const table = page.getByRole('table');
    // Each entry in words, its action too (the codes stay in the export), with the OS user and the role
    // of the person signed in.
    await expect.poll(() => table.textContent()).toMatch(/Refunded RUB\s10\.00 of order/);
    expect((await table.textContent())?.replace(/\u00a0/g, ' ')).toMatch(/Charged RUB 12\.50 to \d{6}\*{6}\d{4}, order /);
    expect(await table.textContent()).toMatch(/Settings changed: [a-zA-Z, ]*language/);
    await screenshot(page, 'audit');
    for (const wanted of ['light', 'dark'] as const) {
      if ((await page.locator('html').getAttribute('data-theme')) !== wanted)
        await page.getByRole('button', { name: /Switch to .* theme/ }).click();
      await screenshot(page, `audit-words-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }

    await page.getByLabel('Action').selectOption('refund');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    // Money is written by Intl, which puts a no-break space after the currency code.
    const row = ((await table.locator('tbody tr').textContent()) ?? '').replace(/\u00a0/g, ' ');
    expect(row).toContain(`order ${orderId}`);
    expect(row).toContain('success');
    // In words, with the OS user and the role of the person signed in; the raw values stay in the export.
    expect(row).toContain(`Refunded RUB 10.00 of order ${orderNumber}`);
    expect(row).toContain('Administrator role');
    expect(await table.locator('tbody tr .audit-person').textContent()).toBe(ADMIN.login);
    expect(row).not.toContain('DONE amount 1000');

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const rows = parse(readFileSync((await file.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'refund',
        outcome: 'success',
        objectType: 'order',
        objectId: orderId,
        environment: 'sandbox',
        role: 'administrator',
        person: ADMIN.login,
        detail: 'DONE amount 1000',
        words: `Refunded RUB 10.00 of order ${orderNumber}`,
      }),
    ]);

    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('Object ID').fill(orderId);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Object ID').fill('');
    await page.getByLabel('Outcome').selectOption('failure');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No entries match' }).count()).toBe(1);
    await page.getByLabel('Outcome').selectOption('');
    // A range that ends before today has nothing.
    await page.getByLabel('To', { exact: true }).fill('2000-01-01');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No entries match' }).count()).toBe(1);
  });

  it('names the person of each entry, and shows and exports only the person asked for', async () => {
    const { page } = app;
    // A second person, from finance (who reads the audit too), signs in and changes her language: her entries.
    const fay = await addPerson(app.mode, 'fay.audit', 'finance', 'Fay Audit');
    await signInAs(page, fay);
    await chooseLanguage(page, 'ru');
    await chooseLanguage(page, 'en');
    await openWorkspace(page, 'Audit');
    const table = page.getByRole('table');
    /** The person each row names, as shown (none: the entry names nobody). */
    const people = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('.audit-person')?.textContent ?? ''));
    await expect.poll(people).toContain(fay.login);
    expect(await people()).toContain(ADMIN.login);
    // The people of the entries shown are offered in the filter: finance may not read the list of people.
    expect(await page.locator(`datalist option[value="${fay.login}"]`).count()).toBe(1);

    // Her entries alone: her sign-in and her two languages, with her role.
    await page.getByLabel('Person', { exact: true }).fill(fay.login);
    await expect.poll(async () => new Set(await people())).toEqual(new Set([fay.login]));
    const shown = await people();
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(await table.textContent()).toContain(`${fay.login} signed in`);
    expect(await table.textContent()).toContain('Finance role');
    expect(await table.textContent()).not.toContain('Refunded');
    await screenshot(page, 'audit-by-person');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The export has the same entries, every row naming her.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const rows = parse(readFileSync((await file.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(shown.length);
    expect(new Set(rows.map((r) => r.person))).toEqual(new Set([fay.login]));

    // The administrator's alone: the refund is theirs, and nothing of hers is in them.
    await page.getByLabel('Person', { exact: true }).fill(ADMIN.login);
    await expect.poll(async () => new Set(await people())).toEqual(new Set([ADMIN.login]));
    expect(await table.textContent()).toContain('Refunded');
    await page.getByLabel('Person', { exact: true }).fill('');
    await signInAs(page, ADMIN);
  });
});
