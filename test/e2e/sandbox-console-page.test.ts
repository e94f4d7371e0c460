/**
 * The sandbox's developer console page, for real: a standalone sandbox started here, the page opened
 * through sandbox.consoleUrl() in Debian's Chromium at 1280x720, and requests made over HTTP with the
 * test client. Each tab shows what the sandbox holds and follows it live without a reload; a refund from
 * the page moves the order, and an impossible one shows the sandbox's 409 in words; a fault armed from
 * the page says what it will do and does it to the next request. Screenshots of every tab in both colour
 * schemes; axe finds nothing serious; nothing is cut off.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../main/sandbox/index.js';
import { AUTH, CARDS, control, formBody, payCard, paidOrder, postForm, register, uniqueNumber } from '../sandbox/client.js';
import { selfSigned } from '../sandbox/certificates.js';
import { accessibilityProblems, browserMissing, launchChromium, screenshot } from './browser.js';

const TABS = [
  ['Requests', 'requests'],
  ['Orders', 'orders'],
  ['Callbacks', 'callbacks'],
  ['Faults', 'faults'],
  ['Clock & merchants', 'clock'],
] as const;

describe.skipIf(browserMissing())('the sandbox developer console page', { timeout: 60_000 }, () => {
  let sb: Sandbox;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: Server;
  let receiverUrl = '';
  const errors: string[] = [];

  /** A console page of its own, signed in through a fresh one-time ticket, showing "Live". */
  async function openConsole(ctx: BrowserContext): Promise<Page> {
    const p = await ctx.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(sb.consoleUrl());
    await p
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    return p;
  }

  /** Opens a tab; answers its panel (the only one shown). */
  async function tab(p: Page, name: string) {
    await p.getByRole('tab', { name }).click();
    await expect.poll(() => p.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    return p.getByRole('tabpanel', { name });
  }

  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
    sb = await createSandbox({ log: () => {}, callbacks: { retryDelaysMs: [50] } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US', timezoneId: 'UTC' });
    page = await openConsole(context);
    // Set once: a reload would lose it, so a page that still has it was never reloaded.
    await page.evaluate('window.neverReloaded = true');
  }, 40_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await sb?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    expect(errors).toEqual([]);
  });

  it('Requests: gateway requests appear live, newest first, redacted, filterable, with params and answer', async () => {
    const panel = await tab(page, 'Requests');
    const orderId = await register(sb, { amount: 4_200 });
    await payCard(sb, orderId, CARDS.noThreeDS);
    const rows = page.getByTestId('request-row');
    await expect.poll(() => rows.first().textContent(), { timeout: 2_000 }).toContain('paymentorder.do');
    expect(await rows.nth(1).textContent()).toContain('register.do');
    expect(await page.evaluate("'neverReloaded' in window")).toBe(true);

    // Filtered by order: both requests of that order, nothing else.
    await register(sb);
    await panel.getByLabel('Order ID').fill(orderId);
    await expect.poll(() => rows.count()).toBe(2);
    await panel.getByLabel('Order ID').fill('');

    // The payment's parameters, with the card number masked and the secrets hidden, and its answer.
    await rows.filter({ hasText: 'paymentorder.do' }).getByRole('button', { name: 'paymentorder.do' }).click();
    const detail = page.getByRole('complementary', { name: 'Selected request' });
    const params = await detail.getByLabel(/^Parameters/).textContent();
    expect(params).toContain('•••');
    expect(params).not.toContain(CARDS.noThreeDS);
    expect(params).not.toContain('sandbox-pass');
    expect(await detail.getByLabel('Answer').textContent()).toContain('"errorCode": 0');

    await panel.getByLabel('Endpoint', { exact: true }).selectOption({ label: 'paymentorder.do' });
    await expect.poll(() => rows.count()).toBe(1);
    await panel.getByLabel('Endpoint', { exact: true }).selectOption({ label: 'All endpoints' });
  });

  it('Orders: an order shows its state and history, and Refund from the page refunds it', async () => {
    const orderNumber = uniqueNumber('console-refund');
    const orderId = await paidOrder(sb, { orderNumber, amount: 2_500 });
    await tab(page, 'Orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await expect.poll(() => row.textContent()).toContain('Deposited');
    expect(await row.textContent()).toContain('RUB 25.00');
    await row.getByRole('button', { name: orderNumber }).click();
    const detail = page.getByRole('complementary', { name: 'Selected order' });
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${orderNumber}`);
    expect(await detail.getByRole('table').textContent()).toContain('Deposited');

    const amount = detail.getByLabel('Amount in RUB');
    const said = detail.getByRole('status');
    const refunded = async () => (await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, orderId })).paymentAmountInfo;

    // An amount with more decimals than the currency has is refused on the page; nothing is sent.
    await amount.fill('10.005');
    await detail.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => said.textContent()).toBe('Write the amount in RUB with at most 2 decimals, e.g. 12.50');
    expect((await refunded()).refundedAmount).toBe(0);

    // 10.00 in the field is 1,000 minor units at the sandbox.
    await amount.fill('10.00');
    await detail.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => said.textContent()).toBe('Refund: done. The order is now partly refunded.');
    expect((await refunded()).refundedAmount).toBe(1_000);

    // Blank: what is left.
    await detail.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => said.textContent()).toBe('Refund: done. The order is now refunded.');
    const answer = await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, orderId });
    expect(answer.orderStatus).toBe(4);
    expect(answer.paymentAmountInfo.refundedAmount).toBe(2_500);
    await expect.poll(() => row.textContent()).toContain('Refunded');
    const history = await detail.getByRole('table').textContent();
    expect(history).toMatch(/Refunded\s*RUB 10\.00\s*console/);
    expect(history).toMatch(/Refunded\s*RUB 15\.00\s*console/);
  });

  it("Orders: an action the order no longer allows shows the sandbox's 409 in words, then the order as it is", async () => {
    // A page that misses the live feed still offers Refund for an order refunded since it was shown.
    const orderNumber = uniqueNumber('console-409');
    const orderId = await paidOrder(sb, { orderNumber, amount: 1_000 });
    const stale = await context.newPage();
    stale.on('pageerror', (e) => errors.push(e.message));
    await stale.route('**/sandbox/events', (route) => route.abort());
    await stale.goto(sb.consoleUrl());
    await tab(stale, 'Orders');
    await stale.getByRole('searchbox', { name: 'Search' }).fill(orderNumber);
    await stale.getByRole('button', { name: orderNumber }).click();
    const detail = stale.getByRole('complementary', { name: 'Selected order' });
    const refund = detail.getByRole('button', { name: 'Refund' });
    await refund.waitFor();

    const done = await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId, amount: 1_000 });
    expect(done.errorCode).toBe('0');
    await refund.click();
    const said = detail.getByRole('status');
    await expect.poll(() => said.textContent()).toMatch(/^Refund refused: .*refund/i);
    expect(await said.getAttribute('class')).toContain('error');
    await expect.poll(() => detail.textContent()).toContain('Refunded');
    expect(await detail.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    // The list says what the detail says.
    expect(await stale.getByTestId('order-row').filter({ hasText: orderNumber }).textContent()).toContain('Refunded');
    await screenshot(stale, 'console-orders-refused-light');
    await stale.close();
  });

  it("Callbacks: a delivery shows its order, operation, state and the merchant's answer, live", async () => {
    const orderNumber = uniqueNumber('console-cb');
    await paidOrder(sb, { orderNumber, dynamicCallbackUrl: receiverUrl });
    await tab(page, 'Callbacks');
    const row = page.getByTestId('callback-row').filter({ hasText: orderNumber });
    await expect.poll(() => row.textContent()).toContain('delivered');
    const text = await row.textContent();
    expect(text).toContain('deposited');
    expect(text).toContain(receiverUrl);
    expect(text).toContain('HTTP 200');
  });

  it("Faults: the form says what a rule will do, arming it shows the sandbox's sentence, and the next request gets it", async () => {
    const panel = await tab(page, 'Faults');
    await panel.getByLabel('Endpoint').selectOption({ label: 'getOrderStatusExtended.do' });
    await panel.getByLabel('Mode').selectOption('status');
    await panel.getByLabel('HTTP status').selectOption('503');
    await panel.getByLabel(/^Requests affected/).fill('1');
    expect(await panel.locator('#fault-preview').textContent()).toBe(
      'Will do: The next 1 request to getOrderStatusExtended.do answers HTTP 503 without being processed.',
    );
    await panel.getByRole('button', { name: 'Arm fault' }).click();
    const row = page.getByTestId('fault-row');
    await expect.poll(() => row.count()).toBe(1);
    const { rules } = await control(sb, 'GET', '/faults');
    expect(rules).toHaveLength(1);
    expect(await row.textContent()).toContain(rules[0].describe);
    expect(rules[0].describe).toContain('503');

    const res = await fetch(`${sb.url}/payment/rest/getOrderStatusExtended.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody({ ...AUTH, orderId: 'any' }),
    });
    expect(res.status).toBe(503);
    // The rule's counts follow live: it struck once.
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1');

    await panel.getByRole('button', { name: /^Remove rule/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await control(sb, 'GET', '/faults')).rules).toEqual([]);
  });

  it('Clock & merchants: the sandbox clock moves from the page; merchants show their settings', async () => {
    await tab(page, 'Clock & merchants');
    const merchants = page.getByTestId('merchant-row');
    await expect.poll(() => merchants.count()).toBe(2);
    const signed = merchants.filter({ hasText: 'signed-api' });
    expect(await signed.textContent()).toContain('required');
    // A certificate uploaded over HTTP shows up live with its subject and fingerprint.
    const { certPem } = await selfSigned('console-test-signer');
    const uploaded = await control(sb, 'POST', '/merchants/signed/certificates', { pem: certPem });
    await expect.poll(() => signed.textContent()).toContain('CN=console-test-signer');
    expect(await signed.textContent()).toContain(uploaded.fingerprint256);
    await page.getByLabel('Advance by').fill('2');
    await page.getByLabel('Unit').selectOption('days');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => page.locator('#clock-offset').textContent()).toMatch(/^\+2 d/);
    const clock = await control(sb, 'GET', '/clock');
    expect(clock.offsetMs).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(clock.offsetMs).toBeLessThan(2 * 86_400_000 + 60_000);

    // Set: the field holds the sandbox's time, read as UTC.
    const field = page.getByLabel('Set to (UTC)');
    expect(Date.parse(`${await field.inputValue()}Z`) - (Date.now() + clock.offsetMs)).toBeLessThan(60_000);
    await field.fill('2030-01-02T03:04:05');
    await page.getByRole('button', { name: 'Set clock' }).click();
    await expect.poll(() => page.locator('#clock-result').textContent()).toBe('The sandbox clock is now 2030-01-02 03:04:05 UTC.');
    expect(Math.abs((await control(sb, 'GET', '/clock')).now - Date.parse('2030-01-02T03:04:05Z'))).toBeLessThan(60_000);
  });

  it('a lost live feed says "Reconnecting…", and once back the page reads what it missed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const p = await context.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    // The first connection to the feed hangs, then drops; the browser's reconnection goes through.
    await p.route('**/sandbox/events', async (route) => {
      if (!first) return route.continue();
      first = false;
      await held;
      await route.abort('connectionreset');
    });
    await register(sb);
    await p.goto(sb.consoleUrl());
    // The page has read the log (a request made before it opened is listed) before the next one is made.
    await p.getByText(/^\d+ of \d+ requests$/).waitFor();
    const orderId = await register(sb, { amount: 777 });
    release();
    await p.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    await p
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => p.getByTestId('request-row').filter({ hasText: orderId }).count()).toBe(1);
    await p.close();
  });

  it('every tab in light and dark: axe clean, screenshots, nothing cut off at 1280x720', async () => {
    // Something in every list, whether or not the tests above ran.
    await paidOrder(sb, { orderNumber: uniqueNumber('console-shot'), dynamicCallbackUrl: receiverUrl });
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/reverse.do', mode: 'lost', count: 2, latencyMs: 1500 }] });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, file] of TABS) {
        await tab(page, name);
        if (name === 'Requests') await page.getByTestId('request-row').first().getByRole('button').click();
        if (name === 'Orders') await page.getByTestId('order-row').first().getByRole('button').first().click();
        await screenshot(page, `console-${file}-${scheme}`);
        expect(await accessibilityProblems(page), `${name} (${scheme})`).toEqual([]);
        // The page never scrolls as a whole, and no list or box hides columns behind a sideways scroll.
        const pageScrolls = await page
          .locator('html')
          .evaluate((root) => root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight);
        expect(pageScrolls, `${name} (${scheme}): the page scrolls as a whole`).toBe(false);
        const clipped = await page
          .locator('[role="tabpanel"]:not([hidden]) :is(.scroll, .card)')
          .evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.getAttribute('aria-label') ?? b.id));
        expect(clipped, `${name} (${scheme})`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await control(sb, 'DELETE', '/faults');
    expect(await page.evaluate("'neverReloaded' in window")).toBe(true);
  });
});
