/**
 * Layout and words (issue 26, item 8), in Chromium against the embedded sandbox with its demo data, in
 * English and Russian at 1024x640 and 1280x720: Orders, Audit and Settings fit the window with no sideways
 * scrolling of the page or of their tables, the Audit's "What happened" stays in view; every audit action
 * and filter option is said in words; Settings come in sections with the environment badge in view however
 * far the page scrolls; and every moment the screens show (list, order, sync, audit) is written one way per
 * language. Screenshots of each at both sizes, and axe on each (at 1024 x 640: the same page at 1280 has the same
 * elements).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit as ruAudit } from '../../renderer/src/i18n/ru/audit.js';
import { common as ruCommon } from '../../renderer/src/i18n/ru/common.js';
import { settings as ruSettings } from '../../renderer/src/i18n/ru/settings.js';
import { accessibilityProblems, appInBrowser, browserMissing, screenshot, invokeInPage } from './browser.js';

const LANGUAGES = ['en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];
const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 720 },
] as const;
const NAV = {
  en: { orders: 'Orders', audit: 'Audit', settings: 'Settings' },
  ru: { orders: ruCommon.nav.orders, audit: ruCommon.nav.audit, settings: ruCommon.nav.settings },
} as const;

/** A moment as the language writes it: the day, then the time (on the next line in a table column). */
const DAY = { en: String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`, ru: String.raw`\d{1,2} [а-я]{3,4}\.? \d{4} г\.` };
const TIME = { en: String.raw`\d{1,2}:\d{2}:\d{2}\s[AP]M`, ru: String.raw`\d{2}:\d{2}:\d{2}` };
const moment = (l: Language) => new RegExp(`^${DAY[l]}(, |\\n)${TIME[l]}$`);
const timeAlone = (l: Language) => new RegExp(`^${TIME[l]}$`);

/** An action as the log records it ("reconciliation.run", "settings.change"): never what a person reads. */
const RAW_CODE = /^[a-z]+[A-Za-z]*(\.[a-zA-Z]+)+$/;

describe.skipIf(browserMissing())('layout and words in both languages and sizes', { timeout: 600_000 }, () => {
  const app = appInBrowser({ demo: true });

  beforeAll(async () => {
    const { page } = app;
    // Entries of actions the Audit must name: a settings change and a reconciliation.
    await invoke(page, 'settings.updateGeneral', { language: 'en' });
    const now = Date.now();
    await invoke(page, 'period.reconcile', { from: now - 86_400_000, to: now });
    // And a refund, whose entry names its order by its long gateway ID, with a reason in the operator's words.
    const found = (await invoke(page, 'orders.lookup', { query: 'demo-0003' })).value as { order: { orderId: string } };
    const refunded = await invoke(page, 'orders.refund', {
      environment: 'sandbox',
      orderId: found.order.orderId,
      amount: 100,
      reason: 'the customer returned one of the items and asked for the money back the same day',
    });
    expect(refunded.ok).toBe(true);
  }, 120_000);

  const invoke = invokeInPage;

  // The language is each profile's own preference (settings.setPreferences), kept by main before the reload.
  async function speak(page: Page, language: Language) {
    expect((await invoke(page, 'settings.setPreferences', { language })).ok).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe(language);
  }

  async function open(page: Page, language: Language, workspace: keyof (typeof NAV)['en']) {
    await page.getByRole('navigation').getByRole('button', { name: NAV[language][workspace], exact: true }).click();
    await page.getByRole('heading', { level: 1, name: NAV[language][workspace] }).waitFor();
  }

  /** How far the page, and each scrolling box of the kind given, reach past their width. */
  const sideways = (page: Page, boxes: string) =>
    page.evaluate(`(() => {
      const e = document.documentElement;
      const over = [];
      if (e.scrollWidth > e.clientWidth) over.push('page by ' + (e.scrollWidth - e.clientWidth) + 'px');
      for (const b of document.querySelectorAll(${JSON.stringify(boxes)}))
        if (b.scrollWidth > b.clientWidth + 1) over.push(b.className + ' by ' + (b.scrollWidth - b.clientWidth) + 'px');
      return over;
    })()`) as Promise<string[]>;

  it('fits Orders, Audit and Settings in the window, with what happened in the Audit in view', async () => {
    const { page } = app;
    for (const language of LANGUAGES) {
      await speak(page, language);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const name = (w: string) => `layout-${w}-${language}-${size.width}x${size.height}`;

        await open(page, language, 'orders');
        await page.locator('.period-table [role=row][data-index="0"]').waitFor();
        expect(await sideways(page, '.period-table, .period-table .vtable-body'), name('orders')).toEqual([]);
        // Every column's header reads whole.
        const clippedHeads = await page.$$eval('.period-table [role=columnheader]', (cells) =>
          cells.filter((c) => c.getClientRects().length > 0 && c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
        );
        expect(clippedHeads, name('orders')).toEqual([]);
        // Every amount and date reads whole too.
        const clippedCells = await page.$$eval('.period-table .vtable-body [role=cell]:is(.num, .stacked-time)', (cells) =>
          cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
        );
        expect(clippedCells, name('orders')).toEqual([]);
        // A status takes two lines of its badge where it must, never more room than its column has.
        const spilled = await page.$$eval('.period-table .vtable-body .status-cell', (cells) =>
          cells
            .filter((c) => {
              const badge = c.firstElementChild;
              return (
                badge &&
                (badge.getBoundingClientRect().right > c.getBoundingClientRect().right + 1 || badge.scrollWidth > badge.clientWidth + 1)
              );
            })
            .map((c) => c.textContent),
        );
        expect(spilled, name('orders')).toEqual([]);
        await screenshot(page, name('orders'));
        if (size.width === 1024) expect(await accessibilityProblems(page), name('orders')).toEqual([]);

        await open(page, language, 'audit');
        await page.locator('.audit-table tbody tr').first().waitFor();
        expect(await sideways(page, '.table-scroll'), name('audit')).toEqual([]);
        const outside = await page.$$eval('.audit-table td.audit-what', (cells) => {
          const box = cells[0]!.closest('.table-scroll')!.getBoundingClientRect();
          return cells.filter((c) => c.getBoundingClientRect().right > box.right + 1).map((c) => c.textContent);
        });
        expect(outside, name('audit')).toEqual([]);
        await screenshot(page, name('audit'));
        if (size.width === 1024) expect(await accessibilityProblems(page), name('audit')).toEqual([]);

        await open(page, language, 'settings');
        expect(await sideways(page, '.table-scroll'), name('settings')).toEqual([]);
        await screenshot(page, name('settings'));
        if (size.width === 1024) expect(await accessibilityProblems(page), name('settings')).toEqual([]);
      }
    }
  });

  it('names every audit action, in the column and in the filter, in words', async () => {
    const { page } = app;
    const recorded = app.mode.core.audit.actions();
    expect(recorded).toEqual(expect.arrayContaining(['settings.change', 'reconciliation.run']));
    for (const language of LANGUAGES) {
      await speak(page, language);
      await open(page, language, 'audit');
      await page.locator('.audit-table tbody tr').first().waitFor();
      const filter = page.getByLabel(language === 'en' ? 'Action' : ruAudit.filter.action, { exact: true });
      const options = (await filter.locator('option').allTextContents()).slice(1);
      expect(options.length).toBe(recorded.length);
      expect(options.filter((o) => RAW_CODE.test(o) || recorded.includes(o))).toEqual([]);
      expect(options).toContain(language === 'en' ? 'Reconciliation' : 'Сверка');
      const rows = await page
        .locator('.audit-table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      for (const cells of rows) {
        expect(cells.filter((c) => RAW_CODE.test(c.trim()) || recorded.some((a) => a.includes('.') && c.includes(a)))).toEqual([]);
      }
      // A filter chosen by its words still finds the entries of its code.
      await filter.selectOption({ label: language === 'en' ? 'Reconciliation' : 'Сверка' });
      await expect.poll(() => page.locator('.audit-table tbody tr').count()).toBe(1);
      expect(await page.locator('.audit-table tbody tr td.audit-what').textContent()).toMatch(
        language === 'en' ? /^Reconciled / : /^Сверка /,
      );
    }
  });

  it('shows Settings in sections, with the environment badge in view however far it scrolls', async () => {
    const { page } = app;
    for (const language of LANGUAGES) {
      await speak(page, language);
      const words = language === 'en' ? undefined : ruSettings.sections;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await open(page, language, 'settings');
        const tabs = page.getByRole('tablist', { name: words?.label ?? 'Settings sections' }).getByRole('tab');
        expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual(
          words
            ? [words.general, words.test, words.production, words.custom, words.limits, words.team]
            : ['General', 'Test environment', 'Production', 'Custom address', 'Currencies and limits', 'Team database'],
        );
        // One section at a time: the test environment's credentials are not below the currency rows.
        await tabs.nth(4).click();
        expect(await page.getByRole('tabpanel').locator('input[type=password]').count()).toBe(0);
        // Scrolled once the section has its rows: a scroll asked while they load is lost when they come.
        await expect
          .poll(async () => {
            await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
            return page.evaluate('window.scrollY');
          })
          .toBeGreaterThan(0);
        const badge = await page.locator('.env-badge').boundingBox();
        expect(badge && badge.y >= 0 && badge.y + badge.height <= size.height).toBe(true);
        await screenshot(page, `settings-limits-scrolled-${language}-${size.width}x${size.height}`);
        if (size.width === 1024) expect(await accessibilityProblems(page)).toEqual([]);

        await tabs.nth(1).click();
        expect(await page.getByRole('tabpanel').locator('input[type=password]').count()).toBe(1);
        await screenshot(page, `settings-test-${language}-${size.width}x${size.height}`);
        if (size.width === 1024) expect(await accessibilityProblems(page)).toEqual([]);
      }
    }
  });

  it('writes every moment one way per language: the list, the order, the sync and the audit', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const language of LANGUAGES) {
      await speak(page, language);
      await open(page, language, 'orders');
      const firstRow = page.locator('.period-table [role=row][data-index="0"]');
      const listed = (await firstRow.locator('[role=cell]').first().innerText()).trim();
      expect(listed).toMatch(moment(language));
      const synced = (await page
        .getByText(language === 'en' ? /^Synced at / : /^Синхронизировано в /)
        .first()
        .textContent())!;
      expect(synced.replace(/^(Synced at|Синхронизировано в) /, '')).toMatch(timeAlone(language));
      await firstRow.click();
      const times = await page.getByRole('article').locator('time').allInnerTexts();
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) expect(t.trim()).toMatch(moment(language));
      // The Orders workspace keeps its place, a reload too: back to the list for the next language.
      await page
        .getByRole('button', { name: language === 'en' ? 'Back to the list' : 'Назад к списку' })
        .first()
        .click();
      await open(page, language, 'audit');
      for (const t of await page.locator('.audit-table time').allInnerTexts()) expect(t.trim()).toMatch(moment(language));
    }
  });
});
