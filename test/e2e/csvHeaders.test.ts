/**
 * CSV column names (issue 16): an export keeps main's machine-readable English names by default; with
 * "In the language of the screen" chosen in Settings, the same export names its columns for people and
 * every row stays exactly as before. The choice is kept on this computer across a reload.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInBrowser, browserMissing } from './browser.js';

describe.skipIf(browserMissing())('CSV column names in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser({ demo: true, viewport: { width: 1280, height: 720 } });
  let page: Page;
  beforeAll(() => {
    page = app.page;
  });

  /** Yesterday's orders (a closed day: the demo sandbox adds none to it while the test runs), exported. */
  async function exportYesterday(): Promise<string> {
    await page.getByRole('navigation').getByRole('button', { name: 'Orders' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Yesterday', exact: true }).click();
    await expect.poll(() => page.locator('.sync-mark').first().textContent(), { timeout: 60_000 }).toMatch(/Synced at \d{1,2}:\d{2}/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    return readFileSync((await download.path())!, 'utf8');
  }
  const split = (csv: string) => ({ header: csv.slice(0, csv.indexOf('\n')), rows: csv.slice(csv.indexOf('\n')) });

  it('are machine-readable by default, and in words when Settings says so, with the same rows', async () => {
    const machine = split(await exportYesterday());
    expect(machine.header).toBe(
      'orderId,orderNumber,status,amount,held,captured,refunded,currency,registeredAt,operatedAt,card,clientId,description,actionCode',
    );
    expect(machine.rows.split('\n').length).toBeGreaterThan(10);

    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    const choice = page.getByRole('group', { name: 'Column names in CSV files' });
    expect(await choice.getByRole('radio', { name: /^Machine-readable English/ }).isChecked()).toBe(true);
    await choice.getByRole('radio', { name: /^In the language of the screen/ }).check();

    const people = split(await exportYesterday());
    expect(people.header).toBe(
      'Order ID,Order number,Status,Amount,Held,Captured,Refunded,Currency,Registered at,Last operation at,Card,Client ID,Description,Action code',
    );
    expect(people.rows).toBe(machine.rows);

    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    expect(
      await page
        .getByRole('group', { name: 'Column names in CSV files' })
        .getByRole('radio', { name: /^In the language of the screen/ })
        .isChecked(),
    ).toBe(true);
  });
});
