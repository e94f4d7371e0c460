/**
 * A batch look-up that can be followed up (issue 13, item 8), at 1280x720 in Chromium against the embedded
 * sandbox: rows appear while the batch runs; some look-ups fail (the sandbox answers 404) and the batch is
 * cancelled part way, both counted; "Retry failed and cancelled" looks up those lines only; nothing in the
 * table is cut off; a click or Enter on a row opens that order. Screenshots light and dark, axe on each.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, control, paidOrder, payCard, register, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot, useTheme } from './browser.js';
import { ordersAt } from './seed.js';

const STATUS_PATH = '/payment/rest/getOrderStatusExtended.do';

describe.skipIf(browserMissing())('Batch look-up followed up in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();
  const big = { orderNumber: uniqueNumber('big'), orderId: '' };
  const held = { orderNumber: uniqueNumber('threeds'), orderId: '' };
  const real: string[] = [];

  beforeAll(async () => {
    await app.page.setViewportSize({ width: 1280, height: 720 });
    // The widest things the table shows: a large amount, and the long badge of an order in 3-D Secure.
    big.orderId = await paidOrder(app.sandbox, { orderNumber: big.orderNumber, amount: 999_999_999 });
    held.orderId = await register(app.sandbox, { orderNumber: held.orderNumber });
    // A 3-D Secure challenge: the card opens it, and the cardholder reaching the ACS page makes the status 5.
    const first = await payCard(app.sandbox, held.orderId, CARDS.challenge);
    const second = await payCard(app.sandbox, held.orderId, CARDS.challenge, { threeDSServerTransId: first.threeDSServerTransId });
    await fetch(String(second.acsUrl));
    real.push(big.orderNumber, held.orderNumber);
    real.push(...(await ordersAt(app.sandbox, 22, 'fu', 2)));
  }, 120_000);

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults');
  });

  const count = async (page: Page, what: string) => Number((await page.locator(`[data-count="${what}"]`).textContent())?.replace(/,/g, ''));
  const rows = (page: Page) => page.locator('.vtable-body [role="row"]');
  it('streams rows, counts failed and cancelled lines, and retries only those', async () => {
    const { page } = app;
    // Slow answers, so the batch is seen running; three look-ups refused outright.
    await control(app.sandbox, 'POST', '/faults', {
      rules: [
        { path: STATUS_PATH, mode: 'status', status: 404, count: 3, skip: 4 },
        { path: STATUS_PATH, mode: 'latency', latencyMs: 1500, count: 0 },
      ],
    });
    const numbers = [...real, ...Array.from({ length: 136 }, () => uniqueNumber('nobody'))];
    await page.getByRole('button', { name: 'Batch look-up', exact: true }).click();
    await page.getByLabel(/Order IDs or order numbers/).fill(numbers.join('\n'));
    await page.getByRole('button', { name: 'Start the look-up' }).click();

    // Rows are in the table while the batch is still running.
    await expect
      .poll(async () => (await page.getByRole('heading', { name: 'Looking up…' }).count()) === 1 && (await rows(page).count()) > 0, {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(true);
    expect(await page.locator('.batch-results [role="status"]').textContent()).toMatch(/^Showing [\d,]+ of [\d,]+ rows so far$/);
    await screenshot(page, 'batch-followup-running');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Batch cancelled' }).count(), { timeout: 30_000 }).toBe(1);
    const failed = await count(page, 'failed');
    const cancelled = await count(page, 'cancelled');
    expect(failed).toBe(3);
    expect(cancelled).toBeGreaterThan(0);
    expect((await count(page, 'found')) + (await count(page, 'notFound')) + failed + cancelled).toBe(160);
    await expect.poll(() => page.getByText('Showing 160 of 160 rows', { exact: true }).count()).toBe(1);
    await screenshot(page, 'batch-followup-cancelled');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The gateway is back: only the failed and cancelled lines are asked again.
    await control(app.sandbox, 'DELETE', '/faults');
    await page.getByRole('button', { name: `Retry failed and cancelled (${failed + cancelled})` }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Batch finished' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await count(page, 'found')).toBe(real.length);
    expect(await count(page, 'notFound')).toBe(160 - real.length);
    expect(await count(page, 'failed')).toBe(0);
    expect(await count(page, 'cancelled')).toBe(0);
    expect(await page.getByRole('button', { name: /Retry failed and cancelled/ }).count()).toBe(0);
  });

  it('shows every amount, status badge, date and card whole at 1280x720, in light and dark', async () => {
    const { page } = app;
    await page.getByLabel('Show', { exact: true }).selectOption('found');
    await expect.poll(() => page.getByText(`Showing ${real.length} of 160 rows`, { exact: true }).count()).toBe(1);
    // Cut-off cells: what a cell holds is wider than the cell shows.
    const clipped = () =>
      page.locator('.vtable-body [role="row"]').evaluateAll((found) =>
        found.flatMap((row) =>
          [...row.querySelectorAll('[role="cell"]')]
            .slice(1, 7)
            .filter(
              (cell) =>
                cell.scrollWidth > cell.clientWidth ||
                cell.scrollHeight > cell.clientHeight ||
                [...cell.children].some((c) => c.scrollWidth > c.clientWidth),
            )
            .map((cell) => cell.textContent),
        ),
      );
    expect(await rows(page).count()).toBeGreaterThan(10);
    expect(await page.getByText('3-D Secure authentication in progress').count()).toBeGreaterThan(0);
    expect(await page.getByText(/RUB\s9,999,999\.99/).count()).toBe(1);
    expect(await clipped()).toEqual([]);
    await screenshot(page, 'batch-followup-results');
    expect(await accessibilityProblems(page)).toEqual([]);
    await useTheme(page, 'dark');
    expect(await clipped()).toEqual([]);
    await screenshot(page, 'batch-followup-results-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await useTheme(page, 'light');
  });

  it('opens a found order from its row, by a click and by Enter', async () => {
    const { page } = app;
    await page.locator('.vtable-body [role="row"]', { hasText: big.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${big.orderNumber}` }).waitFor();
    expect(await page.getByRole('button', { name: 'One order' }).getAttribute('aria-pressed')).toBe('true');

    // Back to the batch: it is still there, and Enter on a focused row opens its order.
    await page.getByRole('button', { name: 'Batch look-up', exact: true }).click();
    await page.getByRole('heading', { name: 'Batch finished' }).waitFor();
    await page.getByLabel('Show', { exact: true }).selectOption('found');
    const row = page.locator('.vtable-body [role="row"]', { hasText: held.orderNumber });
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Order ${held.orderNumber}` }).waitFor();
  });
});
