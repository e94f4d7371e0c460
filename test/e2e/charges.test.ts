/**
 * Finance's day in the Charges workspace, in Chromium against the app's embedded sandbox (issue 5's
 * acceptance): a common, a recurrent and an installment card charged through the confirmation and each
 * order then found paid in Orders; a decline shown with the gateway's reason; a charge whose answer the
 * sandbox loses shown as unknown, then reconciled as paid exactly once; the same card and amount again
 * asking first; a batch of 200 rows with 5 invalid ones (the dry run lists them, the run charges the
 * rest once, the result file says so); the journal filtered and exported. Screenshots of each, and axe on
 * every screen.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, openWorkspace, screenshot } from './browser.js';

describe.skipIf(browserMissing())('Charges workspace in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();
  const clientId = uniqueNumber('payer');

  beforeAll(async () => {
    await control(app.sandbox, 'POST', '/seed', {
      bindings: [
        { clientId, category: 'COMMON', pan: '4111111111111111' },
        { clientId, category: 'RECURRENT', pan: '4444555511113333' },
        { clientId, category: 'INSTALLMENT', pan: '5555555555555599', installments: 99, totalInstallmentAmount: 99_000_000 },
      ],
    });
  });

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
  });

  const nav = openWorkspace;
  const dialog = (page: Page) => page.getByRole('dialog');
  const outcome = (page: Page) => page.locator('.charge-outcome');

  async function paidOrders(orderNumber: string) {
    const { orders } = await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`);
    return (orders as { status: number }[]).filter((o) => o.status === 1 || o.status === 2).length;
  }

  /** The sandbox's per-charge maximum in RUB through the api, as Settings sets it (the screens hear of the change). */
  const setMaximum = (page: Page, minor: number) =>
    page.evaluate(
      `window.api.invoke('settings.setChargeMaximum', { environment: 'sandbox', currency: '643', maximum: ${minor} }).then((r) => r.ok)`,
    );

  /** "Charge this card" from Stored cards, as finance does it. */
  async function pickFromStoredCards(page: Page, masked: string) {
    await nav(page, 'Stored cards');
    await page.getByRole('radio', { name: 'Client ID' }).check();
    await page.getByRole('textbox', { name: 'Client ID', exact: true }).fill(clientId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: `Charge card ${masked}` }).click();
    await page.getByRole('region', { name: 'Card to charge' }).waitFor();
  }

  /** Types the amount, reviews, ticks the box and charges; returns the order number shown. */
  async function chargeAmount(page: Page, amount: string, button: string | RegExp): Promise<string> {
    await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await page.getByRole('button', { name: 'Review the charge…' }).click();
    const charge = dialog(page).getByRole('button', { name: button });
    expect(await charge.isDisabled()).toBe(true);
    await dialog(page).getByRole('checkbox', { name: 'I have checked the client, the card and the amount' }).check();
    await charge.click();
    await outcome(page).waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);
    return (await outcome(page).locator('dd .mono').first().textContent()) ?? '';
  }

  /** Types the amount, reviews, ticks the box and charges, where the app stops to ask before it charges. */
  async function chargeAsked(page: Page, amount: string) {
    await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await page.getByRole('button', { name: 'Review the charge…' }).click();
    await dialog(page).getByRole('checkbox').check();
    await dialog(page)
      .getByRole('button', { name: /^Charge RUB/ })
      .click();
  }

  it('charges a common, a recurrent and an installment card, each found paid in Orders', async () => {
    const { page } = app;
    const cases = [
      ['COMMON', '411111******1111', '123.45', 'one hundred twenty-three roubles and 45 kopecks', '12,345 minor units'],
      ['RECURRENT', '444455******3333', '1 000,5', 'one thousand roubles and 50 kopecks', '100,050 minor units'],
      ['INSTALLMENT', '555555******5599', '7', 'seven roubles and 00 kopecks', '700 minor units'],
    ] as const;
    for (const [category, masked, typed, words, minor] of cases) {
      await pickFromStoredCards(page, masked);
      const readback = page.getByTestId('amount-readback');
      await page.getByRole('textbox', { name: 'Amount' }).fill(typed);
      await expect.poll(() => readback.textContent()).toContain(words);
      expect(await readback.textContent()).toContain(minor);
      if (category === 'COMMON') {
        await screenshot(page, 'charges-form');
        expect(await accessibilityProblems(page)).toEqual([]);
      }
      await page.getByRole('button', { name: 'Review the charge…' }).click();
      const restated = (await dialog(page).textContent()) ?? '';
      expect(restated).toContain('Sandbox');
      expect(restated).toContain(clientId);
      expect(restated).toContain(masked);
      expect(restated).toContain(category[0] + category.slice(1).toLowerCase());
      expect(restated).toContain(words);
      if (category === 'COMMON') {
        await screenshot(page, 'charges-confirm');
        expect(await accessibilityProblems(page)).toEqual([]);
      }
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      const orderNumber = await chargeAmount(page, typed, /^Charge RUB/);
      await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Charged');
      expect(await paidOrders(orderNumber)).toBe(1);
      if (category === 'COMMON') {
        await screenshot(page, 'charges-charged');
        expect(await accessibilityProblems(page)).toEqual([]);
      }

      await outcome(page)
        .getByRole('button', { name: /Open order .* in Orders/ })
        .click();
      const order = page.getByRole('article');
      await expect.poll(() => order.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${orderNumber}`);
      await expect.poll(() => order.textContent()).toContain('Paid');
      expect(await order.textContent()).toContain(masked);
    }
  });

  it('asks before charging the same card and amount again within ten minutes', async () => {
    const { page } = app;
    await pickFromStoredCards(page, '444455******3333');
    await chargeAsked(page, '1000.50');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Charge this card again?');
    expect(await dialog(page).getByRole('alert').textContent()).toMatch(
      /charged the same amount within the last ten minutes.*charged, order number/s,
    );
    expect(
      await dialog(page)
        .getByRole('button', { name: /again$/ })
        .isDisabled(),
    ).toBe(true);
    await screenshot(page, 'charges-repeat');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await outcome(page).count()).toBe(0);
  });

  it('asks before trying a reference whose charge failed again, then charges it under that reference once', async () => {
    const { page } = app;
    const reference = uniqueNumber('INV');
    await control(app.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/register.do', mode: 'throttle', retryAfterSec: 3600, count: 1 }],
    });
    await pickFromStoredCards(page, '411111******1111');
    await page.getByRole('textbox', { name: 'Reference (optional)' }).fill(reference);
    expect(await chargeAmount(page, '321.00', /^Charge RUB/)).toBe(reference);
    await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Not charged');
    // The form let go of the amount and the reference: they are typed again.
    await page.getByRole('textbox', { name: 'Reference (optional)' }).fill(reference);
    await chargeAsked(page, '321.00');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Try this reference again?');
    expect(await dialog(page).getByRole('alert').textContent()).toMatch(
      new RegExp(`The reference ${reference} was charged before and failed: nothing was charged.*failed: nothing charged`, 's'),
    );
    await screenshot(page, 'charges-reference-again');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog(page).getByRole('checkbox').check();
    await dialog(page)
      .getByRole('button', { name: /again$/ })
      .click();
    await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Charged');
    expect(await paidOrders(reference)).toBe(1);
  });

  it("shows a decline with the gateway's reason", async () => {
    const { page } = app;
    // The sandbox's issuer declines over 100,000.00; the app's own limit is raised above that first.
    await setMaximum(app.page, 50_000_000);
    await nav(page, 'Charges');
    await page.getByRole('button', { name: 'Choose another card' }).click();
    await page.getByRole('textbox', { name: 'Client ID' }).fill(clientId);
    await page.getByRole('button', { name: 'Find cards' }).click();
    await page.getByRole('button', { name: 'Choose common card 411111******1111' }).click();
    await chargeAmount(page, '200000', /^Charge RUB\s200,000\.00$/);
    await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Declined');
    const text = (await outcome(page).textContent()) ?? '';
    expect(text).toMatch(/The gateway says: .*limit.*\(action code -20010\)\. Nothing was charged\./i);
    await screenshot(page, 'charges-declined');
    expect(await accessibilityProblems(page)).toEqual([]);
    await setMaximum(app.page, 1_000_000);
  });

  it('shows a lost answer as unknown until reconciled, then paid exactly once', async () => {
    const { page } = app;
    await control(app.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
    await pickFromStoredCards(page, '411111******1111');
    const orderNumber = await chargeAmount(page, '42', /^Charge RUB\s42\.00$/);
    await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Outcome unknown');
    const banner = page.getByRole('region', { name: '1 charge with an unknown outcome' });
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.textContent()).toContain(orderNumber);
    await screenshot(page, 'charges-unknown');
    expect(await accessibilityProblems(page)).toEqual([]);

    await control(app.sandbox, 'DELETE', '/faults');
    await outcome(page).getByRole('button', { name: 'Reconcile now' }).click();
    await expect.poll(() => outcome(page).getByRole('heading').textContent()).toBe('Charged');
    await expect.poll(() => banner.count()).toBe(0);
    expect(await paidOrders(orderNumber)).toBe(1);
    await screenshot(page, 'charges-reconciled');
  });

  it('checks a batch of 200 rows with 5 invalid ones, then charges the other 195 once', async () => {
    const { page } = app;
    const batchClient = uniqueNumber('batch-payer');
    const seeded = await control(app.sandbox, 'POST', '/seed', {
      bindings: Array.from({ length: 195 }, (_, i) => ({
        clientId: batchClient,
        category: (['COMMON', 'RECURRENT', 'INSTALLMENT'] as const)[i % 3],
        installments: 99,
        totalInstallmentAmount: 99_000_000,
      })),
    });
    const bindings = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId);
    const valid = bindings.map((b, i) => `${batchClient},${b},${(5 + i / 100).toFixed(2)},RUB,monthly fee`);
    const invalid = [
      `${batchClient},no-such-card,5.00,RUB,`,
      `${batchClient},${bindings[0]},5.001,RUB,`,
      `${batchClient},${bindings[1]},5.00,ZZZ,`,
      `,${bindings[2]},5.00,RUB,`,
      `${batchClient},${bindings[3]},20000.00,RUB,`,
    ];
    const file = ['clientId,bindingId,amount,currency,description', ...valid.slice(0, 50), ...invalid, ...valid.slice(50)].join('\n');

    await nav(page, 'Charges');
    await page.getByRole('tab', { name: 'Batch from file' }).click();
    await page.getByRole('textbox', { name: /CSV with a header/ }).fill(file);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    const summary = page.getByTestId('batch-summary');
    await expect
      .poll(() => summary.textContent())
      .toMatch(/^195 rows to charge in sandbox: RUB\s1,164\.15 \(195\)\. 5 invalid rows will not be charged\.$/);
    const invalidRows = page.getByRole('region', { name: 'Invalid rows (5)' }).locator('tbody tr');
    expect(await invalidRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-line')))).toEqual(['52', '53', '54', '55', '56']);
    expect(await invalidRows.nth(4).textContent()).toContain('per-charge maximum');
    await screenshot(page, 'charges-batch-dry-run');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Charge 195 cards…' }).click();
    expect(await dialog(page).textContent()).toMatch(/RUB\s1,164\.15 \(195\)/);
    await dialog(page).getByRole('checkbox').check();
    await screenshot(page, 'charges-batch-confirm');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Charge 195 cards' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Batch finished' }).count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-count="paid"]').textContent()).toBe('195');
    expect(await page.locator('[data-count="other"]').textContent()).toBe('0');
    await screenshot(page, 'charges-batch-done');
    expect(await accessibilityProblems(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the result file' }).click(),
    ]);
    const rows = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.result === 'paid')).toHaveLength(195);
    expect(rows.filter((r) => r.result === 'invalid').map((r) => r.line)).toEqual(['52', '53', '54', '55', '56']);
    for (const r of rows.filter((x) => x.result === 'paid').slice(0, 10)) expect(await paidOrders(r.orderNumber!)).toBe(1);

    // The same file again charges nobody: every row is listed as already charged.
    await page.getByRole('button', { name: 'Another file' }).click();
    await page.getByRole('textbox', { name: /CSV with a header/ }).fill(file);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await expect.poll(() => summary.textContent()).toMatch(/^0 rows to charge in sandbox\. 200 invalid rows/);
    expect(await page.getByRole('button', { name: /^Charge 0 cards/ }).isDisabled()).toBe(true);
  });

  it('filters and exports the journal', async () => {
    const { page } = app;
    await nav(page, 'Charges');
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByLabel('Order, client or binding').fill(clientId);
    const rows = page.locator('.charge-table tbody tr');
    // Three cards charged, a reference failed and then charged, a decline, and a lost answer reconciled.
    await expect.poll(() => rows.count()).toBe(7);
    await page.getByLabel('State', { exact: true }).selectOption('DECLINED');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/declined.*limit/i);
    await screenshot(page, 'charges-journal');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('State', { exact: true }).selectOption('');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(exported.map((r) => r.state).sort()).toEqual(['DECLINED', 'FAILED', 'PAID', 'PAID', 'PAID', 'PAID', 'PAID']);
    expect(exported.every((r) => r.clientId === clientId && r.environment === 'sandbox')).toBe(true);
    expect(exported.every((r) => /^\d{6}\*+\d{4}$/.test(r.maskedPan!))).toBe(true);
    expect(JSON.stringify(exported)).not.toMatch(/4111111111111111|4444555511113333|5555555555555599/);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await screenshot(page, 'charges-journal-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});
