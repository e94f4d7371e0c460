/**
 * Support's day in the Orders workspace, in Chromium against the embedded sandbox: a paid, a declined and
 * a missing order looked up by each kind of number, a partial refund behind its confirmation, the
 * history searched offline; screenshots and an accessibility check of each screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, payCard, paidOrder, register, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot } from './browser.js';

describe.skipIf(browserMissing())('Orders workspace in the browser', { timeout: 60_000 }, () => {
  const app = appInBrowser();
  const paid = { orderNumber: uniqueNumber('ui-paid'), orderId: '' };
  const declined = { orderNumber: uniqueNumber('ui-declined'), orderId: '' };

  beforeAll(async () => {
    paid.orderId = await paidOrder(app.sandbox, { orderNumber: paid.orderNumber, amount: 12_345 });
    declined.orderId = await register(app.sandbox, { orderNumber: declined.orderNumber, amount: 5_000 });
    // The declined card takes the 3DS2 path: a first call opens it, the second gets the issuer's refusal.
    const first = await payCard(app.sandbox, declined.orderId, CARDS.declined);
    await payCard(app.sandbox, declined.orderId, CARDS.declined, { threeDSServerTransId: first.threeDSServerTransId });
  }, 60_000);

  async function lookUp(query: string) {
    const box = app.page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
  }

  /** Looks the query up and waits for the order it finds, under its number, to say its state; the order shown. */
  async function shown(query: string, orderNumber: string, state: string) {
    await lookUp(query);
    const order = app.page.getByRole('article');
    await expect.poll(() => order.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${orderNumber}`);
    await expect.poll(() => order.textContent()).toContain(state);
    return order;
  }

  it('shows a paid order found by its orderNumber and by its orderId, with its amount, card and status', async () => {
    const { page } = app;
    for (const query of [paid.orderNumber, paid.orderId]) {
      const order = await shown(query, paid.orderNumber, 'Charged · 2');
      const text = (await order.textContent()) ?? '';
      expect(text).toContain('Paid');
      expect(text).toMatch(/RUB\s123\.45/);
      expect(text).toContain('444455**3333'.replace('**', '******'));
      expect(text).toContain(paid.orderId);
    }
    await screenshot(page, 'orders-paid');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("shows a declined order with the gateway's reason, by either number", async () => {
    const { page } = app;
    for (const query of [declined.orderId, declined.orderNumber]) {
      const order = await shown(query, declined.orderNumber, 'Declined · 6');
      expect(await order.textContent()).toContain('Not paid');
      expect(await page.getByRole('note').filter({ hasText: 'Declined:' }).textContent()).toMatch(/Declined: .+\(action code -?\d+\)/);
    }
    await screenshot(page, 'orders-declined');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('says plainly when no order has the number, whether it looks like an orderId or not', async () => {
    const { page } = app;
    for (const query of [uniqueNumber('missing'), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      await lookUp(query);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'No order with the number or ID' }).textContent())
        .toContain(query);
      expect(await page.getByRole('article').count()).toBe(0);
    }
    await screenshot(page, 'orders-missing');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('refunds part of a paid order after a confirmation that restates amount, currency and card, and shows the new state', async () => {
    const { page } = app;
    await lookUp(paid.orderNumber);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    const amount = dialog.getByLabel('Amount in RUB');
    // A refund starts empty: the amount owed is typed, never taken from a default.
    expect(await amount.inputValue()).toBe('');
    await amount.fill('123.456');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('At most 2 decimals for this currency');
    expect(await dialog.getByRole('button', { name: /^Refund/ }).isDisabled()).toBe(true);
    await amount.fill('20.5');
    await expect
      .poll(() => dialog.locator('.confirm-summary').textContent())
      .toMatch(/Refund RUB\s20\.50 to card 444455\*{6}3333 on order ui-paid-/);
    await screenshot(page, 'orders-refund-confirm');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: /Refund RUB\s20\.50/ }).click();

    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Refunded' }).first().textContent())
      .toMatch(/Refunded RUB\s20\.50 on order/);
    const order = page.getByRole('article');
    await expect.poll(() => order.locator('dl.amounts').textContent()).toMatch(/Refunded\s*RUB\s20\.50/);
    expect(await order.locator('.timeline').textContent()).toMatch(/Refunded RUB\s20\.50/);
    // What is left to refund is the most the next refund takes.
    await page.getByRole('button', { name: 'Refund…' }).click();
    expect(await page.getByRole('dialog', { name: 'Refund' }).textContent()).toMatch(/Up to RUB\s102\.95/);
    await page.getByRole('dialog', { name: 'Refund' }).getByRole('button', { name: 'Don’t refund' }).click();
    await screenshot(page, 'orders-refunded');
  });

  it('finds earlier look-ups offline, by number or last card digits', async () => {
    const { page } = app;
    const filter = page.getByLabel('Find a looked-up order (works offline)');
    await filter.fill('3333');
    const history = page.getByRole('complementary');
    await expect.poll(() => history.getByRole('button', { name: paid.orderNumber }).count()).toBe(1);
    await filter.fill(declined.orderNumber.slice(0, 16));
    await expect.poll(() => history.getByRole('button', { name: declined.orderNumber }).count()).toBe(1);
    await history.getByRole('button', { name: declined.orderNumber }).click();
    await expect.poll(() => page.getByRole('article').textContent()).toContain('Declined · 6');
    await screenshot(page, 'orders-history');
  });
});
