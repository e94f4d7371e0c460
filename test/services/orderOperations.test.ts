import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { english } from '../../main/phrases/english.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { OperationJournal } from '../../main/store/operations.js';
import { control, paidOrder, status } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
let db: Db;
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', timeoutMs: 2_000 }),
);
let journal: OperationJournal;
let audit: AuditRepository;
let ops: OrderOperations;
const dir = mkdtempSync(join(tmpdir(), 'operations-test-'));

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  journal = new OperationJournal(db);
  audit = new AuditRepository(db);
  ops = new OrderOperations({ environment: 'sandbox', operator: 'finance@desk', osUser: 'finance', client, journal, audit });
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => control(sb, 'DELETE', '/faults'));

const PREAUTH = '/payment/rest/registerPreAuth.do';

describe('operations on paid orders', () => {
  it('deposits part of a hold, refunds part of the charge, and reverses another hold, each journalled and audited', async () => {
    const held = await paidOrder(sb, {}, PREAUTH);
    expect((await ops.deposit(held, 6_000)).kind).toBe('done');
    expect((await ops.refund(held, 1_000)).kind).toBe('done');
    expect(await status(sb, { orderId: held })).toMatchObject({
      orderStatus: 2,
      paymentAmountInfo: { depositedAmount: 6_000, refundedAmount: 1_000 },
    });
    const other = await paidOrder(sb, {}, PREAUTH);
    expect((await ops.reverse(other)).kind).toBe('done');
    expect((await status(sb, { orderId: other })).orderStatus).toBe(3);
    expect(journal.forOrder('sandbox', held).map((o) => `${o.kind}:${o.state}`)).toEqual(['deposit:DONE', 'refund:DONE']);
    expect(audit.query({ objectId: held }).map((e) => `${e.action}:${e.outcome}`)).toEqual(['refund:success', 'deposit:success']);
  });

  it('reports the gateway’s refusal of too much to refund; a second reversal is refused on the live status, unsent', async () => {
    const charged = await paidOrder(sb);
    const refused = await ops.refund(charged, 10_001);
    expect(refused).toMatchObject({ kind: 'refused', operation: { state: 'REFUSED', reason: { code: 'gateway.refused' } } });
    if (refused.kind === 'refused') expect(english(refused.operation.reason!)).toContain('left to refund');
    // The audit log keeps the English it always did.
    expect(audit.query({ objectId: charged })[0]?.detail).toMatch(
      /^REFUSED amount 10001: The gateway refused the request: .*left to refund/,
    );
    const held = await paidOrder(sb, {}, PREAUTH);
    await ops.reverse(held);
    const again = await ops.reverse(held);
    expect(again).toMatchObject({ kind: 'notSent', reason: { code: 'operation.onlyHeldOrCharged', params: { code: 3 } } });
    if (again.kind === 'notSent') expect(english(again.reason)).toContain('status 3');
    expect(journal.forOrder('sandbox', held).map((o) => o.kind)).toEqual(['reverse']);
  });

  it('settles a refund whose answer was lost by resending it under the same externalRefundId: refunded once', async () => {
    const charged = await paidOrder(sb);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
    const first = await ops.refund(charged, 2_500);
    if (!('operation' in first)) throw new Error(`not journalled: ${first.kind}`);
    expect(first.kind).toBe('unknown');
    const [settled] = await ops.reconcileAll();
    expect(settled).toMatchObject({ kind: 'done', operation: { state: 'DONE', externalRefundId: first.operation.externalRefundId } });
    const s = await status(sb, { orderId: charged });
    expect(s.refunds).toHaveLength(1);
    expect(s.paymentAmountInfo.refundedAmount).toBe(2_500);
  });

  it('settles a lost deposit from the order’s status, and resends one that never arrived', async () => {
    const arrived = await paidOrder(sb, {}, PREAUTH);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'lost' }] });
    expect((await ops.deposit(arrived, 0)).kind).toBe('unknown');
    const never = await paidOrder(sb, {}, PREAUTH);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'reset' }] });
    expect((await ops.deposit(never, 0)).kind).toBe('unknown');
    const settled = await ops.reconcileAll();
    expect(settled.map((s) => s.kind)).toEqual(['done', 'done']);
    for (const orderId of [arrived, never])
      expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 2, paymentAmountInfo: { depositedAmount: 10_000 } });
    expect(journal.open('sandbox')).toEqual([]);
  });

  it('refuses amounts that are not whole minor units before journalling anything', async () => {
    const before = journal.open('sandbox').length;
    await expect(ops.refund('x', 1.5)).rejects.toThrow(/whole number/);
    expect(journal.open('sandbox')).toHaveLength(before);
  });
});
