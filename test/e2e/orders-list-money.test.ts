/**
 * The Orders list's money as finance reads it on screen (issue 26), in Chromium against the embedded sandbox
 * with its demo data: the money line and the totals per currency of Today and Yesterday are the sums of what
 * the sandbox's own record says moved on those days' orders (held, captured, refunded: not their amounts by
 * state), also after a refund today of one of yesterday's orders, which counts in Yesterday's figures, on
 * that order's row. Screenshots in English and Russian at 1280x720 and 1024x640, axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { common as ruCommon } from '../../renderer/src/i18n/ru/common.js';
import { list as ruList } from '../../renderer/src/i18n/ru/list.js';
import { AUTH, control, postForm, createdAtOf, type SandboxOrder } from '../sandbox/client.js';
import { appInBrowser, browserMissing, screenshot, shootAtSmallSizes, totalsFooter } from './browser.js';

const DAY = 86_400_000;
/** The browser runs in UTC (browser.ts), so its local days are UTC days. */
const midnightUtc = (ms: number) => Math.floor(ms / DAY) * DAY;

interface Money {
  held: number;
  captured: number;
  refunded: number;
  net: number;
}

/** The currency's money in the map: all zero until something is added to it. */
function moneyOf(out: Map<string, Money>, currency: string): Money {
  if (!out.has(currency)) out.set(currency, { held: 0, captured: 0, refunded: 0, net: 0 });
  return out.get(currency)!;
}

