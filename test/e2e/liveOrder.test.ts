/**
 * An order open on one desk while another desk of the team refunds it, in Chromium: the desk in the browser
 * and a second desk (an AppCore of the test's) share a throwaway PostgreSQL and a standalone sandbox as their
 * custom environment. The order view follows within seconds, without anyone looking it up again, and so does
 * a refund dialog open on it; the read it made is not in the desk's look-up history. Uses the real keychain
 * (the environment's token).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { control, startSandbox, uniqueNumber } from '../sandbox/client.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';
import { browserMissing, closeApp, launchChromium, openApp, openWorkspace, type AppUnderTest } from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

/** A desk working in the custom environment on `gateway`, its token in its own keychain service. */
async function inCustom(core: AppCore, gateway: Sandbox): Promise<void> {
  core.settings.setConnection('custom', { baseUrl: gateway.url, authMode: 'token' });
  await core.settings.setCredential('custom', 'token', 'sandbox-token');
  core.chargeLimits.setAccepted('custom', ['643']);
  core.chargeLimits.setMaximum('custom', '643', 1_000_000);
  await core.switchEnvironment('custom');
}

describePostgres('an order another desk changes, in the browser', () => {
  describe.skipIf(browserMissing() || !keychain)('follows the team', { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'live-order-'));
    let cluster: PostgresCluster;
    let gateway: Sandbox;
    let browser: Browser;
    let app: AppUnderTest;
    let other: AppCore;

    beforeAll(async () => {
      [cluster, gateway] = await Promise.all([startPostgres(), startSandbox()]);
      const url = await cluster.newDatabase();
      browser = await launchChromium();
      // The desk in the browser is started on the team database, as a scripted setup starts one.
      process.env.BACKOFFICE_DATABASE_URL = url;
      try {
        app = await openApp(browser, join(root, 'browser-desk'), {
          vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`),
        });
      } finally {
        delete process.env.BACKOFFICE_DATABASE_URL;
      }
      await inCustom(app.mode.core, gateway);
      other = await AppCore.open({
        dataFolder: mkdtempSync(join(root, 'other-')),
        osUser: 'fin-2',
        desk: 'FIN-2',
        vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`),
        teamDatabase: url,
      });
      await inCustom(other, gateway);
    }, 60_000);
    afterAll(async () => {
      for (const core of [other, app?.mode.core]) await core?.settings.clearCredential('custom', 'token').catch(() => undefined);
      await other?.close();
      await closeApp(app, browser);
      await gateway?.close();
      await cluster?.destroy();
      rmSync(root, { recursive: true, force: true });
    });

    it('shows a refund made at another desk on the order open here, and keeps that read out of the look-up history', async () => {
      const clientId = uniqueNumber('live');
      const [seeded] = (await control(gateway, 'POST', '/seed', { bindings: [{ clientId, category: 'RECURRENT' }] })).bindings as {
        bindingId: string;
      }[];
      const paid = await other.services.charges.charge({
        clientId,
        bindingId: seeded!.bindingId,
        category: 'RECURRENT',
        amount: 25_000,
        currency: '643',
      });
      if (paid.kind !== 'paid' || !paid.charge.orderId) throw new Error(`not paid: ${paid.kind}`);
      const { orderId } = paid.charge;

      const { page } = app;
      await openWorkspace(page, 'Orders');
      await page.getByRole('button', { name: 'One order' }).click();
      const box = page.getByLabel('Order ID or order number');
      await box.fill(orderId);
      await box.press('Enter');
      const view = page.getByRole('article');
      await expect.poll(() => view.getByRole('heading', { level: 2 }).first().textContent()).toContain(paid.charge.orderNumber);
      const history = () => app.mode.core.services.orders.history().length;
      const looked = history();
      expect(await view.textContent()).not.toContain('Partially refunded');
      // The refund dialog is open here while the other desk refunds part of the charge.
      await view.getByRole('button', { name: 'Refund…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund' });
      await expect.poll(() => dialog.textContent()).toContain('Up to RUB\u00a0250.00');

      expect((await other.services.operations.refund(orderId, 5_000)).kind).toBe('done');
      await expect.poll(() => view.textContent(), { timeout: 5_000 }).toContain('Partially refunded');
      // The dialog follows: what is left to refund is today's.
      await expect.poll(() => dialog.textContent()).toContain('Up to RUB\u00a0200.00');
      expect(history()).toBe(looked);
    });
  });
});
