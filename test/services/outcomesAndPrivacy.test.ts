import { beginUnguarded } from '../store/unguarded.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { AppCore } from '../../main/services/appCore.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { Vault } from '../../main/vault/vault.js';
import { AUTH, control, paidOrder, postForm, status, uniqueNumber } from '../sandbox/client.js';
import { saying } from '../phrases/said.js';
import { sandboxOfFile } from '../sandbox/fixture.js';
import { chargeServiceOn } from './chargeServiceOn.js';
import { orderServiceOn } from './orderServiceOn.js';

const sb = sandboxOfFile();
let db: Db;
let client: GatewayClient;
const dir = mkdtempSync(join(tmpdir(), 'review2-'));
beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  client = new GatewayClient({
    baseUrl: sb.url,
    credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
    language: 'en',
    retry: { attempts: 1 },
  });
});
afterAll(async () => {
  await client.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => control(sb, 'DELETE', '/faults'));

const charges = () =>
  chargeServiceOn(db, client, {
    environment: uniqueNumber('env').slice(0, 30).toLowerCase(),
    operator: 'op',
    osUser: 'u',
    perChargeMaximum: 10_000_000,
  });
async function card() {
  const clientId = uniqueNumber('client');
  const [{ bindingId }] = (await control(sb, 'POST', '/seed', { bindings: [{ clientId }] })).bindings as [{ bindingId: string }];
  return { clientId, bindingId, category: 'COMMON' as const };
}
const paidFor = async (orderNumber: string) =>
  ((await control(sb, 'GET', `/orders?orderNumber=${orderNumber}`)).orders as { status: number }[]).filter((o) => o.status === 2).length;

describe('charges whose answer or check is uncertain', () => {
  it('a failed status check after the payment was answered leaves the charge open, never FAILED; reconciled it is paid once', async () => {
    const service = charges();
    const c = await card();
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'throttle', retryAfterSec: 0 }],
    });
    const out = await service.charge({ ...c, amount: 1_111, currency: '643' });
    expect(out).toMatchObject({ kind: 'unknown', charge: { state: 'UNKNOWN' } });
    // The card takes nothing new while the first charge is open.
    expect((await service.charge({ ...c, amount: 1_111, currency: '643', confirmRepeat: true })).kind).toBe('refused');
    const [settled] = await service.reconcileAll();
    expect(settled).toMatchObject({ kind: 'paid' });
    expect(await paidFor((out as { charge: { orderNumber: string } }).charge.orderNumber)).toBe(1);
  });

  it('never adopts an order under the same reference that is not this charge', async () => {
    const service = charges();
    const reference = uniqueNumber('REF');
    await postForm(sb, '/payment/rest/register.do', {
      ...AUTH,
      orderNumber: reference,
      amount: 99,
      currency: '978',
      returnUrl: 'https://elsewhere.example',
    });
    // The local journal knows nothing of it; the gateway refuses the duplicate, and the row fails.
    const c = await card();
    expect((await service.charge({ ...c, amount: 5_000, currency: '643', reference })).kind).toBe('failed');
    // A charge left open under that number is compared before anything is paid.
    const journal = new SqliteChargeJournal(db);
    const row = await beginUnguarded(journal, {
      environment: 'mismatch',
      orderNumber: reference,
      amount: 5_000,
      currency: '643',
      bindingId: c.bindingId,
      clientId: c.clientId,
      category: 'COMMON',
      operator: 'op',
      at: Date.now(),
    });
    const other = chargeServiceOn(db, client, {
      environment: 'mismatch',
      operator: 'op',
      osUser: 'u',
      journal,
      perChargeMaximum: 10_000_000,
    });
    expect(await other.reconcile(row)).toMatchObject({ kind: 'unknown', charge: { reason: saying('not this charge') } });
    expect(await paidFor(reference)).toBe(0);
  });

  it('a refused resend during reconciliation settles by the order’s status, not as FAILED', async () => {
    const service = charges();
    const c = await card();
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'reset' }] });
    const out = await service.charge({ ...c, amount: 2_222, currency: '643' });
    expect(out.kind).toBe('unknown');
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'throttle', retryAfterSec: 0 }] });
    expect((await service.reconcileAll())[0]).toMatchObject({ kind: 'unknown' });
    expect((await service.reconcileAll())[0]).toMatchObject({ kind: 'paid' });
  });
});

describe('operations resent', () => {
  it('a refund whose resend is rate limited stays open; its refund id is random', async () => {
    const journal = new SqliteOperationJournal(db);
    const ops = new OrderOperations({ environment: 'ops', operator: 'op', osUser: 'u', client, journal, audit: new AuditRepository(db) });
    const orderId = await paidOrder(sb);
    await control(sb, 'POST', '/faults', {
      rules: [
        { path: '/payment/rest/refund.do', mode: 'lost' },
        { path: '/payment/rest/refund.do', mode: 'throttle', retryAfterSec: 0 },
      ],
    });
    const first = await ops.refund(orderId, 100);
    if (!('operation' in first)) throw new Error(`not journalled: ${first.kind}`);
    expect(first.operation.externalRefundId).toMatch(/^BO-[0-9a-f-]{33}$/);
    expect((await ops.reconcileAll())[0]).toMatchObject({ kind: 'unknown' });
    expect((await ops.reconcileAll())[0]).toMatchObject({ kind: 'done' });
    expect((await status(sb, { orderId })).refunds).toHaveLength(1);
  });
});

describe('privacy and settings', () => {
  it('masks a card number typed into the look-up box before it is recorded', async () => {
    const orders = orderServiceOn(db, client, { environment: 'mask' });
    await orders.lookup('4444555511113333');
    expect(orders.history(1)[0]).toMatchObject({ label: '444455******3333', outcome: 'notFound' });
    expect(orders.history(1)[0]?.key).toBeUndefined();
  });

  it('shows no credentials when the client is printed or serialised', () => {
    expect(JSON.stringify({ client })).not.toContain('sandbox-pass');
    expect(inspect(client, { depth: 5 })).not.toContain('sandbox-pass');
  });

  it('keeps the settings as they were when a switch of environment fails', async () => {
    const core = await AppCore.open({
      dataFolder: mkdtempSync(join(dir, 'core-')),
      osUser: 'u',
      vault: new Vault({ get: async () => null, set: async () => {}, delete: async () => false }),
    });
    await expect(core.updateGeneral({ environment: 'production' })).rejects.toThrow(/No base URL/);
    expect(core.settings.general().environment).toBe('sandbox');
    // The refusal is audited as one, and nothing records a switch that did not happen.
    expect(core.audit.query({ action: 'environment.switch' }).map((e) => e.outcome)).toEqual(['refused']);
    await core.close();
  });
});
