import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.js';
import { english } from '../../main/phrases/english.js';
import type { Said } from '../../main/phrases/phrase.js';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { control, startSandbox, uniqueNumber } from '../sandbox/client.js';
import { saying } from '../phrases/said.js';
import { signInAtCore } from '../ipc/people.js';

const root = mkdtempSync(join(tmpdir(), 'core-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = () => mkdtempSync(join(root, 'data-'));
const keychainReady = process.env.KEYCHAIN_TESTS === '1';

async function sandboxBinding(core: AppCore) {
  const clientId = uniqueNumber('client');
  const { bindings } = (await control(core.sandbox, 'POST', '/seed', { bindings: [{ clientId }] })) as {
    bindings: { bindingId: string }[];
  };
  return { clientId, bindingId: bindings[0]!.bindingId, category: 'COMMON' as const };
}

describe('the app core on the embedded sandbox', () => {
  it('opens on the sandbox with its demo data, its orders kept in the data folder across restarts', async () => {
    const dataFolder = folder();
    const core = await AppCore.open({ dataFolder, osUser: 'tester', demo: true });
    expect(core.services.environment).toBe('sandbox');
    expect(await core.services.orders.lookup('demo-0003')).toMatchObject({
      kind: 'found',
      order: { paid: true, statusWords: { code: 'order.status.charged' } },
    });
    await core.close();
    const again = await AppCore.open({ dataFolder, osUser: 'tester', demo: true });
    expect(await again.services.orders.lookup('demo-0003')).toMatchObject({ kind: 'found' });
    await again.close();
  });

  it('reconciles a charge left unknown before the app is ready again: paid exactly once', async () => {
    const dataFolder = folder();
    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    const card = await sandboxBinding(core);
    await control(core.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
    const out = await core.services.charges.charge({ ...card, amount: 777, currency: '643' });
    expect(out.kind).toBe('unknown');
    const orderNumber = (out as { charge: { orderNumber: string } }).charge.orderNumber;
    await core.close();

    const reopened = await AppCore.open({ dataFolder, osUser: 'tester' });
    const result = await reopened.services.orders.lookup(orderNumber);
    expect(result).toMatchObject({ kind: 'found', order: { paid: true } });
    expect((await reopened.services.charges.charge({ ...card, amount: 778, currency: '643' })).kind).toBe('paid');
    const { orders } = (await control(reopened.sandbox, 'GET', `/orders?orderNumber=${orderNumber}`)) as { orders: { status: number }[] };
    expect(orders.filter((o) => o.status === 2)).toHaveLength(1);
    await reopened.close();
  });

  it('takes a new language to the gateway at its next request, leaving the services and a sync under way as they are', async () => {
    const core = await AppCore.open({ dataFolder: folder(), osUser: 'admin' });
    await signInAtCore(core);
    try {
      // Slow pages: the sync is still reading when the language changes.
      await control(core.sandbox, 'POST', '/faults', {
        rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'latency', latencyMs: 300, count: 0 }],
      });
      const list = core.services.list;
      const now = Date.now();
      const sync = list.syncPeriod({ from: now - 86_400_000, to: now });
      await core.updatePreferences({ language: 'ru' });
      expect(core.services.list).toBe(list);
      expect((await sync).state).toBe('done');
      await control(core.sandbox, 'DELETE', '/faults');
      const refused = (language: string) =>
        core.services.bindings.disable(`no-such-binding-${language}`).catch((e: { gatewayMessage: string }) => e.gatewayMessage);
      expect(await refused('ru')).toBe('Связка не найдена или уже неактивна');
      await core.updatePreferences({ language: 'en' });
      expect(await refused('en')).toBe('Binding not found or already inactive');
    } finally {
      await core.close();
    }
  });

  it('keeps settings across restarts, applies the per-charge maximum at once, and audits changes', async () => {
    const dataFolder = folder();
    const core = await AppCore.open({ dataFolder, osUser: 'admin' });
    await signInAtCore(core);
    const administrator = core.signedIn();
    await core.updatePreferences({ language: 'ru' });
    core.chargeLimits.setMaximum('sandbox', '643', 500);
    // The gateway's own texts now come back in Russian.
    expect(await core.services.orders.lookup('no-such-order')).toMatchObject({ kind: 'notFound' });
    const refused = await core.services.bindings.disable('no-such-binding').catch((e: { gatewayMessage: string }) => e.gatewayMessage);
    expect(refused).toBe('Связка не найдена или уже неактивна');
    // The client, which holds credentials, is not handed out, and shows none when printed.
    expect(Object.keys(core.services)).not.toContain('client');
    const card = await sandboxBinding(core);
    expect(await core.services.charges.charge({ ...card, amount: 501, currency: '643' })).toMatchObject({
      kind: 'refused',
      reason: saying(/maximum of RUB\s5\.00/),
    });
    await core.close();
    const again = await AppCore.open({ dataFolder, osUser: 'admin' });
    expect(again.settings.general()).toMatchObject({ environment: 'sandbox' });
    expect(again.settings.preferences(administrator.id)).toMatchObject({ language: 'ru' });
    expect(again.chargeLimits.limit('sandbox', '643')).toEqual({ kind: 'allowed', maximum: 500, from: 'set' });
    expect(again.audit.query({ action: 'settings.change' })[0]?.detail).toBe('language');
    expect(() => again.settings.setPreferences(administrator.id, { language: 'russian' })).toThrow(/language/);
    await again.close();
  });

  it('refuses an environment it cannot reach rather than falling back, and keeps the current one', async () => {
    const core = await AppCore.open({
      dataFolder: folder(),
      osUser: 'admin',
      vault: new Vault({ get: async () => null, set: async () => {}, delete: async () => false }),
    });
    await expect(core.switchEnvironment('production')).rejects.toThrow(/No base URL/);
    expect(() => core.settings.setConnection('production', { baseUrl: 'http://gateway.example' })).toThrow(/HTTPS/);
    core.settings.setConnection('custom', { baseUrl: 'http://127.0.0.1:9', authMode: 'token' });
    await expect(core.switchEnvironment('custom')).rejects.toThrow(/No API token/);
    expect(core.services.environment).toBe('sandbox');
    await expect(core.settings.setCredential('sandbox', 'password', 'x')).rejects.toThrow(/public/);
    await core.close();
  });
});

describe.runIf(keychainReady)('switching to another environment', () => {
  let other: Sandbox;
  beforeAll(async () => {
    other = await startSandbox();
  });
  afterAll(() => other.close());

  it('uses the keychain’s credentials, keeps each environment’s data apart, and audits the switch', async () => {
    const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
    const core = await AppCore.open({ dataFolder: folder(), osUser: 'admin', vault, demo: true });
    await core.services.orders.lookup('demo-0003');
    core.settings.setConnection('custom', { baseUrl: other.url, authMode: 'token' });
    await core.settings.setCredential('custom', 'token', 'sandbox-token');
    expect(await core.settings.credentialStatus('custom')).toEqual({ password: false, token: true });
    await core.switchEnvironment('custom');
    expect(core.services.environment).toBe('custom');
    expect(core.services.orders.searchOffline('demo-0003')).toEqual([]);
    expect(await core.services.orders.lookup('demo-0003')).toMatchObject({ kind: 'notFound' });
    await control(other, 'GET', '/health');
    expect(core.audit.query({ action: 'environment.switch' })[0]).toMatchObject({ environment: 'custom', detail: 'from sandbox' });
    expect(JSON.stringify(core.audit.query())).not.toContain('sandbox-token');
    await core.settings.clearCredential('custom', 'token');
    await core.close();
  });

  it('cancels batch look-ups and batch charges of the environment it leaves, whichever call switched', async () => {
    const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
    const core = await AppCore.open({ dataFolder: folder(), osUser: 'admin', vault });
    try {
      const card = await sandboxBinding(core);
      const planned = await core.chargeBatches.plan(
        `clientId,bindingId,amount,currency\n${card.clientId},${card.bindingId},100,643`,
        'sandbox',
        {
          bindings: core.services.bindings,
          perChargeMaximum: 1_000_000,
          charges: core.services.charges,
        },
      );
      expect(planned.state).toBe('planned');
      // Slow answers: the batch look-up is still running when the switch comes.
      await control(core.sandbox, 'POST', '/faults', {
        rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 200, count: 0 }],
      });
      const { batchId } = core.batchLookups.start(Array.from({ length: 40 }, () => uniqueNumber('none')).join('\n'));
      expect(core.batchLookups.read(batchId).state).toBe('running');

      core.settings.setConnection('custom', { baseUrl: other.url, userName: 'sandbox-api' });
      await core.settings.setCredential('custom', 'password', 'sandbox-pass');
      await core.switchEnvironment('custom');
      // Its requests under way end in the transport; the lines not reached are counted as cancelled.
      await vi.waitFor(() => expect(core.batchLookups.read(batchId).state).toBe('cancelled'));
      expect(core.batchLookups.read(batchId).progress.cancelled).toBeGreaterThan(0);
      expect(core.chargeBatches.status(planned.plan.batchId).state).toBe('cancelled');
      const { orders } = (await control(core.sandbox, 'GET', `/orders?clientId=${card.clientId}`)) as { orders: unknown[] };
      // The seed's own order only: nothing of the batch was charged.
      expect(orders).toHaveLength(1);
      await core.settings.clearCredential('custom', 'password');
    } finally {
      await core.close();
    }
  });

  it('signs with a newly activated key at once where requests are signed', async () => {
    const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
    const core = await AppCore.open({ dataFolder: folder(), osUser: 'admin', vault });
    core.settings.setConnection('custom', { baseUrl: other.url, userName: 'signed-api' });
    await core.settings.setCredential('custom', 'password', 'signed-pass');
    await core.switchEnvironment('custom');
    const known = await core.keys.generate('custom', 'signed', 30);
    await control(other, 'POST', '/merchants/signed/certificates', { pem: await core.keys.exportCertificate('custom', known.id) });
    await core.activateSigningKey(known.id);
    await core.updateConnection('custom', { signatureRequired: true });
    const lookUp = () => core.services.orders.lookup(uniqueNumber('signed'));
    expect(await lookUp()).toMatchObject({ kind: 'notFound' });

    // A key whose certificate the gateway does not have: the very next request is signed with it, and refused.
    const unknown = await core.keys.generate('custom', 'signed', 30);
    await core.activateSigningKey(unknown.id);
    const refused = await lookUp();
    expect(refused).toMatchObject({
      kind: 'failed',
      reason: [{ code: 'gateway.signature' }, { code: 'gateway.effect.nothing' }, { code: 'gateway.checkSigningKeys' }],
    });
    expect(english((refused as { reason: Said }).reason)).toContain('Request signature rejected');
    await core.activateSigningKey(known.id);
    expect(await lookUp()).toMatchObject({ kind: 'notFound' });
    await core.close();
  });
});
