/**
 * The sandbox's developer console opened from the app (issue 15), in Chromium through browser mode against
 * the app's embedded sandbox (its demo data seeded): Settings' "Open developer console" opens it in a page of
 * its own, with the one-time ticket gone from the address bar, and outside the sandbox the button is disabled
 * with the reason. Then the two talk through the sandbox only: a charge made in the app's Charges workspace
 * shows in the console's request list within a second of the app's answer; a fault armed with the console's
 * form makes the app's next look-up fail the way the console's sentence says; an order refunded from the
 * console's Orders tab is refunded in the app's order view. Screenshots of Settings and of the console,
 * light and dark, and axe on each.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { control } from '../sandbox/client.js';
import {
  accessibilityProblems,
  appInBrowser,
  browserMissing,
  chargeChosenCard,
  openWorkspace,
  screenshot,
  shootInBothThemes,
} from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing())('the developer console from the app', { timeout: 120_000 }, () => {
  // Its own keychain service: the custom environment's credentials are this file's alone.
  const app = appInBrowser(() => (keychain ? { vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) } : {}));
  /** The console's page, once Settings opened it. */
  let consolePage: Page | undefined;
  /** What the console's page threw, if anything: checked at the end. */
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    // The demo data the app starts with on a first run (browser mode under test starts empty).
    await control(app.sandbox, 'POST', '/seed', { demo: true });
  });

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
    await consolePage?.close();
  });

  const nav = openWorkspace;
  const consolePanel = (page: Page) => page.getByRole('region', { name: 'Developer console' });
  it("Settings' Open developer console opens the console in a page of its own, the ticket gone from the address", async () => {
    const { page } = app;
    await nav(page, 'Settings');
    const panel = consolePanel(page);
    await expect.poll(() => panel.getByRole('button', { name: 'Open developer console' }).isEnabled()).toBe(true);
    await shootInBothThemes(page, 'settings-developer-console');

    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      panel.getByRole('button', { name: 'Open developer console' }).click(),
    ]);
    consolePage = opened;
    opened.on('pageerror', (e) => consoleErrors.push(e.message));
    await opened.waitForURL(`${app.sandbox.url}/sandbox/console`);
    expect(await opened.title()).toMatch(/developer console/i);
    // The app's page stays where it was, and holds no handle on the console (noopener).
    expect(page.url()).toContain(app.mode.host.origin);
  });

  it.skipIf(!keychain)('outside the sandbox the button is disabled, and says why', async () => {
    const { page } = app;
    // Through the page's own api, as Settings' forms call it.
    const invoke = (channel: string, input: unknown) =>
      page.evaluate(`window.api.invoke(${JSON.stringify(channel)}, ${JSON.stringify(input)}).then((r) => ({ ok: r.ok }))`);
    const connection = { environment: 'custom', baseUrl: app.sandbox.url, authMode: 'password', userName: 'sandbox-api' };
    expect(await invoke('settings.setConnection', connection)).toMatchObject({ ok: true });
    expect(await invoke('settings.setCredential', { environment: 'custom', kind: 'password', secret: 'sandbox-pass' })).toMatchObject({
      ok: true,
    });
    expect(await invoke('settings.updateGeneral', { environment: 'custom' })).toMatchObject({ ok: true });
    try {
      const panel = consolePanel(page);
      const button = panel.getByRole('button', { name: 'Open developer console' });
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await panel.textContent()).toContain('Available while the app works in the sandbox; it is working in Custom address now.');
      await screenshot(page, 'settings-developer-console-elsewhere');
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await invoke('settings.updateGeneral', { environment: 'sandbox' });
    }
    await expect.poll(() => consolePanel(page).getByRole('button', { name: 'Open developer console' }).isEnabled()).toBe(true);
  });
  /** The console's page, opened by the first test. */
  const consoleOpen = (): Page => {
    if (!consolePage) throw new Error('the console was not opened from Settings');
    return consolePage;
  };
  const consoleTab = (name: string) => consoleOpen().getByRole('tab', { name }).click();
  /** The app's order look-up, as an operator types it. */
  async function lookUp(query: string) {
    await nav(app.page, 'Orders');
    const box = app.page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
  }
  /** The order's id, which the console lists, from the sandbox's own list by its number. */
  async function orderIdOf(orderNumber: string): Promise<string> {
    const { orders } = await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`);
    const [order] = orders as { orderId: string }[];
    if (!order) throw new Error(`no order ${orderNumber} in the sandbox`);
    return order.orderId;
  }

  let charged: { orderNumber: string; orderId: string } | undefined;

  it("shows a charge made in the app's Charges workspace in the console's request list within a second", async () => {
    const page = app.page;
    const console = consoleOpen();
    await consoleTab('Requests');
    await expect.poll(() => console.locator('#live-status').textContent()).toBe('Live');

    await nav(page, 'Charges');
    await page.getByRole('textbox', { name: 'Client ID' }).fill('client-anna');
    await page.getByRole('button', { name: 'Find cards' }).click();
    await page.getByRole('button', { name: 'Choose common card 444455******3333' }).click();
    const outcome = await chargeChosenCard(page, '42.50');
    await outcome.waitFor();
    // From the moment the app shows its answer, the console has a second to show the payment request.
    const answeredAt = Date.now();
    await expect.poll(() => outcome.getByRole('heading').textContent()).toBe('Charged');
    const orderNumber = ((await outcome.locator('dd .mono').first().textContent()) ?? '').trim();
    const orderId = await orderIdOf(orderNumber);
    const row = console.getByTestId('request-row').filter({ hasText: 'paymentOrderBinding.do' }).filter({ hasText: orderId });
    await row.first().waitFor({ state: 'visible', timeout: Math.max(1, 1_000 - (Date.now() - answeredAt)) });
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
    expect(await row.first().textContent()).toContain('200');
    // Its parameters, with the card data redacted (the binding is the card here; no PAN is ever sent).
    await row.first().getByRole('button', { name: 'paymentOrderBinding.do' }).click();
    const detail = console.getByRole('complementary', { name: 'Selected request' });
    await expect.poll(() => detail.textContent()).toContain(orderId);
    expect(await detail.textContent()).not.toContain('sandbox-pass');
    charged = { orderNumber, orderId };
    for (const scheme of ['light', 'dark'] as const) {
      await console.emulateMedia({ colorScheme: scheme });
      await screenshot(console, `console-from-app-requests-${scheme}`);
      expect(await accessibilityProblems(console)).toEqual([]);
    }
    await console.emulateMedia({ colorScheme: 'light' });
  });

  it("makes the app's next look-up fail the way the fault armed in the console says", async () => {
    const page = app.page;
    const console = consoleOpen();
    await consoleTab('Faults');
    const form = console.getByRole('form', { name: 'Arm a fault' });
    await form.getByLabel('Endpoint', { exact: true }).selectOption('/payment/rest/getOrderStatusExtended.do');
    await form.getByLabel('Mode').selectOption('status');
    await form.getByLabel('Requests affected (0 = every one)').fill('0');
    await form.getByLabel('HTTP status').selectOption('503');
    await form.getByRole('button', { name: 'Arm fault' }).click();
    const rule = console.getByTestId('fault-row').filter({ hasText: 'getOrderStatusExtended.do' });
    await rule.waitFor();
    // What the console says the rule does, and the status it names.
    const sentence = (await rule.locator('td').nth(1).textContent()) ?? '';
    expect(sentence).toMatch(/^Every request to getOrderStatusExtended\.do answers HTTP 503/);
    const status = /HTTP (\d{3})/.exec(sentence)![1];

    try {
      await lookUp(charged?.orderNumber ?? 'demo-0001');
      const alert = page.getByRole('alert').filter({ hasText: 'failed' });
      await expect.poll(() => alert.innerText()).toContain(`The gateway is not answering (HTTP ${status}). Nothing was changed.`);
      await alert.getByText('Details', { exact: true }).click();
      await expect.poll(() => alert.locator('details code').innerText()).toBe(`getOrderStatusExtended.do answered HTTP ${status}`);
      // The console counts what it did to the app's requests.
      await expect.poll(async () => Number(await rule.locator('td').nth(3).textContent())).toBeGreaterThan(0);
      await screenshot(page, 'console-from-app-lookup-503');
      for (const scheme of ['light', 'dark'] as const) {
        await console.emulateMedia({ colorScheme: scheme });
        await screenshot(console, `console-from-app-faults-${scheme}`);
        expect(await accessibilityProblems(console)).toEqual([]);
      }
      await console.emulateMedia({ colorScheme: 'light' });
    } finally {
      await rule.getByRole('button', { name: /^Remove rule/ }).click();
      await expect.poll(() => console.getByTestId('fault-row').count()).toBe(0);
    }
    // With the rule removed, the same look-up works again.
    await lookUp(charged?.orderNumber ?? 'demo-0001');
    await expect.poll(() => page.getByRole('article').getByRole('heading', { level: 2 }).textContent()).toContain('Order ');
  });

  it("shows an order refunded from the console's Orders tab as refunded in the app's order view", async () => {
    if (!charged) throw new Error('the charge of the first test is needed');
    const page = app.page;
    const console = consoleOpen();
    await consoleTab('Orders');
    await console.getByRole('searchbox', { name: 'Search' }).fill(charged.orderNumber);
    const row = console.getByTestId('order-row').filter({ hasText: charged.orderId });
    await row.getByRole('button', { name: charged.orderNumber }).click();
    const detail = console.getByRole('complementary', { name: 'Selected order' });
    await detail.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect.poll(() => detail.textContent()).toMatch(/Refund: done\. The order is now refunded/i);
    for (const scheme of ['light', 'dark'] as const) {
      await console.emulateMedia({ colorScheme: scheme });
      await screenshot(console, `console-from-app-orders-${scheme}`);
      expect(await accessibilityProblems(console)).toEqual([]);
    }
    await console.emulateMedia({ colorScheme: 'light' });

    await lookUp(charged.orderNumber);
    const order = page.getByRole('article');
    await expect.poll(() => order.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${charged.orderNumber}`);
    await expect.poll(() => order.locator('.order-head .badge').first().textContent()).toBe('Refunded · 4');
    // The amounts row and the timeline both say the whole charge came back (Intl puts a no-break space after RUB).
    expect(await order.textContent()).toMatch(/RefundedRUB\s42\.50/);
    expect(await order.locator('.timeline').textContent()).toMatch(/Refunded RUB\s42\.50/);
    await screenshot(page, 'console-from-app-refunded-in-app');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
