/**
 * Four-eyes approvals (issue 29) in Chromium against the app's embedded sandbox: an administrator sets the
 * sandbox's refund threshold in RUB in Settings; a finance person's refund above it is not sent but awaits a
 * second person's approval, and her Approvals list offers her only to withdraw it; another finance person who
 * signs in at the same desk sees the navigation count it, approves it behind a confirmation that says what money
 * moves and where, and the order is refunded. A charge above its threshold waits likewise, with the reason
 * typed for the approver: withdrawn it is gone, approved it is charged once and its outcome shown as the Charges
 * form shows one. Screenshots, axe clean.
 */
import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { control, paidOrder, status, uniqueNumber } from '../sandbox/client.js';
import {
  accessibilityProblems,
  addPerson,
  ADMIN,
  appInBrowser,
  browserMissing,
  inRussian,
  invokeInPage,
  openWorkspace,
  screenshot,
  signInAs,
  type Credentials,
} from './browser.js';
import { englishLeft, overflowing } from './russianChecks.js';

describe.skipIf(browserMissing())('four-eyes approvals in the browser', { timeout: 180_000 }, () => {
  const app = appInBrowser();
  let alice: Credentials;
  let bob: Credentials;

  const navButton = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Approvals/ });
  const awaitingCount = (page: Page) => navButton(page).getByTestId('approvals-count');
  const requestRow = (page: Page) => page.getByRole('table', { name: 'Requests for approval' }).locator('tbody tr');

  async function lookUp(page: Page, query: string) {
    await openWorkspace(page, 'Orders');
    const box = page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
    await expect.poll(() => page.getByRole('article').getByRole('heading', { level: 2 }).first().textContent()).toContain(query);
  }

  it('a refund above the threshold waits for a second person, who approves it: then it is refunded', async () => {
    const { page } = app;
    alice = await addPerson(app.mode, 'alice-asks', 'finance', 'Alice Asks');
    bob = await addPerson(app.mode, 'bob-approves', 'finance', 'Bob Approves');
    const orderNumber = uniqueNumber('ui-four-eyes');
    const orderId = await paidOrder(app.sandbox, { orderNumber, amount: 4_200 });

    // The administrator: refunds in RUB above 10.00 need a second person in the sandbox.
    await openWorkspace(page, 'Settings');
    await page.getByRole('tab', { name: 'Currencies and limits' }).click();
    const thresholds = page
      .getByRole('region', { name: 'Currencies and per-charge maximums' })
      .locator('tr[data-threshold-currency="643"]');
    await expect.poll(() => thresholds.textContent()).toContain('None: no approval needed');
    await thresholds.getByLabel('New refund threshold in RUB').fill('10');
    await thresholds.getByRole('button', { name: 'Set RUB refund threshold' }).click();
    const setting = page.getByRole('dialog', { name: 'Change the RUB refund threshold in sandbox' });
    expect(await setting.textContent()).toMatch(/1,000 minor units of RUB/);
    await setting.getByRole('button', { name: /^Set it to RUB\s10\.00$/ }).click();
    await expect.poll(() => thresholds.locator('td[data-action="refund"] .threshold-now').textContent()).toMatch(/^RUB\s10\.00$/);
    expect(await thresholds.locator('td[data-action="charge"] .threshold-now').textContent()).toBe('None: no approval needed');
    await screenshot(page, 'approvals-threshold-set');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Alice refunds 20.00 of 42.00: nothing is sent, it awaits approval.
    await signInAs(page, alice);
    await lookUp(page, orderNumber);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund' });
    await refund.getByLabel('Amount in RUB').fill('20');
    await refund.getByLabel('Reason (optional)').fill('goods returned');
    await refund.getByRole('button', { name: /^Refund RUB\s20\.00$/ }).click();
    const awaiting = page.getByRole('status').filter({ hasText: 'Not sent: this awaits a second person’s approval' });
    await expect.poll(() => awaiting.count(), { timeout: 30_000 }).toBe(1);
    expect(await awaiting.textContent()).toContain('Nothing was sent to the gateway');
    expect(await refund.count()).toBe(0);
    expect((await status(app.sandbox, { orderId })).refunds ?? []).toHaveLength(0);
    await screenshot(page, 'approvals-refund-awaits');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Her own request: hers to withdraw, never to approve; nothing awaits her.
    await awaiting.getByRole('button', { name: 'Open Approvals' }).click();
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    await expect.poll(() => requestRow(page).count()).toBe(1);
    const own = requestRow(page).first();
    expect(await own.textContent()).toMatch(/Refund.*RUB\s20\.00.*Alice Asks.*you.*goods returned.*Awaits approval.*Expires in 23 hours/s);
    expect(await own.getByRole('button').allTextContents()).toEqual(['Withdraw']);
    expect(await awaitingCount(page).count()).toBe(0);
    await screenshot(page, 'approvals-own-request');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Bob at the same desk: the navigation counts it, and he approves it.
    await signInAs(page, bob);
    await expect
      .poll(
        () =>
          page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: 'Approvals 1 awaits your approval' }).count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    expect(await awaitingCount(page).textContent()).toMatch(/^1/);
    await navButton(page).click();
    await expect.poll(() => requestRow(page).count()).toBe(1);
    const theirs = requestRow(page).first();
    expect(await theirs.getByRole('button').allTextContents()).toEqual(['Approve…', 'Decline']);
    await theirs.getByRole('button', { name: /^Approve request \d+$/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the refund' });
    expect(await approve.textContent()).toMatch(/Approving gives RUB\s20\.00 back to the card of order .+ in sandbox, now, as yours\./);
    expect(await approve.textContent()).toContain('Sandbox (simulated: no real money)');
    expect(await approve.textContent()).toContain('Alice Asks');
    await screenshot(page, 'approvals-confirm');
    expect(await accessibilityProblems(page)).toEqual([]);
    await approve.getByRole('button', { name: /^Approve: refund RUB\s20\.00$/ }).click();
    const outcome = page.getByRole('status').filter({ hasText: /^What approving request \d+ did/ });
    await expect.poll(() => outcome.textContent(), { timeout: 30_000 }).toMatch(/Refunded RUB\s20\.00 on order/);
    await expect.poll(() => awaitingCount(page).count()).toBe(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing awaits approval.' }).count()).toBe(1);
    await screenshot(page, 'approvals-approved');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The history shows it approved by Bob; the order shows the money refunded.
    await page.getByRole('checkbox', { name: 'Show decided and expired requests too' }).check();
    await expect.poll(() => requestRow(page).first().textContent()).toMatch(/Approved.*By Bob Approves/);
    await outcome.getByRole('button', { name: 'Open the order in Orders' }).click();
    await expect
      .poll(() => page.getByRole('article').locator('.amounts').textContent(), { timeout: 30_000 })
      .toMatch(/Refunded\s*RUB\s20\.00/);
    const s = await status(app.sandbox, { orderId });
    expect(s.refunds).toHaveLength(1);
    expect(s.paymentAmountInfo?.refundedAmount).toBe(2_000);
  });

  it('a charge above its threshold waits with the reason given; withdrawn it is gone, approved it is charged once', async () => {
    const { page } = app;
    const clientId = uniqueNumber('four-eyes-payer');
    await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', pan: '4111111111111111' }] });
    await signInAs(page, ADMIN);
    const set = await invokeInPage(page, 'settings.setApprovalThreshold', {
      environment: 'sandbox',
      currency: '643',
      action: 'charge',
      threshold: 3_000,
    });
    expect(set.ok, JSON.stringify(set.error)).toBe(true);

    /** Alice charges the client's card with a reason for the approver; the charge's outcome panel. */
    async function aliceCharges(amount: string, reference: string) {
      await openWorkspace(page, 'Stored cards');
      await page.getByRole('radio', { name: 'Client ID' }).check();
      await page.getByRole('textbox', { name: 'Client ID', exact: true }).fill(clientId);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.getByRole('button', { name: /^Charge card / }).click();
      await page.getByRole('region', { name: 'Card to charge' }).waitFor();
      await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
      await page.getByLabel('Reference (optional)').fill(reference);
      await page.getByLabel('Reason (for the approver)').fill('yearly plan, agreed by phone');
      await page.getByRole('button', { name: 'Review the charge…' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('yearly plan, agreed by phone');
      await dialog.getByRole('checkbox', { name: 'I have checked the client, the card and the amount' }).check();
      await dialog.getByRole('button', { name: /^Charge RUB/ }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }
    const ordersNumbered = async (reference: string) =>
      ((await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(reference)}`)).orders as unknown[]).length;

    await signInAs(page, alice);
    const first = uniqueNumber('four-eyes-charge');
    await aliceCharges('50', first);
    const awaiting = page.getByRole('status').filter({ hasText: 'Not sent: this awaits a second person’s approval' });
    await expect.poll(() => awaiting.count(), { timeout: 30_000 }).toBe(1);
    expect(await awaiting.textContent()).toMatch(/Over RUB\s30\.00/);
    expect(await ordersNumbered(first)).toBe(0);
    await screenshot(page, 'approvals-charge-awaits');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Withdrawn: nothing left to approve, nothing charged.
    await awaiting.getByRole('button', { name: 'Open Approvals' }).click();
    const own = requestRow(page).filter({ hasText: first });
    await expect.poll(() => own.textContent()).toMatch(/Charge.*4111.*1111.*RUB\s50\.00.*yearly plan, agreed by phone/s);
    await own.getByRole('button', { name: /^Withdraw request \d+$/ }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Request \d+ is withdrawn: nothing was sent\./ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing awaits approval.' }).count()).toBe(1);

    // Asked again and approved by Bob: charged once, the outcome as the Charges form says it.
    const second = uniqueNumber('four-eyes-charge');
    await aliceCharges('60', second);
    await expect.poll(() => awaiting.count(), { timeout: 30_000 }).toBe(1);
    await signInAs(page, bob);
    await navButton(page).click();
    const theirs = requestRow(page).filter({ hasText: second });
    await theirs.getByRole('button', { name: /^Approve request \d+$/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the charge' });
    expect(await approve.textContent()).toMatch(
      new RegExp(`Approving charges RUB\\s60\\.00 to card .+ of client ${clientId} in sandbox, now, as yours\\.`),
    );
    await approve.getByRole('button', { name: /^Approve: charge RUB\s60\.00$/ }).click();
    const charged = page.locator('.charge-outcome');
    await expect.poll(() => charged.getByRole('heading').textContent(), { timeout: 30_000 }).toBe('Charged');
    expect(await charged.textContent()).toContain(second);
    expect(await ordersNumbered(second)).toBe(1);
    await screenshot(page, 'approvals-charge-approved');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The history in Russian: every word Russian but the people's data, nothing overflowing.
    await inRussian(page, { en: 'Approvals', ru: 'Подтверждения' }, async () => {
      await page.getByRole('checkbox', { name: 'Показать также решённые и истёкшие запросы' }).check();
      await expect.poll(() => page.getByRole('table', { name: 'Запросы на подтверждение' }).locator('tbody tr').count()).toBe(3);
      await screenshot(page, 'approvals-history-ru');
      expect(await overflowing(page)).toEqual([]);
      expect(
        await englishLeft(page, ['Alice Asks', 'Bob Approves', 'goods returned', 'yearly plan, agreed by phone', 'Alt', hostname()]),
      ).toEqual([]);
      expect(await accessibilityProblems(page)).toEqual([]);
    });
  });
  it('a batch file whose charges together are over the batch threshold waits; approved by another, it runs and charges once', async () => {
    const { page } = app;
    const clientId = uniqueNumber('four-eyes-batch');
    const seeded = await control(app.sandbox, 'POST', '/seed', {
      bindings: ['4444555511113333', '5555555555555599'].map((pan) => ({ clientId, category: 'COMMON', pan })),
    });
    const file = [
      'clientId,bindingId,amount,currency',
      ...(seeded.bindings as { bindingId: string }[]).map((b) => `${clientId},${b.bindingId},30,RUB`),
    ].join('\n');
    await signInAs(page, ADMIN);
    const set = await invokeInPage(page, 'settings.setApprovalThreshold', {
      environment: 'sandbox',
      currency: '643',
      action: 'batch',
      threshold: 5_000,
    });
    expect(set.ok, JSON.stringify(set.error)).toBe(true);
    const paid = async () =>
      ((await control(app.sandbox, 'GET', `/orders?clientId=${encodeURIComponent(clientId)}`)).orders as { status: number }[]).filter(
        (o) => o.status === 1 || o.status === 2,
      ).length;
    const before = await paid();

    /** Alice checks the file and runs it, with a reason for the approver. */
    async function aliceRuns() {
      await openWorkspace(page, 'Charges');
      await page.getByRole('tab', { name: 'Batch from file' }).click();
      const another = page.getByRole('button', { name: 'Another file' });
      if (await another.count()) await another.click();
      await page.getByRole('textbox', { name: /CSV with a header/ }).fill(file);
      await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
      await page.getByRole('button', { name: 'Charge 2 cards…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm the batch charge' });
      await dialog.getByLabel('Reason (for the approver)').fill('monthly fees');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Charge 2 cards' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }

    await signInAs(page, alice);
    await aliceRuns();
    const awaiting = page.getByRole('status').filter({ hasText: 'Not sent: this awaits a second person’s approval' });
    await expect.poll(() => awaiting.count(), { timeout: 30_000 }).toBe(1);
    expect(await awaiting.textContent()).toMatch(/charges together are over RUB\s50\.00.*once it is approved, run it again here/s);
    expect(await paid()).toBe(before);
    await screenshot(page, 'approvals-batch-awaits');
    expect(await accessibilityProblems(page)).toEqual([]);

    await signInAs(page, bob);
    await navButton(page).click();
    const theirs = requestRow(page).filter({ hasText: 'Batch of charges' });
    await expect.poll(() => theirs.textContent()).toMatch(/2 charges: RUB\s60\.00.*Alice Asks.*monthly fees/s);
    await theirs.getByRole('button', { name: /^Approve request \d+$/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the batch' });
    expect(await approve.textContent()).toMatch(/Approving lets batch [0-9a-f]{12} charge its cards, RUB\s60\.00 in all, in sandbox/);
    await screenshot(page, 'approvals-batch-confirm');
    expect(await accessibilityProblems(page)).toEqual([]);
    await approve.getByRole('button', { name: /^Approve: batch of RUB\s60\.00$/ }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /Request \d+ is approved: batch [0-9a-f]{12} may now run/ })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    expect(await paid()).toBe(before);

    await signInAs(page, alice);
    await aliceRuns();
    await expect.poll(() => page.getByRole('heading', { name: 'Batch finished' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await paid()).toBe(before + 2);
    await screenshot(page, 'approvals-batch-run');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
