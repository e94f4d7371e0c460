import { afterEach, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { english } from '../../main/phrases/english.js';
import { control, paidOrder, status } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { ENGINES } from '../store/journalEngines.js';
import { operationsOfFile } from './operationsOfFile.js';

const sb = sandboxOfFile();
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', timeoutMs: 2_000 }),
);
afterEach(() => control(sb, 'DELETE', '/faults'));

const PREAUTH = '/payment/rest/registerPreAuth.do';

// The same behaviour on each engine: the desk's own file, and the team's database.
for (const engine of ENGINES)
  engine.describe(`operations on paid orders (${engine.name})`, () => {
    const desk = operationsOfFile('operations-test-', client, {}, engine);
    it('deposits part of a hold, refunds part of the charge, and reverses another hold, each journalled and audited', async () => {
      const held = await paidOrder(sb, {}, PREAUTH);
      expect((await desk.ops.deposit(held, 6_000)).kind).toBe('done');
      expect((await desk.ops.refund(held, 1_000)).kind).toBe('done');
      expect(await status(sb, { orderId: held })).toMatchObject({
        orderStatus: 2,
        paymentAmountInfo: { depositedAmount: 6_000, refundedAmount: 1_000 },
      });
      const other = await paidOrder(sb, {}, PREAUTH);
      expect((await desk.ops.reverse(other)).kind).toBe('done');
      expect((await status(sb, { orderId: other })).orderStatus).toBe(3);
      expect((await desk.journal.forOrder('sandbox', held)).map((o) => `${o.kind}:${o.state}`)).toEqual(['deposit:DONE', 'refund:DONE']);
      expect(desk.audit.query({ objectId: held }).map((e) => `${e.action}:${e.outcome}`)).toEqual(['refund:success', 'deposit:success']);
    });

    it('reports the gateway’s refusal of too much to refund; a second reversal is refused on the live status, unsent', async () => {
      const charged = await paidOrder(sb);
      const refused = await desk.ops.refund(charged, 10_001);
      expect(refused).toMatchObject({ kind: 'refused', operation: { state: 'REFUSED', reason: { code: 'gateway.refused' } } });
      if (refused.kind === 'refused') expect(english(refused.operation.reason!)).toContain('left to refund');
      // The audit log keeps the English it always did.
      expect(desk.audit.query({ objectId: charged })[0]?.detail).toMatch(
        /^REFUSED amount 10001: The gateway refused the request: .*left to refund/,
      );
      const held = await paidOrder(sb, {}, PREAUTH);
      await desk.ops.reverse(held);
      const again = await desk.ops.reverse(held);
      expect(again).toMatchObject({ kind: 'notSent', reason: { code: 'operation.onlyHeldOrCharged', params: { code: 3 } } });
      if (again.kind === 'notSent') expect(english(again.reason)).toContain('status 3');
      expect((await desk.journal.forOrder('sandbox', held)).map((o) => o.kind)).toEqual(['reverse']);
    });

    it('settles a refund whose answer was lost by resending it under the same externalRefundId: refunded once', async () => {
      const charged = await paidOrder(sb);
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
      const first = await desk.ops.refund(charged, 2_500);
      if (!('operation' in first)) throw new Error(`not journalled: ${first.kind}`);
      expect(first.kind).toBe('unknown');
      const [settled] = await desk.ops.reconcileAll();
      expect(settled).toMatchObject({ kind: 'done', operation: { state: 'DONE', externalRefundId: first.operation.externalRefundId } });
      const s = await status(sb, { orderId: charged });
      expect(s.refunds).toHaveLength(1);
      expect(s.paymentAmountInfo.refundedAmount).toBe(2_500);
    });

    it('settles a lost deposit from the order’s status, and resends one that never arrived', async () => {
      const arrived = await paidOrder(sb, {}, PREAUTH);
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'lost' }] });
      expect((await desk.ops.deposit(arrived, 0)).kind).toBe('unknown');
      const never = await paidOrder(sb, {}, PREAUTH);
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'reset' }] });
      expect((await desk.ops.deposit(never, 0)).kind).toBe('unknown');
      const settled = await desk.ops.reconcileAll();
      expect(settled.map((s) => s.kind)).toEqual(['done', 'done']);
      for (const orderId of [arrived, never])
        expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 2, paymentAmountInfo: { depositedAmount: 10_000 } });
      expect(await desk.journal.open('sandbox')).toEqual([]);
    });

    it('refuses amounts that are not whole minor units before journalling anything', async () => {
      const before = (await desk.journal.open('sandbox')).length;
      await expect(desk.ops.refund('x', 1.5)).rejects.toThrow(/whole number/);
      expect(await desk.journal.open('sandbox')).toHaveLength(before);
    });
  });
