/**
 * A reconciliation racing the charges it reconciles: "Reconcile now" (or a reopening of the environment)
 * while a charge is on its way must decide on each row as it is when it is claimed, never on the copy it
 * read when it started. Real HTTP to the sandbox with its faults; the journals in a desk's SQLite file and
 * in the team's PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { signInAtCore } from '../ipc/people.js';
import { AppCore } from '../../main/services/appCore.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { phrase } from '../../main/phrases/phrase.js';
import { sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { ENGINES, teamStoresOn, type Store } from '../store/journalEngines.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const dir = folderOfFile('reconcile-race-');
afterEach(() => control(sb, 'DELETE', '/faults'));

/**
 * A desk's file, its own audit log, and its journals: the file's own, or those of the team's database (whose
 * entries the desk's own log gets a copy of, as the app's desks do).
 */
async function journals(team: Store | undefined) {
  const db = openDatabase(join(dir, `${uniqueNumber('db')}.sqlite`));
  const audit = new AuditRepository(db);
  const desk = team ? await team.desk(audit) : undefined;
  return {
    db,
    audit,
    journal: desk?.journal ?? new SqliteChargeJournal(db, undefined, audit),
    operations: desk?.operations ?? new SqliteOperationJournal(db, undefined, audit),
  };
}

/** Finance charging at a desk. */
async function chargingDesk(team: Store | undefined) {
  const { db, journal, audit } = await journals(team);
  const client = new GatewayClient({
    baseUrl: sb.url,
    credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
    language: 'en',
    timeoutMs: 10_000,
  });
  const service = chargeServiceOn(db, client, { operator: 'finance@desk', osUser: 'tester', journal, audit, perChargeMaximum: 50_000_000 });
  return { journal, audit, service };
}

async function card(on: Sandbox = sb) {
  const clientId = uniqueNumber('client');
  const { bindings } = (await control(on, 'POST', '/seed', { bindings: [{ clientId }] })) as { bindings: { bindingId: string }[] };
  return { clientId, bindingId: bindings[0]!.bindingId, category: 'COMMON' as const, currency: '643' };
}

