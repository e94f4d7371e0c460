/**
 * Operations on a paid order over IPC, over a real core (SQLite files, the embedded sandbox over HTTP):
 * refunds sent at once from several windows meet in the operations journal's guard, so the customer is
 * refunded once; the same refund again asks for confirmation, as a repeated charge does; an operation goes
 * only to the environment its dialog named; and an order that cannot be read again after an operation comes
 * back marked as cached, never as the live view from before it.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelName, Input } from '../../main/ipc/contract.js';
import { english } from '../../main/phrases/english.js';
import { control, paidOrder, status } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';

const ipc = ipcOfFile('operations-ipc-', 'finance', { clearFaults: true });

const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);

describe('refunds and reversals over IPC', () => {
  it('three refunds of one order and amount sent at once refund the customer once', async () => {
    const orderId = await paidOrder(ipc.core.sandbox);
    const answers = await Promise.all([1, 2, 3].map(() => call('orders.refund', { environment: 'sandbox', orderId, amount: 2_500 })));
    expect(answers.map((a) => a.outcome).sort()).toEqual(['done', 'notSent', 'notSent']);
    for (const a of answers.filter((x) => x.outcome === 'notSent')) {
      expect(a.reason).toMatchObject({ code: 'operation.stillOpen', params: { kind: { code: 'operation.kind.refund' } } });
      expect(english(a.reason!)).toMatch(/refund on this order .* has no answer yet/);
    }
    const s = await status(ipc.core.sandbox, { orderId });
    expect(s.refunds).toHaveLength(1);
    expect(s.paymentAmountInfo.refundedAmount).toBe(2_500);
    // The ones not sent are in the audit log as refused, with why.
    const audited = ipc.core.audit.query({ objectId: orderId }).map((e) => `${e.action}:${e.outcome}`);
    expect(audited.sort()).toEqual(['refund:refused', 'refund:refused', 'refund:success']);
  });

  it('the same refund again within ten minutes needs confirmation; confirmed, it is sent', async () => {
    const orderId = await paidOrder(ipc.core.sandbox);
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 1_000 })).outcome).toBe('done');
    const again = await call('orders.refund', { environment: 'sandbox', orderId, amount: 1_000 });
    expect(again).toMatchObject({ outcome: 'needsConfirmation', earlier: [{ amount: 1_000, operator: 'finance' }] });
    expect((await status(ipc.core.sandbox, { orderId })).refunds).toHaveLength(1);
    // Another amount is another refund, and a confirmed repeat goes through.
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 500 })).outcome).toBe('done');
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 1_000, confirmRepeat: true })).outcome).toBe('done');
    expect((await status(ipc.core.sandbox, { orderId })).paymentAmountInfo.refundedAmount).toBe(2_500);
  });

  it('a refund whose answer was lost blocks every other operation on the order until it is reconciled', async () => {
    const orderId = await paidOrder(ipc.core.sandbox);
    await control(ipc.core.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 700 })).outcome).toBe('unknown');
    await control(ipc.core.sandbox, 'DELETE', '/faults');
    expect(await call('orders.reverse', { environment: 'sandbox', orderId })).toMatchObject({ outcome: 'notSent' });
    expect(await call('orders.refund', { environment: 'sandbox', orderId, amount: 300 })).toMatchObject({ outcome: 'notSent' });
    await ipc.core.services.operations.reconcileAll();
    expect((await call('orders.refund', { environment: 'sandbox', orderId, amount: 300 })).outcome).toBe('done');
    expect((await status(ipc.core.sandbox, { orderId })).paymentAmountInfo.refundedAmount).toBe(1_000);
  });

  it('goes only to the environment the dialog named', async () => {
    const orderId = await paidOrder(ipc.core.sandbox);
    const refused = await ipc.refusal('orders.refund', { environment: 'production', orderId, amount: 100 });
    expect(refused).toMatchObject({ code: 'invalidInput' });
    expect(refused.message).toMatch(/now in sandbox, not production as confirmed; nothing was sent/);
    expect((await status(ipc.core.sandbox, { orderId })).paymentAmountInfo.refundedAmount).toBe(0);
  });

  it('answers with the cached order, marked so, when the order cannot be read again after a refund', async () => {
    const orderId = await paidOrder(ipc.core.sandbox);
    await call('orders.lookup', { query: orderId });
    // The status read the refund is decided on answers; every read after it gets 503.
    await control(ipc.core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0, skip: 1 }],
    });
    const r = await call('orders.refund', { environment: 'sandbox', orderId, amount: 400 });
    expect(r.outcome).toBe('done');
    expect(r.order).toBeUndefined();
    expect(r.cached).toMatchObject({ order: { orderId } });
    expect(r.cached!.reason[0]).toEqual({ code: 'gateway.serverFault', params: { status: 503 } });
    expect(english(r.cached!.reason)).toMatch(/HTTP 503/);
    // The refund this app made is in the cached order's timeline, though the gateway could not say so yet.
    expect(r.cached?.order.timeline).toContainEqual(
      expect.objectContaining({ source: 'app', what: { code: 'order.timeline.refund' }, amount: 400, outcome: 'done' }),
    );
  });
});
