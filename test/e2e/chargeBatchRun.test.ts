/**
 * A batch of charges with slow answers, in Chromium (issue 13, item 9): while a charge waits for its answer
 * the run says it is being sent and no "unknown outcome" banner appears; the finished run lists every row of
 * the file, the invalid one too, with what became of it. Screenshots in both themes, axe clean.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { control, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot } from './browser.js';

describe.skipIf(browserMissing())('A batch of charges with slow answers, in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
  });

  it('says "being sent" while an answer is slow, and shows what happened to every row', async () => {
    const { page } = app;
    const clientId = uniqueNumber('slow-batch');
    const seeded = await control(app.sandbox, 'POST', '/seed', {
      bindings: [0, 1, 2].map(() => ({ clientId, category: 'COMMON', expiry: '203012' })),
    });
    const [a, b, c] = (seeded.bindings as { bindingId: string }[]).map((x) => x.bindingId);
    const file = [
      'clientId,bindingId,amount,currency,description',
      `${clientId},${a},10.5,RUB,first`,
      `${clientId},${b},2.9999,RUB,too many decimals`,
      `${clientId},${c},3,RUB,third`,
    ].join('\n');

    await page.getByRole('navigation').getByRole('button', { name: 'Charges' }).click();
    await page.getByRole('tab', { name: 'Batch from file' }).click();
    await page.getByRole('textbox', { name: /CSV with a header/ }).fill(file);
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await page.getByRole('button', { name: 'Charge 2 cards…' }).click();
    await page.getByRole('dialog').getByRole('checkbox').check();
    await control(app.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: 2_500, count: 0 }],
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Charge 2 cards' }).click();

    const sending = page.getByTestId('batch-sending');
    await expect.poll(() => sending.textContent(), { timeout: 10_000 }).toMatch(/^Sending line \d \(order B[0-9a-f]{12}-\d\)/);
    // The slow answer is on its way: nothing calls it unknown.
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('region', { name: /unknown outcome/ }).count()).toBe(0);
    expect(await page.locator('[data-count="unknown"]').textContent()).toBe('0');
    await screenshot(page, 'charges-batch-sending');
    expect(await accessibilityProblems(page)).toEqual([]);

    await expect.poll(() => page.getByRole('heading', { name: 'Batch finished' }).count(), { timeout: 30_000 }).toBe(1);
    await control(app.sandbox, 'DELETE', '/faults');
    const rows = page.getByRole('region', { name: 'What happened to each row (3)' }).locator('tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-line'), tr.getAttribute('data-result')]))).toEqual([
      ['2', 'paid'],
      ['3', 'invalid'],
      ['4', 'paid'],
    ]);
    expect(await rows.nth(1).textContent()).toMatch(/2\.9999.*invalid, not charged.*At most 2 decimals/);
    expect(await rows.nth(0).textContent()).toMatch(/10\.5.*charged.*B[0-9a-f]{12}-2/);
    expect(await page.getByRole('region', { name: /unknown outcome/ }).count()).toBe(0);
    await screenshot(page, 'charges-batch-rows');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await screenshot(page, 'charges-batch-rows-dark');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});
