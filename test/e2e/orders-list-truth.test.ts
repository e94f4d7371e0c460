/**
 * What the Orders list says about its totals must be true (issue 14): beside the totals, whether the period
 * shown has been read whole from the gateway, or only partly (then the totals may understate money), or is
 * being read now. And at 1280x720 the summary leaves the list in view: ten rows of the 30 days without
 * scrolling (the filters and the totals per state with the chart fold away, as the user leaves them). In Chromium against the embedded sandbox with its demo data; screenshots light and dark, axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { control } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot, totalsFooter, useTheme } from './browser.js';

const DAY = 86_400_000;
const LAST_ORDERS = '/payment/rest/getLastOrdersForMerchants.do';
/** The browser runs in UTC (browser.ts), so its local days are UTC days. */
const midnightUtc = (ms: number) => Math.floor(ms / DAY) * DAY;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.skipIf(browserMissing())('the Orders list says what its totals are worth', { timeout: 120_000 }, () => {
  const app = appInBrowser({ demo: true, viewport: { width: 1280, height: 720 } });
  let page: Page;
  beforeAll(() => {
    page = app.page;
  });

  async function bothThemes(name: string) {
    for (const wanted of ['light', 'dark'] as const) {
      await useTheme(page, wanted);
      await screenshot(page, `${name}-${wanted}`);
      // What fits in the window, as the user first sees it.
      await page.screenshot({ path: `test-results/screenshots/${name}-${wanted}-viewport.png` });
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await useTheme(page, 'light');
  }
  const coverage = () => page.getByTestId('period-coverage');
  async function synced() {
    await expect.poll(() => page.locator('.sync-mark').first().textContent(), { timeout: 60_000 }).toMatch(/Synced at \d{1,2}:\d{2}/);
  }

  it('a period never read says its totals may be incomplete, says so while it is read, and read whole once synced', async () => {
    await synced();
    // Today was synced on open: read whole, as of that sync.
    await expect
      .poll(() => coverage().textContent(), { timeout: 20_000 })
      .toMatch(/^Read whole, synced at \d{1,2}:\d{2}(:\d{2})?( [AP]M)?$/);

    // A period never read, with the gateway answering slowly: said while it is read, then cancelled.
    await control(app.sandbox, 'POST', '/faults', { rules: [{ path: LAST_ORDERS, mode: 'latency', latencyMs: 1_500, count: 0 }] });
    try {
      const t = midnightUtc(Date.now());
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }).click();
      const custom = page.getByRole('form', { name: 'Custom period' });
      await custom.getByLabel('First day').fill(day(t - 80 * DAY));
      await custom.getByLabel('Last day').fill(day(t - 70 * DAY));
      await custom.getByRole('button', { name: 'Show period' }).click();
      await expect.poll(() => coverage().textContent(), { timeout: 20_000 }).toMatch(/^Being read from the gateway now/);
      await page.locator('.sync-mark').first().getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.locator('.sync-mark').first().textContent(), { timeout: 20_000 }).toContain('Sync cancelled');
      await expect
        .poll(() => coverage().textContent(), { timeout: 20_000 })
        .toMatch(/^Only partly read from the gateway: the totals may be incomplete/);
      await bothThemes('orders-list-partly-read');
    } finally {
      await control(app.sandbox, 'DELETE', '/faults');
    }

    // The period read whole, from the mark's own action.
    await coverage().getByRole('button', { name: 'Sync this period' }).click();
    await synced();
    await expect
      .poll(() => coverage().textContent(), { timeout: 20_000 })
      .toMatch(/^Read whole, synced at \d{1,2}:\d{2}(:\d{2})?( [AP]M)?$/);
    await bothThemes('orders-list-read-whole');
  });

  it('at 1280x720 the 30 days show ten rows of the list without scrolling, light and dark', async () => {
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days', exact: true }).click();
    await synced();
    await page.mouse.wheel(0, -10_000);
    const tenth = page.locator('.period-table [role=row][data-index="9"]');
    await tenth.waitFor();
    const box = await tenth.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(720);
    await bothThemes('orders-list-30-days-fold');

    // The totals per state and the chart unfold on demand, and stay as the user left them after a restart.
    const breakdown = page.getByRole('button', { name: 'Show totals by state and chart' });
    expect(await breakdown.getAttribute('aria-expanded')).toBe('false');
    await breakdown.click();
    await page.getByTestId('period-totals').waitFor();
    await page.locator('.period-chart .recharts-wrapper > svg').first().waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('form', { name: 'Filters' }).waitFor();
    await bothThemes('orders-list-30-days-unfolded');
    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).waitFor();
    await synced();
    const hide = page.getByRole('button', { name: 'Hide totals by state and chart' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('period-totals').waitFor();
    await page.getByRole('form', { name: 'Filters' }).waitFor();
    // Folded again, and so after the next restart.
    await hide.click();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).waitFor();
    await synced();
    expect(await page.getByRole('button', { name: 'Show totals by state and chart' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('form', { name: 'Filters' }).count()).toBe(0);
  });

  it('folded, the count line says what was captured and refunded per currency, the same sums as the totals per currency', async () => {
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days', exact: true }).click();
    await synced();
    await expect.poll(() => coverage().textContent(), { timeout: 20_000 }).toMatch(/^Read whole/);
    expect(await page.getByRole('button', { name: 'Show totals by state and chart' }).getAttribute('aria-expanded')).toBe('false');

    // What the folded line says: each amount as text (read back into minor units) per currency, shown or under "+N more".
    const summary = page.getByTestId('period-money');
    await summary.waitFor();
    const said = async (kind: 'captured' | 'refunded') => {
      const part = summary.locator(`[data-kind="${kind}"]`);
      const amounts = await part.locator('[data-currency]').evaluateAll((els) =>
        els.map((el) => ({
          currency: el.getAttribute('data-currency')!,
          text: el.textContent!,
          hidden: el.closest('.money-more') !== null,
        })),
      );
      return amounts;
    };
    // "RUB 1,234.50" is 123450 minor units: the formatter always writes the currency's own number of decimals.
    const minorOf = (text: string) => Number(text.replace(/[^\d-]/g, ''));
    const capturedSaid = await said('captured');
    const refundedSaid = await said('refunded');
    const summaryText = (await summary.textContent())!;
    expect(summaryText).toMatch(/^Captured .*; Refunded .*; Net /);

    // The sums from the unfolded table's footer, currency by currency (its columns: held, captured, refunded, net).
    await page.getByRole('button', { name: 'Show totals by state and chart' }).click();
    const footer = (await totalsFooter(page)).map((r) => ({ currency: r.currency, texts: r.figures.map((f) => f.text) }));
    const column = (i: number) => new Map(footer.filter((r) => r.texts[i] !== '').map((r) => [r.currency, minorOf(r.texts[i]!)]));
    const captured = column(1);
    const refunded = column(2);
    // The demo data has several currencies captured and refunded in 30 days, so both parts and "+N more" are exercised.
    expect(captured.size).toBeGreaterThan(1);
    expect(refunded.size).toBeGreaterThan(0);
    const asMap = (xs: { currency: string; text: string }[]) => new Map(xs.map((x) => [x.currency, minorOf(x.text)]));
    expect(asMap(capturedSaid)).toEqual(captured);
    expect(asMap(refundedSaid)).toEqual(refunded);
    // One currency in view per part, the most used; the rest said in the "+N more" (its title and its accessible text).
    for (const said of [capturedSaid, refundedSaid]) {
      expect(said.filter((x) => !x.hidden).length).toBe(Math.min(1, said.length));
    }
    const more = summary.locator('[data-kind="captured"] .money-more-mark');
    expect(await more.textContent()).toBe(`+${captured.size - 1} more`);
    const title = (await more.getAttribute('title'))!;
    for (const x of capturedSaid.filter((x) => x.hidden)) expect(title).toContain(x.text);
    await page.getByRole('button', { name: 'Hide totals by state and chart' }).click();

    // Folded, the line does not push the tenth row out of the window.
    await page.mouse.wheel(0, -10_000);
    const box = await page.locator('.period-table [role=row][data-index="9"]').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(720);
    await bothThemes('orders-list-30-days-paid-refunded');
  });
});
