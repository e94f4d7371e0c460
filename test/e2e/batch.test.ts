/**
 * Batch look-up in the browser: a CSV of 1,000 numbers (200 real orders, 800 unknown) chosen as a file,
 * progress followed to the end while the sandbox rate-limits the merchant, results filtered, and the CSV
 * export checked row by row; then a pasted batch cancelled part way.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT } from '../../main/sandbox/index.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot } from './browser.js';
import { ordersAt } from './seed.js';

describe.skipIf(browserMissing())('Batch look-up in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();
  const real: string[] = [];

  beforeAll(async () => {
    // Every fourth order paid, the rest only registered: two statuses to filter by.
    real.push(...(await ordersAt(app.sandbox, 200, 'batch', 4)));
  }, 120_000);

  afterAll(async () => {
    await control(app.sandbox, 'PATCH', `/merchants/${SANDBOX_MERCHANT.login}`, { rps: 0 });
  });

  it('looks up 1,000 numbers from a CSV file with progress to the end, filters them and exports them', async () => {
    const { page } = app;
    // The gateway's rate limit makes the batch take a few seconds (and answer 429 now and then).
    await control(app.sandbox, 'PATCH', `/merchants/${SANDBOX_MERCHANT.login}`, { rps: 400 });
    const numbers = [...real, ...Array.from({ length: 800 }, () => uniqueNumber('nobody'))];
    const csv = `orderNumber;note\n${numbers.map((n, i) => `${n};row ${i}`).join('\n')}\n`;

    await page.getByRole('button', { name: 'Batch look-up' }).click();
    await page.getByLabel('Choose a CSV file…').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByText('Read numbers.csv').count()).toBe(1);
    await screenshot(page, 'batch-input');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start the look-up' }).click();

    const bar = page.getByRole('progressbar', { name: 'Orders looked up' });
    await bar.waitFor();
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          seen.add(Number(await bar.getAttribute('value')));
          return page.getByRole('heading', { name: 'Batch finished' }).count();
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(1);
    expect(Number(await bar.getAttribute('max'))).toBe(1000);
    expect(Number(await bar.getAttribute('value'))).toBe(1000);
    // Progress moved through the run, not only at its end.
    expect([...seen].some((v) => v > 0 && v < 1000)).toBe(true);
    expect(await page.locator('[data-count="found"]').textContent()).toBe('200');
    expect(await page.locator('[data-count="notFound"]').textContent()).toBe('800');
    expect(await page.locator('[data-count="failed"]').textContent()).toBe('0');
    await expect.poll(() => page.getByText(/Showing 1,000 of 1,000 rows/).count()).toBe(1);
    await screenshot(page, 'batch-results');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Everything, exported.
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const rows = parse(readFileSync((await all.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.query))).toEqual(new Set(numbers));
    expect(rows.filter((r) => r.result === 'found')).toHaveLength(200);
    expect(rows.filter((r) => r.paid === 'yes')).toHaveLength(50);
    expect(rows.find((r) => r.query === real[0])).toMatchObject({
      result: 'found',
      status: '2',
      statusWords: 'Charged',
      amount: '100.00',
      currency: 'RUB',
    });

    // Only the charged ones: the filter applies to the table and to the export.
    await page.getByLabel('Show', { exact: true }).selectOption('found');
    await page.getByLabel('Status', { exact: true }).selectOption('2');
    await expect.poll(() => page.getByText(/Showing 50 of 1,000 rows/).count()).toBe(1);
    const [charged] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(charged.suggestedFilename()).toMatch(/-found-status2\.csv$/);
    const chargedRows = parse(readFileSync((await charged.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(chargedRows).toHaveLength(50);
    expect(chargedRows.every((r) => r.status === '2' && r.paid === 'yes')).toBe(true);
  });

  it('cancels a pasted batch part way: what was not looked up is marked cancelled', async () => {
    const { page } = app;
    await control(app.sandbox, 'PATCH', `/merchants/${SANDBOX_MERCHANT.login}`, { rps: 50 });
    await page.getByRole('button', { name: 'New batch' }).click();
    const pasted = Array.from({ length: 1000 }, () => uniqueNumber('slow')).join('\n');
    await page.getByLabel(/Order IDs or order numbers/).fill(`${pasted}\n${'4111111111111111'.padEnd(40, '0')}\n`);
    await page.getByRole('button', { name: 'Start the look-up' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Batch cancelled' }).count(), { timeout: 30_000 }).toBe(1);
    // The over-long line is reported, with the card-like digits masked.
    const skipped = page.locator('details.skipped');
    await skipped.locator('summary').click();
    expect(await skipped.textContent()).toMatch(/Line 1001: "411111\*+[^"]*" longer than 36 characters/);
    await page.getByLabel('Show', { exact: true }).selectOption('cancelled');
    await expect
      .poll(async () =>
        Number((await page.getByText(/^Showing [\d,]+ of 1,000 rows$/).textContent())?.match(/Showing ([\d,]+)/)?.[1]?.replace(',', '')),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'batch-cancelled');
  });
});
