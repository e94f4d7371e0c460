/**
 * The charge journal after the charge, in Chromium (issue 13, item 2): a charge reversed the same day and
 * one refunded in part show what was charged, refunded and is left, and the order's latest state, in the
 * table and in its export. Screenshots in both themes, axe clean.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { control, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot } from './browser.js';

describe.skipIf(browserMissing())('The charge journal after the charge, in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();

  /** A channel through the page's api, as the screens call it (the page's code, so a string: no DOM types here). */
  const invoke = async <T>(page: Page, channel: string, input: unknown): Promise<T> => {
    const r = (await page.evaluate(`window.api.invoke(${JSON.stringify(channel)}, ${JSON.stringify(input)})`)) as { ok: boolean; value: T };
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r.value;
  };

  it('shows a reversed and a partly refunded charge as what they took in the end', async () => {
    const { page } = app;
    const clientId = uniqueNumber('journal-after');
    const seeded = await control(app.sandbox, 'POST', '/seed', {
      bindings: [
        { clientId, category: 'COMMON', pan: '4111111111111111', expiry: '203012' },
        { clientId, category: 'COMMON', pan: '4444555511113333', expiry: '203012' },
      ],
    });
    const [first, second] = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId);
    const charge = async (bindingId: string, amount: number) =>
      (
        await invoke<{ charge: { orderId: string; orderNumber: string } }>(page, 'charges.create', {
          environment: 'sandbox',
          clientId,
          bindingId,
          category: 'COMMON',
          amount,
          currency: '643',
        })
      ).charge;
    const reversed = await charge(first!, 4_200);
    const refunded = await charge(second!, 2_499);
    await invoke(page, 'orders.reverse', { environment: 'sandbox', orderId: reversed.orderId });
    await invoke(page, 'orders.refund', { environment: 'sandbox', orderId: refunded.orderId, amount: 499 });

    await page.getByRole('navigation').getByRole('button', { name: 'Charges' }).click();
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByLabel('Order, client or binding').fill(clientId);
    const rows = page.locator('.charge-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const row = (orderNumber: string) => rows.filter({ hasText: orderNumber });
    const figure = (orderNumber: string, name: string) => row(orderNumber).locator(`[data-figure="${name}"]`).textContent();

    expect(await row(reversed.orderNumber).locator('.badge').textContent()).toBe('reversed: nothing charged');
    expect(await figure(reversed.orderNumber, 'charged')).toMatch(/^RUB\s0\.00of RUB\s42\.00$/);
    expect(await figure(reversed.orderNumber, 'net')).toMatch(/^RUB\s0\.00$/);
    expect(await row(refunded.orderNumber).locator('.badge').textContent()).toBe('charged, partly refunded');
    expect(await figure(refunded.orderNumber, 'charged')).toMatch(/^RUB\s24\.99$/);
    expect(await figure(refunded.orderNumber, 'refunded')).toMatch(/^RUB\s4\.99$/);
    expect(await figure(refunded.orderNumber, 'net')).toMatch(/^RUB\s20\.00$/);
    expect(await row(refunded.orderNumber).textContent()).toMatch(/as of the (look-up|operation) at/);
    // At 1280 px the whole row is in view, Actions included: nothing to scroll sideways for.
    const scroller = page.locator('.charge-table').locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'charges-journal-after');
    expect(await accessibilityProblems(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    const line = (orderNumber: string) => exported.find((r) => r.orderNumber === orderNumber)!;
    expect(line(reversed.orderNumber)).toMatchObject({
      amount: '4200',
      charged: '0',
      refunded: '0',
      net: '0',
      stateWords: 'reversed: nothing charged',
    });
    expect(line(refunded.orderNumber)).toMatchObject({ amount: '2499', charged: '2499', refunded: '499', net: '2000' });

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await screenshot(page, 'charges-journal-after-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});