async function gatewayOrders(orderNumber: string, on: Sandbox = sb): Promise<{ status: number }[]> {
  return (await control(on, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`)).orders as { status: number }[];
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 10));
  if (!(await condition())) throw new Error('the condition never held');
}

// The same on each engine; the reopening of an environment (below) is the embedded sandbox's, which stays on the desk.
for (const engine of ENGINES)
  engine.describe(`races on the journal (${engine.name})`, () => {
    const teamStore = teamStoresOn(engine);
    const desk = async () => chargingDesk(await teamStore());

    describe('a reconciliation racing a charge', () => {
      it('never pays a charge that failed while it reconciled another (the chaos run, step by step)', async () => {
        const { service, journal, audit } = await desk();
        const [c1, c2] = [await card(), await card()];
        // 1. c1's payment answer is lost: it stays unknown.
        await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
        expect((await service.charge({ ...c1, amount: 11_100 })).kind).toBe('unknown');
        await control(sb, 'DELETE', '/faults');
        // 2. The status slow (c1's reconciliation waits on it), register slow, and c2's payment rate limited.
        await control(sb, 'POST', '/faults', {
          rules: [
            { path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 3_000, count: 1 },
            { path: '/payment/rest/register.do', mode: 'latency', latencyMs: 1_500, count: 1 },
            { path: '/payment/rest/paymentOrderBinding.do', mode: 'throttle', retryAfterSec: 3600, count: 1 },
          ],
        });
        // 3. c2 is charged; while the journal lists it as being sent, "Reconcile now".
        const charging = service.charge({ ...c2, amount: 22_200 });
        await until(async () => (await journal.open()).some((c) => c.bindingId === c2.bindingId));
        const reconciling = service.reconcileAll();
        const [charged, reconciled] = await Promise.all([charging, reconciling]);

        expect(charged).toMatchObject({ kind: 'failed', charge: { state: 'FAILED' } });
        const row = (await journal.get((charged as { charge: { id: number } }).charge.id))!;
        expect(row.state).toBe('FAILED');
        // What the journal says is what the gateway did: c2's order was never paid.
        const orders = await gatewayOrders(row.orderNumber);
        expect(orders.filter((o) => [1, 2].includes(o.status))).toEqual([]);
        // c1 was settled by the reconciliation, once, and c2 was not reconciled at all.
        expect(reconciled.map((o) => o.kind)).toEqual(['paid']);
        const entries = audit.query({ action: 'charge' }).filter((e) => e.objectId === row.orderNumber);
        expect(entries.map((e) => e.outcome)).toEqual(['failure']);
      });

      it('a reconciliation of a row that settled meanwhile reports what became of it, sends nothing and audits nothing', async () => {
        const { service, journal, audit } = await desk();
        const c = await card();
        await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
        const out = await service.charge({ ...c, amount: 33_300 });
        expect(out.kind).toBe('unknown');
        await control(sb, 'DELETE', '/faults');
        const stale = (await journal.get((out as { charge: { id: number } }).charge.id))!;
        expect((await service.reconcile(stale)).kind).toBe('paid');
        const audited = audit.query({ action: 'charge' }).length;
        // The screen still shows the copy it read before: reconciling it again changes nothing.
        expect(await service.reconcile(stale)).toMatchObject({ kind: 'paid', charge: { state: 'PAID' } });
        expect(audit.query({ action: 'charge' })).toHaveLength(audited);
        expect((await gatewayOrders(stale.orderNumber)).filter((o) => o.status === 2)).toHaveLength(1);
      });
    });

    describe('a reference used before', () => {
      const throttle = (path: string) =>
        control(sb, 'POST', '/faults', { rules: [{ path, mode: 'throttle', retryAfterSec: 3600, count: 1 }] });

      it.each([
        ['refused at register.do: nothing at the gateway', '/payment/rest/register.do'],
        ['refused at the payment: an unpaid order at the gateway', '/payment/rest/paymentOrderBinding.do'],
      ])('whose charge failed (%s) is charged again once confirmed, under the same reference, once', async (_, path) => {
        const { service, journal } = await desk();
        const c = await card();
        const reference = uniqueNumber('INV');
        await throttle(path);
        const failed = await service.charge({ ...c, amount: 44_400, reference });
        expect(failed).toMatchObject({ kind: 'failed', charge: { state: 'FAILED' } });
        // Asked again: what became of it, and a confirmation.
        const asked = await service.charge({ ...c, amount: 44_400, reference });
        expect(asked).toMatchObject({
          kind: 'needsConfirmation',
          why: 'referenceFailed',
          earlier: [{ orderNumber: reference, state: 'FAILED' }],
        });
        const again = await service.charge({ ...c, amount: 44_400, reference, confirmRepeat: true });
        expect(again).toMatchObject({ kind: 'paid', charge: { orderNumber: reference, state: 'PAID' } });
        expect((await gatewayOrders(reference)).map((o) => o.status)).toEqual([2]);
        // Both attempts stay in the journal; the reference now reads as charged.
        expect((await journal.list({ text: reference })).map((c) => c.state)).toEqual(['PAID', 'FAILED']);
        expect(await service.charge({ ...c, amount: 44_400, reference, confirmRepeat: true })).toMatchObject({
          kind: 'refused',
          reason: phrase('charge.refused.referenceUsed', { reference, what: phrase('charge.became.charged') }),
        });
      });

      it('says what became of it, and is not charged again unless it failed on the same card for the same amount', async () => {
        const { service } = await desk();
        const c = await card();
        const reference = uniqueNumber('INV');
        await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
        expect((await service.charge({ ...c, amount: 55_500, reference })).kind).toBe('unknown');
        await control(sb, 'DELETE', '/faults');
        expect(await service.charge({ ...(await card()), amount: 55_500, reference, confirmRepeat: true })).toMatchObject({
          kind: 'refused',
          reason: phrase('charge.refused.referenceUsed', { reference, what: phrase('charge.became.unknown') }),
        });
        const failedReference = uniqueNumber('INV');
        await throttle('/payment/rest/register.do');
        expect((await service.charge({ ...(await card()), amount: 66_600, reference: failedReference })).kind).toBe('failed');
        expect(await service.charge({ ...(await card()), amount: 66_700, reference: failedReference, confirmRepeat: true })).toMatchObject({
          kind: 'refused',
          reason: phrase('charge.refused.referenceUsed', { reference: failedReference, what: phrase('charge.became.failed') }),
        });
      });
    });

    describe('a reconciliation racing an order operation', () => {
      it('does not send a deposit again while the first is on its way, nor audit it twice', async () => {
        const { db, operations: journal, audit } = await journals(await teamStore());
        const client = new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', timeoutMs: 10_000 });
        const ops = new OrderOperations({ environment: 'sandbox', operator: 'finance@desk', osUser: 'finance', client, journal, audit });
        const held = await paidOrder(sb, {}, '/payment/rest/registerPreAuth.do');
        await control(sb, 'POST', '/faults', {
          rules: [{ path: '/payment/rest/deposit.do', mode: 'latency', latencyMs: 1_000, count: 1 }],
        });
        const depositing = ops.deposit(held, 3_000);
        await until(async () => (await journal.open('sandbox')).length === 1);
        expect(await ops.reconcileAll()).toEqual([]);
        expect((await depositing).kind).toBe('done');
        const { requests } = (await control(sb, 'GET', `/requests?endpoint=deposit.do&orderId=${held}`)) as { requests: unknown[] };
        expect(requests).toHaveLength(1);
        expect(audit.query({ objectId: held }).map((e) => `${e.action}:${e.outcome}`)).toEqual(['deposit:success']);
        await client.close();
        db.close();
      });
    });
  });

describe('a reopening of the environment while a charge is sent', () => {
  it('lets the charge finish on the client it began with: paid once, not cut off into an unknown outcome', async () => {
    const core = await AppCore.open({ dataFolder: mkdtempSync(join(dir, 'core-')), osUser: 'finance', log: () => undefined });
    await signInAtCore(core);
    try {
      const { bindings } = (await control(core.sandbox, 'POST', '/seed', { bindings: [{ clientId: 'reopened-client' }] })) as {
        bindings: { bindingId: string }[];
      };
      await control(core.sandbox, 'POST', '/faults', {
        rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: 1_500 }],
      });
      const charging = core.services.charges.charge({
        clientId: 'reopened-client',
        bindingId: bindings[0]!.bindingId,
        category: 'COMMON',
        amount: 77_700,
        currency: '643',
      });
      await until(async () => (await core.services.charges.journal.open('sandbox')).length === 1);
      // Saving the language reopens the environment; it does not wait for the charge.
      let reopened = false;
      const reopening = core.updatePreferences({ language: 'ru' }).then(() => (reopened = true));
      const charged = await charging;
      expect(reopened).toBe(true);
      await reopening;
      expect(charged).toMatchObject({ kind: 'paid', charge: { state: 'PAID' } });
      const orderNumber = (charged as { charge: { orderNumber: string } }).charge.orderNumber;
      expect((await gatewayOrders(orderNumber, core.sandbox)).map((o) => o.status)).toEqual([2]);
      // The new services take charges at once.
      expect((await core.services.charges.charge({ ...(await card(core.sandbox)), amount: 100 })).kind).toBe('paid');
    } finally {
      await core.close();
    }
  });
});
