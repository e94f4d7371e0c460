/**
 * Role profiles in the browser (issue 5's acceptance), in Chromium through browser mode against the
 * embedded sandbox and the real keychain: the administrator of a fresh installation sets a passphrase
 * and switches to support; support is offered Orders only, still looks orders up, is not offered the
 * refund, and cannot reach the charge channel even by calling the api from the page (nothing is charged,
 * the refusal is audited); a wrong passphrase is refused in the dialog in words, the right one brings
 * administrator back, and the same charge then goes through. Screenshots of the profile dialog and the
 * support view in light and dark, and axe on each.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, invokeInPage, screenshot, useTheme } from './browser.js';

// The profile lives in the OS keychain: `npm test` provides gnome-keyring in a private D-Bus session.
const keychain = process.env.KEYCHAIN_TESTS === '1';
if (!keychain) console.log('role profile UI tests skipped: no gnome-keyring session (run them through npm test)');

const PASSPHRASE = 'the quick brown fox at the back office';
const WORKSPACES = ['Orders', 'Stored cards', 'Charges', 'Signing keys', 'Audit', 'Settings', 'Reconciliation', 'Customers'];

describe.runIf(keychain && !browserMissing())('Role profiles in the browser', { timeout: 90_000 }, () => {
  const app = appInBrowser();
  const clientId = uniqueNumber('roles-client');
  const paid = { orderNumber: uniqueNumber('roles-paid'), orderId: '' };
  /** The charge support tries: a real card of a real client, valid in every field. */
  let charge: Record<string, unknown>;

  beforeAll(async () => {
    paid.orderId = await paidOrder(app.sandbox, { orderNumber: paid.orderNumber, amount: 4_200 });
    const seeded = await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', pan: '4111111111111111' }] });
    const [binding] = seeded.bindings as { bindingId: string }[];
    charge = {
      environment: 'sandbox',
      clientId,
      bindingId: binding!.bindingId,
      category: 'COMMON',
      amount: 1_500,
      currency: '643',
      reference: uniqueNumber('roles-charge'),
    };
  });

  const profileButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Profile: / });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Role profile' });
  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button').allTextContents();
  async function lookUp(page: Page, query: string) {
    const box = page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
    await expect.poll(() => page.getByRole('article').getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${paid.orderNumber}`);
  }
  /** The page's own window.api, as any script in the page could call it (a string: the tests have no DOM types). */
  const invoke = invokeInPage;
  const ordersNumbered = async (orderNumber: string) =>
    (await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`)).orders as { status: number }[];

  it('lets the administrator of a fresh installation set a passphrase, then switch to support', async () => {
    const { page } = app;
    await useTheme(page, 'light');
    expect(await profileButton(page).textContent()).toBe('Profile: Administrator');
    expect(await navigation(page)).toEqual(WORKSPACES);

    await profileButton(page).click();
    const d = dialog(page);
    expect(await d.getByRole('note').textContent()).toMatch(/No passphrase is set yet/);
    expect(await d.getByRole('button', { name: /^Switch to/ }).count()).toBe(0);
    await d.getByLabel('New passphrase', { exact: true }).fill('too short');
    await expect.poll(() => d.getByRole('alert').textContent()).toBe('At least 12 characters');
    await d.getByLabel('New passphrase', { exact: true }).fill(PASSPHRASE);
    await d.getByLabel('New passphrase again').fill(PASSPHRASE);
    await d.getByRole('button', { name: 'Set the passphrase' }).click();
    await expect.poll(() => d.getByRole('status').textContent()).toMatch(/The passphrase is set/);

    // Now the profile can change; support is offered first, with what each profile may do.
    const support = d.getByRole('radio', { name: 'Support' });
    expect(await support.isChecked()).toBe(true);
    expect(await d.textContent()).toContain('Looks up orders, one at a time or in batches.');
    await d.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await screenshot(page, 'roles-dialog-light');
    expect(await accessibilityProblems(page)).toEqual([]);
    await d.getByRole('button', { name: 'Switch to Support' }).click();

    await expect.poll(() => profileButton(page).textContent()).toBe('Profile: Support');
    expect(await d.isVisible()).toBe(false);
    expect(app.mode.core.audit.query({ action: 'role.change', outcome: 'success' })[0]?.detail).toBe('from administrator to support');
  });

  it('offers support the Orders and Customers workspaces only, by the navigation and by the shortcuts', async () => {
    const { page } = app;
    await expect.poll(() => navigation(page)).toEqual(['Orders', 'Customers']);
    for (const key of ['Alt+2', 'Alt+3', 'Alt+6']) {
      await page.keyboard.press(key);
      expect(await page.locator('nav [aria-current="page"]').textContent()).toBe('Orders');
    }
    expect(await page.getByRole('heading', { name: 'Settings' }).count()).toBe(0);
  });

  it('lets support look an order up, without offering what it may not do', async () => {
    const { page } = app;
    await lookUp(page, paid.orderNumber);
    const order = page.getByRole('article');
    expect(await order.textContent()).toContain('Paid');
    expect(await page.getByRole('button', { name: /^(Refund|Reverse|Charge held amount)…$/ }).count()).toBe(0);
    for (const wanted of ['light', 'dark'] as const) {
      await useTheme(page, wanted);
      await screenshot(page, `roles-support-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
  });

  it('refuses support the charge channel even when the page calls the api itself: nothing is charged, the refusal is audited', async () => {
    const { page } = app;
    const answer = await invoke(page, 'charges.create', charge);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        said: [{ code: 'ipc.profileCannot', params: { role: 'support', channel: 'charges.create' } }],
        message: 'The support profile cannot use charges.create; an administrator can change the profile.',
      },
    });
    expect(await ordersNumbered(charge.reference as string)).toEqual([]);
    expect(app.mode.core.audit.query({ action: 'access' })[0]).toMatchObject({
      outcome: 'refused',
      objectType: 'channel',
      objectId: 'charges.create',
      detail: 'profile support',
    });
    // Nor can the page set the passphrase, or refund the order it can see.
    expect(await invoke(page, 'roles.setPassphrase', { current: PASSPHRASE, next: 'a takeover passphrase' })).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect(await invoke(page, 'orders.refund', { environment: 'sandbox', orderId: paid.orderId, amount: 100 })).toMatchObject({
      error: { code: 'forbidden' },
    });
  });

  it('refuses a wrong passphrase in the dialog in words, and the right one brings administrator back', async () => {
    const { page } = app;
    await profileButton(page).click();
    const d = dialog(page);
    // Only an administrator sets the passphrase.
    expect(await d.getByRole('button', { name: /passphrase$/ }).count()).toBe(0);
    expect(await d.getByRole('radio', { name: 'Administrator' }).isChecked()).toBe(true);
    await d.getByLabel('Passphrase', { exact: true }).fill('not the passphrase, surely');
    await d.getByRole('button', { name: 'Switch to Administrator' }).click();
    await expect.poll(() => d.getByRole('alert').textContent()).toBe('That passphrase is not the right one; the profile stays support.');
    expect(await d.getByLabel('Passphrase', { exact: true }).inputValue()).toBe('');
    expect(await profileButton(page).textContent()).toBe('Profile: Support');
    await screenshot(page, 'roles-dialog-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(app.mode.core.audit.query({ action: 'role.change', outcome: 'refused' })[0]?.detail).toBe(
      'to administrator: wrong passphrase (1 in a row)',
    );

    await d.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await d.getByRole('button', { name: 'Switch to Administrator' }).click();
    await expect.poll(() => profileButton(page).textContent()).toBe('Profile: Administrator');
    await expect.poll(() => navigation(page)).toEqual(WORKSPACES);
    await page.getByRole('button', { name: 'Refund…' }).waitFor();
    // The page's audit log is open to the administrator again, and shows the refusal.
    await page.keyboard.press('Alt+5');
    expect(await page.locator('nav [aria-current="page"]').textContent()).toBe('Audit');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('charges.create');
    await useTheme(page, 'light');
  });

  it('lets the administrator change the passphrase, with the current one', async () => {
    const { page } = app;
    await profileButton(page).click();
    const d = dialog(page);
    // Changing the passphrase is rare: it waits behind a button.
    expect(await d.getByLabel('Current passphrase').count()).toBe(0);
    await screenshot(page, 'roles-dialog-administrator-light');
    expect(await accessibilityProblems(page)).toEqual([]);
    await d.getByRole('button', { name: 'Change the passphrase…' }).click();
    const current = d.getByLabel('Current passphrase');
    expect(await current.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    const changeTo = async (from: string, to: string) => {
      await current.fill(from);
      await d.getByLabel('New passphrase', { exact: true }).fill(to);
      await d.getByLabel('New passphrase again').fill(to);
      await d.getByRole('button', { name: 'Change the passphrase' }).click();
    };
    await changeTo('what the passphrase was not', `${PASSPHRASE}, renewed`);
    await expect
      .poll(() => d.getByRole('alert').textContent())
      .toBe('That passphrase is not the right one; the profile stays administrator.');
    await changeTo(PASSPHRASE, `${PASSPHRASE}, renewed`);
    await expect.poll(() => d.getByRole('status').textContent()).toBe('The passphrase is changed.');
    expect(app.mode.core.audit.query({ action: 'role.passphrase', outcome: 'success' })[0]?.detail).toBe('changed');
    await d.getByRole('button', { name: 'Close' }).click();
    expect(await d.isVisible()).toBe(false);
  });

  it('charges the same card once the profile allows it: the payload support sent was a valid one', async () => {
    const answer = await invoke(app.page, 'charges.create', charge);
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect((await ordersNumbered(charge.reference as string)).length).toBe(1);
  });
});
