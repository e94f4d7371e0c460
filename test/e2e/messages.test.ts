/**
 * Issue 13 items 4 and 13 in Chromium at 1280x720, against the embedded sandbox: a gateway answering 503
 * is reported in words with the technical account behind "Details"; toasts stack at most three, newest
 * first; fingerprints wrap only between byte pairs; Copy buttons stay beside their values; the audit time
 * reads whole (its day over its time, neither broken nor clipped); a charge confirmation starts on Cancel.
 * Screenshots in light and dark, axe on each.
 * Generating a signing key needs the keychain (KEYCHAIN_TESTS=1 in a keyring session).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, openWorkspace, screenshot, shootInBothThemes, useTheme } from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing())('Messages in words and small layout faults (issue 13 items 4 and 13)', { timeout: 90_000 }, () => {
  const app = appInBrowser(() => ({ vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) }));

  beforeAll(async () => {
    await app.page.setViewportSize({ width: 1280, height: 720 });
  });

  afterAll(async () => {
    await control(app.sandbox, 'DELETE', '/faults').catch(() => undefined);
  });

  const nav = openWorkspace;

  async function lookUp(page: Page, query: string) {
    await nav(page, 'Orders');
    const box = page.getByLabel('Order ID or order number');
    await box.fill(query);
    await box.press('Enter');
  }

  /** Whether a button sits beside a value: on its line (vertical overlap) and after it. */
  async function besideEachOther(value: Locator, button: Locator) {
    const v = (await value.boundingBox())!;
    const b = (await button.boundingBox())!;
    const middle = b.y + b.height / 2;
    return { sameLine: middle >= v.y && middle <= v.y + v.height, after: b.x >= v.x + v.width - 1 };
  }

  it('says in words that the gateway is not answering (HTTP 503), with the technical account behind Details', async () => {
    const { page } = app;
    await control(app.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0 }],
    });
    try {
      const query = uniqueNumber('words-503');
      await lookUp(page, query);
      const alert = page.getByRole('alert').filter({ hasText: 'failed' });
      await expect
        .poll(() => alert.innerText())
        .toContain(
          'The gateway is not answering (HTTP 503). Nothing was changed. Try again in a minute; if it persists, check the environment in Settings.',
        );
      // The developer's wording is not on screen until Details is opened.
      expect(await alert.innerText()).not.toContain('getOrderStatusExtended.do');
      const details = alert.locator('details');
      expect(await details.getAttribute('open')).toBeNull();
      await alert.getByText('Details', { exact: true }).click();
      await expect.poll(() => alert.locator('details code').innerText()).toBe('getOrderStatusExtended.do answered HTTP 503');
      await shootInBothThemes(page, 'messages-503');
    } finally {
      await control(app.sandbox, 'DELETE', '/faults');
    }
  });

  it('keeps Copy buttons beside long identifiers in the order view', async () => {
    const { page } = app;
    const orderNumber = uniqueNumber('words-copy');
    const orderId = await paidOrder(app.sandbox, { orderNumber, amount: 1_000 });
    await lookUp(page, orderId);
    const order = page.getByRole('article');
    await expect.poll(() => order.getByRole('heading', { level: 2 }).textContent()).toBe(`Order ${orderNumber}`);
    for (const [value, what] of [
      [orderId, 'order ID'],
      [orderNumber, 'order number'],
    ] as const) {
      const button = order.getByRole('button', { name: `Copy ${what}` });
      const shown = order.getByText(value, { exact: true });
      expect(await besideEachOther(shown, button)).toEqual({ sameLine: true, after: true });
    }
    await shootInBothThemes(page, 'messages-copy-order');
  });

  it('stacks at most three toasts, the newest on top', async () => {
    const { page } = app;
    await nav(page, 'Settings');
    const panel = (name: RegExp) => page.getByRole('region', { name });
    const custom = panel(/Custom address/);
    await page.getByRole('tab', { name: 'Custom address' }).click();
    // Four actions in a row, each with its own message: two refusals (they stay) and two saves. From the
    // keyboard: the toasts sit over the foot of the page, where these buttons are at 720 pixels.
    await custom.getByLabel('Base URL').fill('ftp://example.com');
    await custom.getByRole('button', { name: 'Save connection' }).press('Enter');
    await expect.poll(() => page.locator('.toast').count()).toBe(1);
    await custom.getByLabel('Base URL').fill('https://user:secret@example.com/gateway');
    await custom.getByRole('button', { name: 'Save connection' }).press('Enter');
    await expect.poll(() => page.locator('.toast').count()).toBe(2);
    await custom.getByLabel('Base URL').fill('http://127.0.0.1:9/gateway');
    await custom.getByRole('button', { name: 'Save connection' }).press('Enter');
    await expect.poll(() => page.locator('.toast').count()).toBe(3);
    const firstThree = await page.locator('.toast').allInnerTexts();
    await page.getByRole('tab', { name: 'Test environment' }).click();
    await panel(/Gateway test environment/)
      .getByRole('button', { name: 'Save connection' })
      .press('Enter');
    await expect.poll(async () => (await page.locator('.toast').allInnerTexts())[0]).not.toBe(firstThree[0]);
    const toasts = await page.locator('.toast').allInnerTexts();
    expect(toasts).toHaveLength(3);
    // The newest on top; the oldest (the first refusal) gave way.
    expect(toasts[0]).toMatch(/^Gateway test environment/);
    expect(toasts.slice(1)).toEqual(firstThree.slice(0, 2));
    expect(toasts[1]).toContain('Custom address: connection saved');
    await shootInBothThemes(page, 'messages-toasts');
    // Clear them for the next screens (the saves would go by themselves after six seconds).
    const dismiss = page.getByRole('button', { name: 'Dismiss message' });
    while ((await dismiss.count()) > 0)
      await dismiss
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
  });

  it('shows the audit time whole: its day on one line, its time on the next', async () => {
    const { page } = app;
    // An entry whose object and detail are long, as a refused refund's are: they squeeze the time column.
    const refused = await page.evaluate(
      `window.api.invoke('orders.refund', { environment: 'sandbox', orderId: '${randomUUID()}', amount: 100 }).then((r) => r.ok && r.value.outcome)`,
    );
    expect(refused).toBe('notSent');
    await nav(page, 'Audit');
    const time = page.locator('table tbody tr').first().locator('td').first();
    await time.waitFor();
    // The lines the cell's text takes (one box per line of text), and whether any of it is cut off: the
    // day over the time, as every table column shows a moment, each unbroken and in full.
    const { lines, clipped } = await time.evaluate((el) => {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      return {
        lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
        clipped: el.scrollWidth > el.clientWidth,
      };
    });
    expect(lines).toBe(2);
    expect(clipped).toBe(false);
    expect(await time.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}\n\d{1,2}:\d{2}:\d{2}\s[AP]M$/);
    await shootInBothThemes(page, 'messages-audit');
  });

  /** A client with one stored card, found in Stored cards. */
  async function findCards(page: Page): Promise<void> {
    const clientId = uniqueNumber('words-payer');
    await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', pan: '4111111111111111' }] });
    await nav(page, 'Stored cards');
    await page.getByRole('radio', { name: 'Client ID' }).check();
    await page.getByRole('textbox', { name: 'Client ID', exact: true }).fill(clientId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: 'Charge card 411111******1111' }).waitFor();
  }

  it("keeps the Copy buttons beside a stored card's binding and client IDs", async () => {
    const { page } = app;
    await findCards(page);
    for (const what of ['binding ID', 'client ID']) {
      const copy = page.getByRole('button', { name: new RegExp(`^Copy ${what} of`) });
      const value = page
        .getByRole('cell')
        .filter({ has: page.getByRole('button', { name: new RegExp(`^Copy ${what} of`) }) })
        .locator('.id-value');
      expect(await besideEachOther(value, copy), what).toEqual({ sameLine: true, after: true });
    }
    await shootInBothThemes(page, 'messages-copy-cards');
  });

  it('opens a charge confirmation with the focus on Cancel', async () => {
    const { page } = app;
    await findCards(page);
    await page.getByRole('button', { name: 'Charge card 411111******1111' }).click();
    await page.getByRole('region', { name: 'Card to charge' }).waitFor();
    await page.getByRole('textbox', { name: 'Amount' }).fill('1.00');
    // The modal dialog makes the theme switch inert: each theme opens the confirmation afresh.
    for (const wanted of ['light', 'dark'] as const) {
      await useTheme(page, wanted);
      await page.getByRole('button', { name: 'Review the charge…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => page.evaluate('document.activeElement?.textContent?.trim()')).toBe('Cancel');
      expect(await dialog.getByRole('checkbox').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(false);
      await screenshot(page, `messages-confirm-charge-${wanted}`);
      expect(await accessibilityProblems(page)).toEqual([]);
      // Enter on the focused Cancel closes the dialog and charges nobody.
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await useTheme(page, 'light');
  });

  it.skipIf(!keychain)('wraps a fingerprint only between byte pairs, its Copy button beside it', async () => {
    const { page } = app;
    await nav(page, 'Signing keys');
    await page.getByRole('button', { name: 'Generate key…' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate a signing key' });
    await generate.getByLabel('Validity in days').fill('365');
    await generate.getByRole('button', { name: 'Generate key' }).click();
    const row = page.locator('.keys-table tbody tr').first();
    const fingerprint = row.locator('.fingerprint');
    await fingerprint.waitFor();
    const text = (await fingerprint.textContent()) ?? '';
    expect(text).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    // The top of every character: both digits of a pair (and its colon) share a line, and it does wrap.
    const tops = await fingerprint.evaluate((el) => {
      const out: number[] = [];
      const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = el.ownerDocument.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          out.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      return out;
    });
    expect(tops).toHaveLength(text.length);
    for (let pair = 0; pair < 32; pair++) {
      const at = pair * 3;
      expect(new Set(tops.slice(at, Math.min(at + 3, text.length))).size, `pair ${pair} (${text.slice(at, at + 2)})`).toBe(1);
    }
    const lines = new Set(tops).size;
    expect(lines).toBeGreaterThan(1);

    const copy = row.getByRole('button', { name: /^Copy fingerprint/ });
    expect(await besideEachOther(fingerprint, copy)).toEqual({ sameLine: true, after: true });
    await shootInBothThemes(page, 'messages-fingerprint');
  });
});
