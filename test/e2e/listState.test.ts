/**
 * The Orders list stays as it was left (issue 26, "filters survive"), in Chromium against the embedded
 * sandbox's demo data: filtered to a few orders, an order opened and Back (the app's Back control, the
 * browser's Back button, Alt+Left) shows the same orders in the same sort, scrolled to the same rows; a
 * reload shows them again; a view saved under a name comes back when picked, and is renamed and deleted.
 * Screenshots in English and Russian at 1280x720 and 1024x640; axe finds nothing serious.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { control, createdAtOf, type SandboxOrder } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, chooseLanguage, screenshot } from './browser.js';

const DAY = 86_400_000;

describe.skipIf(browserMissing())('the Orders list as it was left', { timeout: 180_000 }, () => {
  const app = appInBrowser({ demo: true });
  let page: Page;
  let declinedUsd: number;

  beforeAll(async () => {
    page = app.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    const { orders } = (await control(app.sandbox, 'GET', '/orders?merchant=sandbox&limit=10000')) as { orders: SandboxOrder[] };
    // The browser runs in UTC (browser.ts): "7 days" is the six UTC days before today and today.
    const from = Math.floor(Date.now() / DAY) * DAY - 6 * DAY;
    const at = createdAtOf;
    declinedUsd = orders.filter((o) => at(o) >= from && o.status === 6 && o.currency === '840').length;
  }, 90_000);

  const table = () => page.getByRole('table', { name: 'Orders of the period' });
  const scroller = () => page.getByTestId('period-scroller');
  /** How many orders the table holds (its rows but the header). */
  const count = async () => Number(await table().getAttribute('aria-rowcount')) - 1;
  const rowNumbers = () =>
    page.locator('.period-table [role=row][data-order-number]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number')));
  const synced = () =>
    expect.poll(() => page.locator('.sync-mark').first().textContent(), { timeout: 60_000 }).toMatch(/Synced at \d{1,2}:\d{2}/);
  const backToList = () => page.getByRole('button', { name: 'Back to the list' });
  const sort = () => page.getByLabel('Sort');
  const savedView = () => page.getByLabel('Saved view');

  /** The list exactly as it was: the period, the filters, the sort, the orders in their order. */
  async function expectList(expected: { count: number; rows: (string | null)[]; sort: string; declined: boolean }) {
    await table().waitFor();
    await expect.poll(count, { timeout: 20_000 }).toBe(expected.count);
    await expect.poll(rowNumbers, { timeout: 20_000 }).toEqual(expected.rows);
    expect(await sort().inputValue()).toBe(expected.sort);
    expect(await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('checkbox', { name: 'Declined' }).isChecked()).toBe(expected.declined);
  }

  /** Opens the list's first order and waits for its view, with the Back control. */
  async function openFirstOrder() {
    await page.locator('.period-table [role=row][data-order-number]').first().click();
    await backToList().waitFor();
    await page.locator('.order-details, .orders-single').first().waitFor();
  }

  it('keeps the period, filters and sort across an order and Back: the Back control, the browser and Alt+Left', async () => {
    await synced();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days', exact: true }).click();
    await synced();
    const unfiltered = await count();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Declined' }).check();
    await page.getByLabel('Currency').selectOption('840');
    await sort().selectOption('amountDesc');
    expect(declinedUsd).toBeGreaterThan(0);
    expect(declinedUsd).toBeLessThan(unfiltered);
    await expect.poll(count, { timeout: 20_000 }).toBe(declinedUsd);
    const list = { count: declinedUsd, rows: await rowNumbers(), sort: 'amountDesc', declined: true };

    await openFirstOrder();
    await shots('order-view-back');
    await backToList().click();
    await expectList(list);

    await openFirstOrder();
    await page.goBack();
    await expectList(list);
    // Forward opens the order again, and Back leaves it again.
    await page.goForward();
    await backToList().waitFor();
    await page.goBack();
    await expectList(list);

    await openFirstOrder();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+ArrowLeft');
    await expectList(list);
    // One step back only: the app is still open on its list, not the page before it.
    expect(await page.getByRole('navigation', { name: 'Workspaces' }).isVisible()).toBe(true);

    // Another workspace and back keeps it too.
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Orders', exact: true }).click();
    await expectList(list);

    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).waitFor();
    await expectList(list);
    await shots('orders-list-kept');
  });

  it('comes back scrolled to the same rows, after an order and after a reload', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(200);
    await scroller().evaluate((el) => (el.scrollTop = 2016));
    // The rows of that place are read and shown (56 rows of 36 px down).
    await page.locator('.period-table [role=row][data-index="60"][data-order-number]').waitFor();
    const atPlace = await page.locator('.period-table [role=row][data-index="60"]').getAttribute('data-order-number');
    await page.locator('.period-table [role=row][data-index="60"]').click();
    await backToList().click();
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop), { timeout: 20_000 }).toBe(2016);
    expect(await page.locator('.period-table [role=row][data-index="60"]').getAttribute('data-order-number')).toBe(atPlace);

    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).waitFor();
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop), { timeout: 20_000 }).toBe(2016);
    await expect
      .poll(() => page.locator('.period-table [role=row][data-index="60"]').getAttribute('data-order-number'), { timeout: 20_000 })
      .toBe(atPlace);
  });

  it('saves the view under a name, restores it when picked, renames and deletes it', async () => {
    await page.getByRole('checkbox', { name: 'Declined' }).check();
    await page.getByLabel('Currency').selectOption('840');
    await expect.poll(count, { timeout: 20_000 }).toBe(declinedUsd);
    const rows = await rowNumbers();
    expect(await savedView().locator('option:checked').textContent()).toBe('Not saved');

    await page.getByRole('button', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view of the list' });
    await dialog.getByLabel('Name').fill('Declined this week, USD');
    await shots('orders-list-save-view');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => savedView().locator('option:checked').textContent()).toBe('Declined this week, USD');

    // A name the profile has already (case and spacing aside) is refused, in words, beside the field.
    await page.getByRole('checkbox', { name: 'Declined' }).uncheck();
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(declinedUsd);
    await expect.poll(() => savedView().locator('option:checked').textContent()).toBe('Not saved');
    await page.getByRole('button', { name: 'Save view…' }).click();
    await dialog.getByLabel('Name').fill('declined this week,  USD');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('You already have a view named "Declined this week, USD"; choose another name.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await sort().selectOption('oldest');
    await savedView().selectOption({ label: 'Declined this week, USD' });
    await expectList({ count: declinedUsd, rows, sort: 'amountDesc', declined: true });
    expect(await page.getByLabel('Currency').inputValue()).toBe('840');
    await shots('orders-list-saved-view');

    await page.getByRole('button', { name: 'Rename…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename the view "Declined this week, USD"' });
    await rename.getByLabel('Name').fill('<b>Declined</b>, USD');
    await rename.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(() => savedView().locator('option:checked').textContent()).toBe('<b>Declined</b>, USD');

    await page.getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
    await expect.poll(() => savedView().locator('option:checked').textContent()).toBe('Not saved');
    expect(await savedView().locator('option').allTextContents()).toEqual(['Not saved']);
  });

  it('says the same in Russian: the saved views and the Back control', async () => {
    await chooseLanguage(page, 'ru');
    await page.getByRole('navigation').getByRole('button', { name: 'Заказы', exact: true }).click();
    await page.getByRole('button', { name: 'Сохранить представление…' }).click();
    await page.getByRole('dialog').getByLabel('Название').fill('Отклонённые за неделю, USD');
    await shots('ru-orders-list-save-view');
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Сохранённое представление').locator('option:checked').textContent())
      .toBe('Отклонённые за неделю, USD');
    await shots('ru-orders-list-saved-view');
    await page.locator('.period-table [role=row][data-order-number]').first().click();
    await page.getByRole('button', { name: 'Назад к списку' }).waitFor();
    await shots('ru-order-view-back');
    await page.getByRole('button', { name: 'Назад к списку' }).click();
    await table()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.getByRole('table').first().waitFor();
  });

  /** The page at 1280x720 and 1024x640, axe-clean. */
  async function shots(name: string) {
    for (const [width, height] of [
      [1280, 720],
      [1024, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${name}-${width}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});
