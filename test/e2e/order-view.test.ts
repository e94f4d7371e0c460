/**
 * The order view tells the truth about money, in Chromium against the embedded sandbox: the timeline keeps
 * "Paid" and adds the reversal with its amount, a part-charge and a partial refund show in the header and
 * the timeline, a cached order opened while the gateway answers 503 says so and offers no action on money,
 * the refund dialog names the environment, takes a reason and says whether it reverses or refunds, and an order at the ACS (status 5)
 * is in progress, not declined. Screenshots in both themes; axe finds nothing serious.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot, shootInBothThemes, useTheme } from './browser.js';

const PREAUTH = '/payment/rest/registerPreAuth.do';

describe.skipIf(browserMissing())('the order view in the browser', { timeout: 90_000 }, () => {
  const app = appInBrowser();
  const held = { orderNumber: uniqueNumber('ui-held'), orderId: '' };
  const charged = { orderNumber: uniqueNumber('ui-rev'), orderId: '' };

  beforeAll(async () => {
    held.orderId = await paidOrder(app.sandbox, { orderNumber: held.orderNumber, amount: 2_499 }, PREAUTH);
    charged.orderId = await paidOrder(app.sandbox, { orderNumber: charged.orderNumber, amount: 4_200 });
    await control(app.sandbox, 'POST', '/seed', { demo: true });
  }, 60_000);

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
  });

  async function lookUp(query: string) {
    const box = app.page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
    await expect.poll(() => app.page.getByRole('article').getByRole('heading', { level: 2 }).textContent()).toContain(query);
  }

  const timeline = () => app.page.getByRole('article').locator('.timeline');
  const header = () => app.page.getByRole('article').locator('.order-head');

  /** Looks the order up, waits for its timeline to say what it starts from, and opens the action's dialog. */
  async function openAction(orderNumber: string, startsFrom: RegExp, action: string, dialog: string) {
    await lookUp(orderNumber);
    await expect.poll(() => timeline().textContent()).toMatch(startsFrom);
    await app.page.getByRole('button', { name: action }).click();
    return app.page.getByRole('dialog', { name: dialog });
  }

  it('an order at the ACS (status 5) carries a neutral in-progress badge and no "Declined"', async () => {
    await lookUp('demo-0008');
    const badge = header().locator('.badge');
    await expect.poll(() => badge.textContent()).toBe('3-D Secure authentication in progress · 5');
    expect(await badge.getAttribute('class')).toContain('tone-neutral');
    expect(await app.page.getByRole('article').textContent()).not.toContain('Declined');
    expect(await timeline().textContent()).toContain('3-D Secure authentication started');
    await shootInBothThemes(app.page, 'order-acs');
  });

  it('charging 2,000 of a 2,499 hold adds an entry and the header says "Partially charged"', async () => {
    const dialog = await openAction(held.orderNumber, /Held RUB\s24\.99/, 'Charge held amount…', 'Charge the held amount');
    await dialog.getByLabel('Amount in RUB').fill('20.00');
    await dialog.getByRole('button', { name: /Charge RUB\s20\.00/ }).click();
    await expect.poll(() => header().textContent()).toContain('Partially charged · 2');
    const text = (await timeline().textContent()) ?? '';
    expect(text).toMatch(/Held RUB\s24\.99/);
    // The app's own charge says what the hold let go, in place of the gateway's dateless "Charged …, … released".
    expect(text).toMatch(/Charge of the held amount RUB\s20\.00, RUB\s4\.99 released by \S+: done/);
  });

  it('the refund dialog names the environment, starts empty, takes a reason and says how the money goes back', async () => {
    const { page } = app;
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    // The dialog is modal, so the theme is switched before it opens.
    for (const wanted of ['light', 'dark'] as const) {
      await useTheme(page, wanted);
      await page.getByRole('button', { name: 'Refund…' }).click();
      expect(await dialog.getByLabel('Amount in RUB').inputValue()).toBe('');
      expect(await dialog.getByRole('button', { name: /^Refund/ }).isDisabled()).toBe(true);
      expect(await dialog.textContent()).toContain('Sandbox (simulated: no real money)');
      await dialog.getByLabel('Amount in RUB').fill('5');
      // Charged today, but only in part: the whole of it would be reversed, a part is refunded.
      await expect
        .poll(() => dialog.locator('.refund-way').textContent())
        .toMatch(/^This charge is from today: .*a part of it will be refunded/);
      await dialog.getByLabel('Reason (optional)').fill('x'.repeat(201));
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('At most 200 characters');
      expect(await dialog.getByRole('button', { name: /^Refund/ }).isDisabled()).toBe(true);
      await dialog.getByLabel('Reason (optional)').fill('goods returned');
      await screenshot(page, `order-refund-dialog-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Don’t refund' }).click();
    }
    await useTheme(page, 'light');
    await page.getByRole('button', { name: 'Refund…' }).click();
    await dialog.getByLabel('Amount in RUB').fill('5');
    await dialog.getByLabel('Reason (optional)').fill('goods returned');
    await dialog.getByRole('button', { name: /Refund RUB\s5\.00/ }).click();
    await expect.poll(() => header().textContent()).toContain('Partially charged, partially refunded · 2');
    const text = (await timeline().textContent()) ?? '';
    expect(text).toMatch(/Refunded RUB\s5\.00/);
    expect(text).toMatch(/Refund RUB\s5\.00 by \S+: done\. Reason given: “goods returned”/);
  });

  it('after a same-day reversal the timeline keeps "Paid" with its amount and adds the reversal', async () => {
    const { page } = app;
    const dialog = await openAction(charged.orderNumber, /Paid RUB\s42\.00/, 'Refund…', 'Refund');
    expect(await dialog.textContent()).toContain('Sandbox (simulated: no real money)');
    await dialog.getByLabel('Amount in RUB').fill('42');
    await expect.poll(() => dialog.locator('.refund-way').textContent()).toMatch(/^This charge is from today: it will be reversed/);
    await dialog.getByLabel('Reason (optional)').fill('charged twice by mistake');
    await dialog.getByRole('button', { name: /^Reverse RUB\s42\.00$/ }).click();
    await expect.poll(() => header().textContent()).toContain('Reversed · 3');
    const text = (await timeline().textContent()) ?? '';
    expect(text).toMatch(/Paid RUB\s42\.00/);
    expect(text).toMatch(/Reversal RUB\s42\.00 by \S+: done\. Reason given: “charged twice by mistake”/);
    expect(text).not.toContain('Authorisation attempted');
    expect(text).not.toMatch(/RUB\s0\.00/);
    // The gateway now reports 0 held and 0 charged; what the reversal cancelled is said beside them.
    expect(await page.getByRole('article').locator('dl.amounts').textContent()).toMatch(/Reversed\s*RUB\s42\.00/);
    await shootInBothThemes(app.page, 'order-timeline-reversed');
  });

  it('a cached order opened while the gateway answers 503 says as of when, and offers no action until a live look-up', async () => {
    const { page } = app;
    await control(app.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0 }],
    });
    const filter = page.getByLabel('Find a looked-up order (works offline)');
    await filter.fill(held.orderNumber);
    const history = page.getByRole('complementary');
    await history.getByRole('button', { name: held.orderNumber }).click();
    const notice = page.getByRole('article').locator('.cached-notice');
    await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toMatch(/^As of .+, the gateway could not be reached/);
    expect(await notice.textContent()).toMatch(/503/);
    expect(await page.getByRole('button', { name: /Refund…|Reverse…|Charge held amount…/ }).count()).toBe(0);
    // What the cache holds is still the whole story as last seen.
    expect(await header().textContent()).toContain('Partially charged, partially refunded · 2');
    await shootInBothThemes(app.page, 'order-cached-503');

    await control(app.sandbox, 'DELETE', '/faults');
    await filter.fill('');
    await lookUp(held.orderNumber);
    await expect.poll(() => page.getByRole('article').locator('.cached-notice').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Refund…' }).count()).toBe(1);
  });
});
