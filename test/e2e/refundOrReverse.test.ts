/**
 * Money back on a charge is one "Refund" on the order view, in Chromium against the app's embedded sandbox
 * with its demo data: on yesterday's charge the dialog says it will refund, and refunds; on today's it says
 * it will reverse (the customer's bank shows no charge at all), and reverses; a hold is released apart. The
 * dismiss button is never the action's word, in English or Russian. Screenshots in both languages at
 * 1280x720 and 1024x640; axe finds nothing serious.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, paidOrder, status, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, chooseLanguage, saidTimes, screenshot } from './browser.js';

const PREAUTH = '/payment/rest/registerPreAuth.do';
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.skipIf(browserMissing())('refund or reverse: one action on the order view', { timeout: 120_000 }, () => {
  const app = appInBrowser({ demo: true });

  beforeAll(async () => {}, 90_000);

  /** A charge of the demo's past made yesterday (UTC), nothing refunded, in roubles. */
  async function yesterdaysCharge(): Promise<{ orderNumber: string; orderId: string; amount: number }> {
    const { orders } = await control(app.sandbox, 'GET', '/orders?merchant=sandbox&status=2&limit=400');
    const yesterday = utcDay(Date.now() - 24 * 3_600_000);
    for (const o of orders as { orderNumber: string; orderId?: string; id?: string }[]) {
      if (!o.orderNumber.startsWith('demo-h-')) continue;
      const s = await status(app.sandbox, { orderNumber: o.orderNumber });
      if (s.currency === '643' && s.paymentAmountInfo?.refundedAmount === 0 && s.authDateTime && utcDay(s.authDateTime) === yesterday) {
        const orderId = (s.attributes as { name: string; value: string }[]).find((a) => a.name === 'mdOrder')!.value;
        return { orderNumber: o.orderNumber, orderId, amount: s.amount };
      }
    }
    throw new Error('The demo data has no rouble charge of yesterday');
  }

  async function lookUp(page: Page, query: string, label = 'Order ID or order number') {
    const box = page.getByLabel(label);
    await box.fill(query);
    await box.press('Enter');
    await expect.poll(() => page.getByRole('article').getByRole('heading', { level: 2 }).first().textContent()).toContain(query);
  }

  /** The money actions offered on the order shown. */
  const actions = (page: Page) => page.getByRole('article').locator('.order-actions').getByRole('button').allTextContents();

  /** Screenshots of the page at both sizes, axe-clean at each, back at the first. */
  async function atBothSizes(page: Page, name: string) {
    for (const [width, height] of [
      [1024, 640],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${name}-${width}x${height}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
  }

  /** An amount as the English screens write it: 10543.99 typed, "10,543.99" shown. */
  const typed = (minor: number) => (minor / 100).toFixed(2);
  const shown = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

  it('yesterday’s charge: one Refund action, the dialog says it will refund, and it refunds', async () => {
    const { page } = app;
    const charge = await yesterdaysCharge();
    await lookUp(page, charge.orderNumber);
    await expect.poll(() => actions(page)).toEqual(['Refund…']);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel('Amount in RUB').fill(typed(charge.amount));
    await expect
      .poll(() => dialog.locator('.refund-way').textContent())
      .toMatch(/^This charge is from an earlier day: it will be refunded/);
    expect(await dialog.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Don’t refund']));
    await atBothSizes(page, 'order-refund-yesterday-en');
    await dialog.getByRole('button', { name: new RegExp(`^Refund RUB\\s${shown(charge.amount).replace(/[.,]/g, '\\$&')}$`) }).click();
    await expect.poll(() => saidTimes(page, 'Refunded')).toBe(1);
    const s = await status(app.sandbox, { orderId: charge.orderId });
    expect(s.orderStatus).toBe(4);
    expect(s.refunds).toHaveLength(1);
  });

  it('today’s charge: the dialog says it will reverse, and it reverses with no refund', async () => {
    const { page } = app;
    const orderNumber = uniqueNumber('ui-today');
    const orderId = await paidOrder(app.sandbox, { orderNumber, amount: 4_200 });
    await lookUp(page, orderNumber);
    await expect.poll(() => actions(page)).toEqual(['Refund…']);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    const way = dialog.locator('.refund-way');
    // A part is refunded: only the whole charge is reversed.
    await dialog.getByLabel('Amount in RUB').fill('10');
    await expect
      .poll(() => way.textContent())
      .toMatch(/^This charge is from today: all of it \(RUB\s42\.00\) would be reversed.*a part of it will be refunded/);
    await dialog.getByLabel('Amount in RUB').fill('42');
    await expect
      .poll(() => way.textContent())
      .toBe('This charge is from today: it will be reversed, the customer’s bank shows no charge at all, and no refund fee is paid.');
    await atBothSizes(page, 'order-reverse-today-en');
    await dialog.getByRole('button', { name: /^Reverse RUB\s42\.00$/ }).click();
    await expect.poll(() => saidTimes(page, /Reversed RUB\s42\.00/)).toBe(1);
    const s = await status(app.sandbox, { orderId });
    expect(s.orderStatus).toBe(3);
    expect(s.refunds ?? []).toHaveLength(0);
  });

  it('a reversal the gateway refuses all the same is said in words, and the refund offered in the same dialog', async () => {
    const { page } = app;
    const orderNumber = uniqueNumber('ui-late');
    const orderId = await paidOrder(app.sandbox, { orderNumber, amount: 4_200 });
    await lookUp(page, orderNumber);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel('Amount in RUB').fill('42');
    await expect.poll(() => dialog.locator('.refund-way').textContent()).toMatch(/^This charge is from today: it will be reversed/);
    // The gateway's clock passes midnight while the dialog is open; the app's has not.
    await control(app.sandbox, 'POST', '/clock', { advanceMs: 24 * 3_600_000 });
    try {
      await dialog.getByRole('button', { name: /^Reverse RUB\s42\.00$/ }).click();
      const alert = dialog.getByRole('alert');
      await expect.poll(() => alert.textContent()).toMatch(/^The gateway did not allow the reversal .*it can be refunded instead$/);
      expect(await dialog.textContent()).not.toMatch(/error code|status 2/i);
      await expect
        .poll(() => dialog.locator('.refund-way').textContent())
        .toMatch(/^A reversal was already tried on this order.*it will be refunded/);
      await atBothSizes(page, 'order-reversal-refused-en');
      await dialog.getByRole('button', { name: /^Refund RUB\s42\.00$/ }).click();
      await expect.poll(() => saidTimes(page, /Refunded RUB\s42\.00/)).toBe(1);
      expect((await status(app.sandbox, { orderId })).orderStatus).toBe(4);
    } finally {
      await control(app.sandbox, 'POST', '/clock', { setEpochMs: Date.now() });
    }
  });

  it('in Russian: the dismiss button is not the action’s word; a hold is released apart', async () => {
    const { page } = app;
    const today = uniqueNumber('ui-ru');
    await paidOrder(app.sandbox, { orderNumber: today, amount: 4_200 });
    const held = uniqueNumber('ui-held');
    await paidOrder(app.sandbox, { orderNumber: held, amount: 2_499 }, PREAUTH);
    await chooseLanguage(page, 'ru');
    await page.getByRole('navigation').getByRole('button', { name: 'Заказы', exact: true }).click();

    await lookUp(page, today, 'ID или номер заказа');
    await expect.poll(() => actions(page)).toEqual(['Вернуть…']);
    await page.getByRole('button', { name: 'Вернуть…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Возврат' });
    await dialog.getByLabel('Сумма в RUB').fill('42');
    await expect.poll(() => dialog.locator('.refund-way').textContent()).toMatch(/^Списание сделано сегодня: оно будет отменено/);
    const buttons = await dialog.getByRole('button').allTextContents();
    expect(buttons).toContain('Не возвращать');
    expect(buttons.some((b) => /^Отменить списание 42,00\sRUB$/u.test(b))).toBe(true);
    await atBothSizes(page, 'order-reverse-today-ru');
    await dialog.getByRole('button', { name: 'Не возвращать' }).click();

    await lookUp(page, held, 'ID или номер заказа');
    await expect.poll(() => actions(page)).toEqual(['Списать заблокированную сумму…', 'Снять блокировку…']);
    await page.getByRole('button', { name: 'Снять блокировку…' }).click();
    const release = page.getByRole('dialog', { name: 'Снятие блокировки' });
    expect(await release.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Оставить блокировку']));
    await atBothSizes(page, 'order-release-hold-ru');
    await release.getByRole('button', { name: /^Снять блокировку 24,99\sRUB$/u }).click();
    await expect.poll(() => saidTimes(page, /Снята блокировка 24,99\sRUB/u)).toBe(1);
  });
});