describe.skipIf(browserMissing())("the Orders list's money is what moved on the orders shown", { timeout: 240_000 }, () => {
  const app = appInBrowser({ demo: true, viewport: { width: 1280, height: 720 } });
  let page: Page;
  beforeAll(() => {
    page = app.page;
  });

  async function synced() {
    await expect
      .poll(() => page.locator('.sync-mark').first().textContent(), { timeout: 60_000 })
      .toMatch(/(Synced at|Синхронизировано в) \d{1,2}:\d{2}/);
  }

  /**
   * What the sandbox says moved on the orders registered in [from, to), per currency, from its own record
   * of each order: what a hold holds, what was deposited, what was refunded.
   */
  async function expected(from: number, to: number): Promise<Map<string, Money>> {
    const { orders } = (await control(app.sandbox, 'GET', '/orders?limit=10000&merchant=sandbox')) as { orders: SandboxOrder[] };
    const out = new Map<string, Money>();
    for (const o of orders.filter((x) => createdAtOf(x) >= from && createdAtOf(x) < to)) {
      const m = moneyOf(out, o.currency);
      if (o.status === 1) m.held += o.approvedAmount;
      if (o.status === 2 || o.status === 4) {
        m.captured += o.depositedAmount;
        m.refunded += o.refundedAmount;
      }
      m.net = m.captured - m.refunded;
    }
    // A currency whose orders moved nothing has no money to say.
    for (const [c, m] of out) if (m.held === 0 && m.captured === 0 && m.refunded === 0) out.delete(c);
    return out;
  }

  /** What the screen says: the money line's figures per currency, each read as minor units from its data. */
  async function said(): Promise<Map<string, Money>> {
    const parts = await page
      .getByTestId('period-money')
      .locator('[data-kind] [data-currency]')
      .evaluateAll((els) =>
        els.map((el) => ({
          kind: el.closest('[data-kind]')!.getAttribute('data-kind')!,
          currency: el.getAttribute('data-currency')!,
          minor: Number(el.getAttribute('data-minor')),
        })),
      );
    const out = new Map<string, Money>();
    for (const p of parts) moneyOf(out, p.currency)[p.kind as keyof Money] = p.minor;
    return out;
  }

  /** The totals table's footer per currency (unfolded), as minor units. */
  async function footer(): Promise<Map<string, Money>> {
    const rows = (await totalsFooter(page)).map((r) => ({ currency: r.currency, minor: r.figures.map((f) => f.minor) }));
    return new Map(
      rows
        .filter((r) => r.minor.some((n) => n !== 0))
        .map((r) => [r.currency, { held: r.minor[0]!, captured: r.minor[1]!, refunded: r.minor[2]!, net: r.minor[3]! }]),
    );
  }

  async function period(name: 'Today' | 'Yesterday') {
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name, exact: true }).click();
    await synced();
  }

  async function figuresAgree(from: number) {
    const want = await expected(from, from + DAY);
    // Until the period's sync has read it all, the screen says what was read so far.
    await expect.poll(said, { timeout: 90_000 }).toEqual(want);
    const unfold = page.getByRole('button', { name: 'Show totals by state and chart' });
    if ((await unfold.count()) > 0) await unfold.click();
    await page.getByTestId('period-totals').waitFor();
    expect(await footer()).toEqual(want);
    return want;
  }

  it("Today's figures of a fresh installation are what its orders moved", async () => {
    await synced();
    const today = midnightUtc(Date.now());
    await figuresAgree(today);
    // The named demo orders (main/sandbox/demo.ts), all in roubles, found by their numbers among today's:
    // demo-0003 999 charged, demo-0005 1,200 charged and refunded, demo-0006 3,000 charged and 750 refunded,
    // demo-0007 600 charged of an 800 hold, demo-0002 2,499 only held; the rest moved nothing.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const text = page.getByRole('form', { name: 'Filters' }).getByLabel('Order number or text');
    await text.fill('demo-00');
    await text.press('Enter');
    await expect
      .poll(said, { timeout: 30_000 })
      .toEqual(new Map([['643', { held: 249_900, captured: 579_900, refunded: 195_000, net: 384_900 }]]));
    // The partly captured demo-0007 reads as such on its row.
    const row = page.locator('.period-table [role=row][data-order-number="demo-0007"]');
    await expect
      .poll(async () => (await row.locator('[data-part]').getAttribute('title'))?.replace(/\u00a0/g, ' '))
      .toBe('Charged RUB 600.00 of RUB 800.00');
    expect(await row.locator('.status-cell').textContent()).toContain('Charged in part');
    await shootAtSmallSizes(page, 'orders-list-money-today-en');
    await page.setViewportSize({ width: 1280, height: 720 });
    await text.fill('');
    await text.press('Enter');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
  });

  it("a refund made today of yesterday's order counts in Yesterday's figures, on its row", async () => {
    const yesterday = midnightUtc(Date.now()) - DAY;
    await period('Yesterday');
    const before = await figuresAgree(yesterday);
    // One of yesterday's roubles charges with RUB 300 left to refund.
    const { orders } = (await control(app.sandbox, 'GET', '/orders?limit=10000&merchant=sandbox')) as { orders: SandboxOrder[] };
    const order = orders.find(
      (o) =>
        createdAtOf(o) >= yesterday &&
        createdAtOf(o) < yesterday + DAY &&
        o.status === 2 &&
        o.currency === '643' &&
        o.depositedAmount - o.refundedAmount >= 30_000,
    )!;
    expect(order).toBeDefined();
    const refund = await postForm(app.sandbox, '/payment/rest/refund.do', { ...AUTH, orderId: order.orderId, amount: 30_000 });
    expect(Number(refund.errorCode)).toBe(0);
    await page.getByRole('button', { name: 'Sync now' }).first().click();
    await synced();
    const after = await figuresAgree(yesterday);
    expect(after.get('643')!.refunded).toBe(before.get('643')!.refunded + 30_000);
    expect(after.get('643')!.net).toBe(before.get('643')!.net - 30_000);
    await page.getByRole('button', { name: 'Hide totals by state and chart' }).click();
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1024, height: 640 },
    ]) {
      await page.setViewportSize(size);
      await screenshot(page, `orders-list-money-yesterday-en-${size.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('says the same in Russian', async () => {
    const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true });
    // The language is each person's own, in the top bar (issue 26).
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');
    await nav(ruCommon.nav.orders).click();
    // The list keeps the period it was left on (Yesterday, above) across workspaces: Today is chosen again.
    await page.getByRole('group', { name: ruList.periodGroup }).getByRole('button', { name: ruList.preset.today, exact: true }).click();
    await synced();
    const today = midnightUtc(Date.now());
    await expect.poll(said, { timeout: 90_000 }).toEqual(await expected(today, today + DAY));
    expect(await page.getByTestId('period-money').textContent()).toMatch(/^Списано: .*; Возвращено: .*; Нетто: .* — Заблокировано: /);
    await shootAtSmallSizes(page, 'orders-list-money-today-ru');
  });
});
