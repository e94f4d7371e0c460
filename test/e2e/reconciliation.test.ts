/**
 * The reconciliation report in Chromium (issue 14's acceptance), in browser mode over the embedded sandbox
 * with its demo data: a charge made in the Charges workspace on a demo client's stored card is then refunded
 * at the gateway behind the app's back, and an order numbered the app's way is paid at the gateway without
 * the app; a storefront's order paid at the gateway is refunded in part by the app. The report of today finds
 * the first "disagrees" in words, the second "not in journal" and the storefront's "matched"; the totals
 * (what moved, per currency) and the filter agree with the table, the export matches the table row by row, a row opens its
 * order, a failed sync is said above the report, and support is not offered the workspace nor let through
 * by main. Screenshots in both themes, axe clean.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, paidOrder } from '../sandbox/client.js';
import { common as ruCommon } from '../../renderer/src/i18n/ru/common.js';
import { reconciliation as ruReconciliation } from '../../renderer/src/i18n/ru/reconciliation.js';
import { Vault } from '../../main/vault/vault.js';
import {
  accessibilityProblems,
  appInBrowser,
  browserMissing,
  chargeChosenCard,
  connectEnvironment,
  inRussian,
  invokeInPage,
  shootAtSmallSizes,
  shootInBothThemes,
  addPerson,
  signInAs,
} from './browser.js';

// The role profile lives in the OS keychain: `npm test` provides gnome-keyring in a private D-Bus session.
const keychain = process.env.KEYCHAIN_TESTS === '1';
if (!keychain) console.log('reconciliation UI tests skipped: no gnome-keyring session (run them through npm test)');

describe.runIf(keychain && !browserMissing())('The reconciliation report in the browser', { timeout: 120_000 }, () => {
  // Its own keychain service: the test environment's password it stores is no other file's business.
  const app = appInBrowser(() => ({ vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) }));
  let charged: { orderNumber: string; orderId: string };
  /** Paid at the gateway under a number the app could have made, never journalled. */
  const stranger = {
    orderNumber: `BO-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(8).toString('hex')}`,
    orderId: '',
  };
  /** A storefront's order (its own number), paid at the gateway, then refunded in part by the app. */
  const storefront = { orderNumber: `WEB-${randomBytes(6).toString('hex')}`, orderId: '' };

  beforeAll(async () => {
    await control(app.sandbox, 'POST', '/seed', { demo: true });
    // Seeding the demo history takes a while on a shared machine.
  }, 60_000);

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
  });

  const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name, exact: true });
  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button').allTextContents();
  const invoke = invokeInPage;
  const rows = (page: Page) => page.locator('.reconciliation-table tbody tr');
  const row = (page: Page, orderNumber: string) => page.locator(`.reconciliation-table tbody tr[data-order-number="${orderNumber}"]`);

  /** Runs the test while the gateway's listing of orders fails as the rule says; the rule is removed after it, whatever happened. */
  async function whileListingFails(rule: Record<string, unknown>, test: () => Promise<void>) {
    await control(app.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', ...rule, count: 0 }] });
    try {
      await test();
    } finally {
      await control(app.sandbox, 'DELETE', '/faults');
    }
  }

  async function runToday(page: Page) {
    await nav(page, 'Reconciliation').click();
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Today' });
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.locator('.reconciliation-table').waitFor({ timeout: 30_000 });
  }

  it('charges a demo client’s stored card in the Charges workspace', async () => {
    const { page } = app;
    await nav(page, 'Charges').click();
    await page.getByRole('textbox', { name: 'Client ID' }).fill('client-hugo');
    await page.getByRole('button', { name: 'Find cards' }).click();
    await page
      .getByRole('button', { name: /^Choose common card/ })
      .first()
      .click();
    const outcome = await chargeChosenCard(page, '30');
    await expect.poll(() => outcome.getByRole('heading').textContent()).toBe('Charged');
    const orderNumber = (await outcome.locator('dd .mono').first().textContent()) ?? '';
    const { orders } = await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`);
    const [order] = orders as { orderId: string; status: number; amount: number }[];
    expect(order).toMatchObject({ status: 2, amount: 3_000 });
    charged = { orderNumber, orderId: order!.orderId };
  });

  it('finds the charge refunded behind the app’s back "disagrees", and the order it never made "not in journal"', async () => {
    const { page } = app;
    const refund = await control(app.sandbox, 'POST', `/orders/${charged.orderId}/actions`, { action: 'refund' });
    expect(refund.order ?? refund).toMatchObject({ status: 4 });
    stranger.orderId = await paidOrder(app.sandbox, { orderNumber: stranger.orderNumber, amount: 12_345 });
    storefront.orderId = await paidOrder(app.sandbox, { orderNumber: storefront.orderNumber, amount: 8_000 });
    const refunded = await invoke(page, 'orders.refund', { environment: 'sandbox', orderId: storefront.orderId, amount: 300 });
    expect(refunded).toMatchObject({ ok: true, value: { outcome: 'done' } });

    await runToday(page);
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/The gateway’s orders were read just before the report/);
    const disagrees = row(page, charged.orderNumber);
    expect(await disagrees.getAttribute('data-class')).toBe('disagrees');
    expect(await disagrees.locator('[data-side="journal"]').textContent()).toMatch(/^charged RUB\s30\.00/);
    expect(await disagrees.locator('[data-side="gateway"]').textContent()).toMatch(/^refunded RUB\s30\.00status 4/);
    const differences = await disagrees.locator('[data-side="differences"] li').allTextContents();
    expect(differences.map((d) => d.replace(/\s/g, ' '))).toEqual([
      'Journal: charged RUB 30.00; gateway: refunded RUB 30.00',
      'Refunded: journal RUB 0.00; gateway RUB 30.00',
    ]);
    const missing = row(page, stranger.orderNumber);
    expect(await missing.getAttribute('data-class')).toBe('notInJournal');
    expect(await missing.locator('[data-side="journal"]').textContent()).toBe('no charge');
    expect((await missing.locator('[data-side="differences"]').textContent())?.replace(/\s/g, ' ')).toBe(
      'Gateway: charged RUB 123.45; journal: no charge under this number',
    );

    // What the app did to the storefront's order is in the report too, held against what the gateway shows.
    const operated = row(page, storefront.orderNumber);
    expect(await operated.getAttribute('data-class')).toBe('matched');
    expect((await operated.locator('[data-side="journal"]').textContent())?.replace(/\s/g, ' ')).toMatch(
      /^refunded RUB 3\.00 \(an order the app did not charge\)1 done, 0 refused, 0 without an outcome yet/,
    );
    expect((await operated.locator('[data-side="gateway"]').textContent())?.replace(/\s/g, ' ')).toMatch(
      /^charged RUB 80\.00, refunded RUB 3\.00status 2/,
    );

    // The totals are the table's: per class, the count of its rows and what moved on them.
    const classes = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-class')));
    for (const [cls, count] of [
      ['matched', 1],
      ['disagrees', 1],
      ['open', 0],
    ] as const) {
      expect(await page.locator(`.reconciliation-totals tr[data-class="${cls}"] [data-total="count"]`).textContent()).toBe(String(count));
      expect(classes.filter((c) => c === cls).length).toBe(count);
    }
    const total = async (cls: string, figure: string) =>
      (await page.locator(`.reconciliation-totals tr[data-class="${cls}"] [data-total="${figure}"]`).textContent())?.replace(/\s/g, ' ');
    expect(await total('disagrees', 'captured')).toBe('RUB 30.00');
    expect(await total('disagrees', 'refunded')).toBe('RUB 30.00');
    expect(await total('disagrees', 'net')).toBe('RUB 0.00');
    expect(await total('matched', 'captured')).toBe('RUB 80.00');
    expect(await total('matched', 'refunded')).toBe('RUB 3.00');
    expect(await total('matched', 'net')).toBe('RUB 77.00');
    expect(await total('matched', 'held')).toBe('–');
    const notInJournal = classes.filter((c) => c === 'notInJournal').length;
    expect(notInJournal).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.reconciliation-totals tr[data-class="notInJournal"] [data-total="count"]').textContent()).toBe(
      String(notInJournal),
    );

    // At 1280 px every column is in view, Actions included: nothing to scroll sideways for.
    const scroller = page.locator('.reconciliation-table').locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shootInBothThemes(page, 'reconciliation-report');

    // The filter shows one class only.
    await page.getByRole('group', { name: 'Show the rows of' }).getByRole('button', { name: 'Disagrees (1)' }).click();
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-order-number')))).toEqual([charged.orderNumber]);
    await page.getByRole('group', { name: 'Show the rows of' }).getByRole('button', { name: /^All/ }).click();
    await expect.poll(() => rows(page).count()).toBe(classes.length);
  });

  it('exports exactly what the table shows, row by row', async () => {
    const { page } = app;
    const table = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-class'), tr.getAttribute('data-order-number')]),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export CSV/ }).click()]);
    const exported = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(exported.map((r) => [r.class, r.orderNumber])).toEqual(table);
    // Each row's figures are the table's: the journal's amount and the gateway's status, in RUB (643) here.
    const rub = (minor: string) => `RUB ${(Number(minor) / 100).toFixed(2)}`;
    for (const line of exported) {
      const shown = row(page, line.orderNumber!);
      const journal = ((await shown.locator('[data-side="journal"]').textContent()) ?? '').replace(/\s/g, ' ');
      const gateway = ((await shown.locator('[data-side="gateway"]').textContent()) ?? '').replace(/\s/g, ' ');
      if (line.journalAmount) expect(journal).toContain(rub(line.journalAmount));
      else if (line.journal === 'operations')
        expect(journal).toContain(`refunded ${rub(line.journalRefunded!)} (an order the app did not charge)`);
      else expect(journal).toBe('no charge');
      if (line.gatewayStatus) expect(gateway).toContain(`status ${line.gatewayStatus},`);
      else expect(gateway).toBe('no order');
      if (line.gatewayStatus === '4') expect(gateway).toContain(`refunded ${rub(line.gatewayRefunded!)}`);
    }
    expect(exported.find((r) => r.orderNumber === charged.orderNumber)).toMatchObject({
      class: 'disagrees',
      orderId: charged.orderId,
      differences: 'status:1|2>4 refunded:0>3000',
      journalState: 'PAID',
      journalAmount: '3000',
      journalCurrency: '643',
      gatewayStatus: '4',
      gatewayRefunded: '3000',
    });
    expect(exported.find((r) => r.orderNumber === storefront.orderNumber)).toMatchObject({
      class: 'matched',
      orderId: storefront.orderId,
      journal: 'operations',
      journalRefunded: '300',
      operator: expect.any(String),
      gatewayStatus: '2',
      gatewayCaptured: '8000',
      gatewayRefunded: '300',
    });
    expect(exported.find((r) => r.orderNumber === stranger.orderNumber)).toMatchObject({
      class: 'notInJournal',
      orderId: stranger.orderId,
      journalState: '',
      gatewayStatus: '2',
      gatewayAmount: '12345',
      gatewayCurrency: '643',
    });
  });

  it('reads the same in Russian, at 1280x720 and 1024x640, axe clean', async () => {
    const { page } = app;
    await shootAtSmallSizes(page, 'reconciliation-operations-en');
    // Chosen in Settings as a person does; the report on screen stays and is read in the language chosen.
    // The navigation's own name is in the language shown too.
    await inRussian(page, { en: 'Reconciliation', ru: ruCommon.nav.reconciliation }, async () => {
      const operated = row(page, storefront.orderNumber);
      expect(await operated.getAttribute('data-class')).toBe('matched');
      expect((await operated.locator('[data-side="journal"]').textContent())?.replace(/\s/g, ' ')).toMatch(
        /^возвращено 3,00 RUB \(заказ, который приложение не списывало\)выполнено: 1, отклонено: 0, без результата: 0/,
      );
      expect(await page.locator('.reconciliation-totals thead').textContent()).toContain(ruReconciliation.column.captured);
      await shootAtSmallSizes(page, 'reconciliation-operations-ru');
    });
  });

  it('opens a row’s order in Orders, and keeps the report for when finance comes back', async () => {
    const { page } = app;
    await row(page, charged.orderNumber)
      .getByRole('button', { name: `Open order ${charged.orderNumber}` })
      .click();
    const order = page.getByRole('article');
    await expect.poll(() => order.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${charged.orderNumber}`);
    await expect.poll(() => order.textContent()).toContain('Refunded');
    await nav(page, 'Reconciliation').click();
    expect(await row(page, charged.orderNumber).getAttribute('data-class')).toBe('disagrees');
  });

  it('says so when the charge journal changes after the report, until it is run again', async () => {
    const { page } = app;
    const changed = page.locator('.journal-changed');
    expect(await changed.count()).toBe(0);
    const { bindings } = await control(app.sandbox, 'GET', '/bindings?clientId=client-hugo');
    const [binding] = bindings as { bindingId: string }[];
    const answer = await invoke(page, 'charges.create', {
      environment: 'sandbox',
      clientId: 'client-hugo',
      bindingId: binding!.bindingId,
      category: 'COMMON',
      amount: 5_200,
      currency: '643',
    });
    expect(answer.ok).toBe(true);
    const orderNumber = (answer.value as { charge: { orderNumber: string } }).charge.orderNumber;
    await expect.poll(() => changed.textContent()).toMatch(/^The charge journal has changed since this report was run/);
    expect(await changed.getAttribute('role')).toBe('status');
    await page.getByRole('button', { name: 'Run the report' }).click();
    await expect.poll(() => row(page, orderNumber).getAttribute('data-class'), { timeout: 30_000 }).toBe('matched');
    expect(await changed.count()).toBe(0);
  });

  it('says plainly when the gateway could not be read before the report, and as of when its side is', async () => {
    const { page } = app;
    await whileListingFails({ mode: 'status', status: 503 }, async () => {
      await page.getByRole('button', { name: 'Run the report' }).click();
      const notice = page.locator('.sync-notice');
      await expect
        .poll(() => notice.textContent(), { timeout: 30_000 })
        .toMatch(/The gateway’s orders could not be read before this report\./);
      expect(await notice.getAttribute('role')).toBe('alert');
      expect(await notice.textContent()).toMatch(
        // The moment in the one format English dates take everywhere, to the second.
        /The gateway side is as of the last complete reading, at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M; anything that changed/,
      );
      // The rows are still there, compared with the orders as the last sync read them.
      expect(await row(page, charged.orderNumber).getAttribute('data-class')).toBe('disagrees');
      await shootInBothThemes(page, 'reconciliation-sync-failed');
    });
    expect(app.mode.core.audit.query({ action: 'reconciliation.run' })[0]).toMatchObject({ outcome: 'failure' });
  });

  it('stops reading the gateway on request, and says the gateway side is then as of the last complete reading', async () => {
    const { page } = app;
    await whileListingFails({ mode: 'latency', latencyMs: 2_000 }, async () => {
      await page.getByRole('button', { name: 'Run the report' }).click();
      await page.getByRole('button', { name: 'Stop reading the gateway' }).click();
      await expect
        .poll(() => page.locator('.sync-notice').textContent(), { timeout: 30_000 })
        .toMatch(
          /^The gateway’s orders were not read to the end \(the reading was cancelled\) before this report\. The gateway side is as of/,
        );
      expect(await page.getByRole('button', { name: 'Stop reading the gateway' }).count()).toBe(0);
    });
    expect(app.mode.core.audit.query({ action: 'reconciliation.run' })[0]).toMatchObject({
      outcome: 'failure',
      facts: { sync: 'cancelled' },
    });
  });

  it('checks a custom period as it is chosen, and runs it', async () => {
    const { page } = app;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom' });
    const run = page.getByRole('button', { name: 'Run the report' });
    expect(await run.isDisabled()).toBe(true);
    await page.getByLabel('First day').fill(today);
    await page.getByLabel('Last day').fill(yesterday);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The last day is before the first' }).count()).toBe(1);
    expect(await page.getByLabel('Last day').getAttribute('aria-invalid')).toBe('true');
    expect(await run.isDisabled()).toBe(true);
    await page.getByLabel('First day').fill(yesterday);
    await page.getByLabel('Last day').fill(today);
    expect(await run.isEnabled()).toBe(true);
    await run.click();
    await expect.poll(() => page.locator('.report h2').textContent(), { timeout: 30_000 }).toMatch(/ – .* in sandbox$/);
    expect(await row(page, charged.orderNumber).getAttribute('data-class')).toBe('disagrees');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Today' });
  });

  it('offers the charge journal’s reconcile on an open row, then shows the row as the gateway settled it', async () => {
    const { page } = app;
    const { bindings } = await control(app.sandbox, 'GET', '/bindings?clientId=client-hugo');
    const [binding] = bindings as { bindingId: string }[];
    // The gateway charges the card, and its answer is lost on the way back: the journal does not know.
    await control(app.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
    let lost: { orderNumber: string };
    try {
      const answer = (await invoke(page, 'charges.create', {
        environment: 'sandbox',
        clientId: 'client-hugo',
        bindingId: binding!.bindingId,
        category: 'COMMON',
        amount: 4_100,
        currency: '643',
      })) as { ok: boolean; value: { outcome: string; charge: { orderNumber: string } } };
      expect(answer.value.outcome).toBe('unknown');
      lost = answer.value.charge;
    } finally {
      await control(app.sandbox, 'DELETE', '/faults');
    }

    await page.getByRole('button', { name: 'Run the report' }).click();
    const open = row(page, lost.orderNumber);
    await expect.poll(() => open.getAttribute('data-class'), { timeout: 30_000 }).toBe('open');
    expect(await page.locator('.sync-notice').count()).toBe(0);
    expect((await open.locator('[data-side="differences"]').textContent())?.replace(/\s/g, ' ')).toBe(
      'Journal: outcome unknown, RUB 41.00; Reconcile asks the gateway what happened',
    );
    expect(await page.locator('.reconciliation-totals tr[data-class="open"] [data-total="count"]').textContent()).toBe('1');
    await shootInBothThemes(page, 'reconciliation-open');

    await open.getByRole('button', { name: `Reconcile ${lost.orderNumber}` }).click();
    // Settled as paid, and the report run again: the row is now what the gateway shows.
    await expect.poll(() => open.getAttribute('data-class'), { timeout: 30_000 }).toBe('matched');
    expect(await open.locator('[data-side="journal"]').textContent()).toMatch(/^charged RUB\s41\.00/);
    expect(await page.locator('.reconciliation-totals tr[data-class="open"] [data-total="count"]').textContent()).toBe('0');
    // The settlement is in the report run after it: nothing to say about a change since.
    expect(await page.locator('.journal-changed').count()).toBe(0);
  });

  it('does not show a report of one environment once the app works in another', async () => {
    const { page } = app;
    expect(await rows(page).count()).toBeGreaterThan(0);
    await nav(page, 'Settings').click();
    await connectEnvironment(page, 'Test environment', /Gateway test environment/);
    const switchTo = async (environment: string) => {
      await page.getByLabel('Work in').selectOption(environment);
      await page.getByRole('button', { name: 'Switch', exact: true }).click();
      await expect.poll(() => page.getByLabel(`Environment: ${environment}`).count()).toBe(1);
    };
    await switchTo('test');
    await nav(page, 'Reconciliation').click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The last report was run in' }).textContent())
      .toBe('The last report was run in sandbox; the app now works in test. Run it again for this one.');
    expect(await page.locator('.reconciliation-table').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Export CSV/ }).count()).toBe(0);
    await nav(page, 'Settings').click();
    await switchTo('sandbox');
    await nav(page, 'Reconciliation').click();
    expect(await row(page, charged.orderNumber).getAttribute('data-class')).toBe('disagrees');
  });

  it('is not offered to support, and main refuses support the report even from the page', async () => {
    const { page } = app;
    await signInAs(page, await addPerson(app.mode, 'support-reconciles', 'support'));
    await expect.poll(() => navigation(page)).toEqual(['Orders', 'Customers']);
    // The report on screen went with the workspace, and its shortcut opens nothing.
    expect(await page.locator('nav [aria-current="page"]').textContent()).toBe('Orders');
    await page.keyboard.press('Alt+7');
    expect(await page.locator('nav [aria-current="page"]').textContent()).toBe('Orders');
    expect(await page.getByRole('heading', { name: 'Reconciliation' }).count()).toBe(0);
    const window = { from: Date.now() - 86_400_000, to: Date.now() };
    expect(await invoke(page, 'period.reconcile', window)).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    await signInAs(page, await addPerson(app.mode, 'finance-reconciles', 'finance'));
    await expect.poll(() => navigation(page)).toContain('Reconciliation');
    expect(await navigation(page)).not.toContain('Settings');
  });
});
