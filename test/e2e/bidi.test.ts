/**
 * Identifiers with bidirectional formatting characters, in Chromium against the embedded sandbox: an
 * order whose orderNumber and description are `hostile-54-\u202Eevil\u202C` (an override: shown as it is, it
 * reads "hostile-54-live") and whose clientId carries one too reads as written in the Orders list and in
 * the order view, in a sentence (the heading) as in a cell. What is checked is what is drawn: the
 * characters of the element in the order they are laid out from left to right, and the element's text.
 */
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paidOrder } from '../sandbox/client.js';
import { appInBrowser, browserMissing, screenshot } from './browser.js';

const HOSTILE = 'hostile-54-\u202Eevil\u202C';
const CLIENT = 'client-\u2067nepo\u2069-\u200F7';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The element's characters in the order the browser draws them, left to right (zero-width ones left out). */
function drawn(element: Locator): Promise<string> {
  return element.evaluate((el) => {
    const placed: { ch: string; x: number }[] = [];
    // 4: NodeFilter.SHOW_TEXT, every text node inside.
    const walker = el.ownerDocument.createTreeWalker(el, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = el.ownerDocument.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) placed.push({ ch: text[i]!, x: box.left + box.width / 2 });
      }
    }
    return placed
      .sort((a, b) => a.x - b.x)
      .map((p) => p.ch)
      .join('');
  });
}

describe.skipIf(browserMissing())('identifiers with bidi controls in the browser', { timeout: 90_000 }, () => {
  const app = appInBrowser();

  beforeAll(async () => {
    await paidOrder(app.sandbox, {
      orderNumber: HOSTILE,
      description: HOSTILE,
      clientId: CLIENT,
      amount: 5_400,
      features: 'FORCE_CREATE_BINDING',
    });
    // The list syncs when it opens: the page again, with the order at the gateway.
    await app.page.reload();
    await app.page.getByRole('navigation', { name: 'Workspaces' }).waitFor();
  }, 60_000);

  it('the Orders list draws the orderNumber, the client and the description as written, not reversed', async () => {
    const { page } = app;
    const row = page.locator('.period-table [role=row][data-order-number]').filter({ hasText: 'hostile-54' });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    const cells = row.locator('[role=cell]');
    const number = cells.nth(1);
    expect(await drawn(number)).toBe('hostile-54-evil');
    expect(await number.innerText()).toBe('hostile-54-evil');
    expect(await number.getAttribute('title')).toBe('hostile-54-evil');
    const client = row.getByRole('button', { name: /client-/ });
    expect(await drawn(client)).toBe('client-nepo-7');
    const description = cells.last();
    expect(await drawn(description)).toBe('hostile-54-evil');
    // No control is left in the row, and each identifier is isolated from what is around it.
    expect(await row.innerText()).not.toMatch(BIDI);
    expect(await number.locator('bdi').count()).toBe(1);
    await screenshot(page, 'bidi-orders-list');
  });

  it('the order view draws it as written in its heading, its identifiers and its description', async () => {
    const { page } = app;
    await page.locator('.period-table [role=row][data-order-number]').filter({ hasText: 'hostile-54' }).click();
    const order = page.getByRole('article');
    const heading = order.getByRole('heading', { level: 2 });
    await expect.poll(() => heading.innerText(), { timeout: 20_000 }).toBe('Order hostile-54-evil');
    expect(await drawn(heading)).toBe('Order hostile-54-evil');
    const ids = order.locator('section[aria-labelledby="order-ids"] dd');
    expect(await drawn(ids.nth(1).locator('.copyable-value'))).toBe('hostile-54-evil');
    expect(await drawn(ids.nth(2))).toBe('hostile-54-evil');
    expect(await order.innerText()).not.toMatch(BIDI);
    await screenshot(page, 'bidi-order-view');
  });
});
