/**
 * The charge journal after the charge (issue 13, item 2), over a real app core (SQLite files, the embedded
 * sandbox over HTTP): a charge reversed later, one refunded in part from the app, and one refunded at the
 * gateway by someone else and then looked up here each show in the journal and its CSV what was charged,
 * refunded and is left, and the order's latest state. Before, all three still read "charged" and the full
 * amount, so an export overstated what was taken.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ChannelName, Input } from '../../main/ipc/contract.js';
import { GatewayClient } from '../../main/gateway/client.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';
import { saying } from '../phrases/said.js';

const ipc = ipcOfFile('charge-standing-', 'finance');

const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);

describe('the charge journal after the charge', () => {
  it('shows charged, refunded and net amounts and the latest state, on screen and in the CSV', async () => {
    const clientId = uniqueNumber('standing');
    const seeded = await control(ipc.core.sandbox, 'POST', '/seed', {
      bindings: [0, 1, 2, 3].map(() => ({ clientId, category: 'COMMON', expiry: '203012' })),
    });
    const bindings = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId);
    const orderOf = async (bindingId: string, amount: number) => {
      const r = await call('charges.create', { environment: 'sandbox', clientId, bindingId, category: 'COMMON', amount, currency: '643' });
      if (r.outcome !== 'paid') throw new Error(`not paid: ${JSON.stringify(r)}`);
      return r.charge.orderId!;
    };
    const reversed = await orderOf(bindings[0]!, 4_200);
    const refundedHere = await orderOf(bindings[1]!, 2_499);
    const refundedElsewhere = await orderOf(bindings[2]!, 10_000);
    const untouched = await orderOf(bindings[3]!, 700);

    expect((await call('orders.reverse', { environment: 'sandbox', orderId: reversed })).outcome).toBe('done');
    expect((await call('orders.refund', { environment: 'sandbox', orderId: refundedHere, amount: 499 })).outcome).toBe('done');
    // Someone refunds at the gateway, not through this app; a later look-up here brings it into the journal.
    const other = new GatewayClient({ baseUrl: ipc.core.sandbox.url, credentials: { token: 'sandbox-token' }, language: 'en' });
    await other.refund({ orderId: refundedElsewhere, amount: 10_000 });
    await other.close();
    expect((await call('orders.lookup', { query: refundedElsewhere })).kind).toBe('found');

    const page = await call('charges.journal', { text: clientId });
    const byOrder = new Map(page.entries.map((e) => [e.orderId, e]));
    expect(byOrder.get(reversed)).toMatchObject({
      state: 'PAID',
      amount: 4_200,
      stateWords: saying(/^reversed: nothing charged$/),
      standing: { charged: 0, refunded: 0, net: 0, orderStatus: 3 },
    });
    expect(byOrder.get(refundedHere)).toMatchObject({
      amount: 2_499,
      stateWords: saying(/^charged, partly refunded$/),
      standing: { charged: 2_499, refunded: 499, net: 2_000, orderStatus: 2 },
    });
    expect(byOrder.get(refundedElsewhere)).toMatchObject({
      amount: 10_000,
      stateWords: saying(/^refunded in full$/),
      standing: { charged: 10_000, refunded: 10_000, net: 0, orderStatus: 4, source: 'lookUp' },
    });
    expect(byOrder.get(untouched)).toMatchObject({
      stateWords: saying(/^charged$/),
      standing: { charged: 700, refunded: 0, net: 700, source: 'charge' },
    });

    const csv = parse((await call('charges.export', { text: clientId })).content, { columns: true }) as Record<string, string>[];
    expect(Object.keys(csv[0]!)).toEqual(
      expect.arrayContaining(['amount', 'charged', 'refunded', 'net', 'orderStatus', 'stateWords', 'asOf']),
    );
    const row = (orderId: string) => csv.find((r) => r.orderId === orderId)!;
    expect(row(reversed)).toMatchObject({ amount: '4200', charged: '0', refunded: '0', net: '0', orderStatus: '3' });
    expect(row(refundedHere)).toMatchObject({
      amount: '2499',
      charged: '2499',
      refunded: '499',
      net: '2000',
      stateWords: 'charged, partly refunded',
    });
    expect(row(refundedElsewhere)).toMatchObject({ charged: '10000', refunded: '10000', net: '0', stateWords: 'refunded in full' });
    expect(row(untouched)).toMatchObject({ charged: '700', refunded: '0', net: '700', stateWords: 'charged' });
    // What finance totals: what was taken and kept, not what was asked.
    expect(csv.reduce((sum, r) => sum + Number(r.net), 0)).toBe(2_000 + 700);
  });

  it('counts an operation made here even when no look-up could follow it', async () => {
    const clientId = uniqueNumber('standing-offline');
    const seeded = await control(ipc.core.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', expiry: '203012' }] });
    const bindingId = (seeded.bindings as { bindingId: string }[])[0]!.bindingId;
    const r = await call('charges.create', {
      environment: 'sandbox',
      clientId,
      bindingId,
      category: 'COMMON',
      amount: 5_000,
      currency: '643',
    });
    if (r.outcome !== 'paid') throw new Error('not paid');
    // The look-up after the refund fails (the status read the refund is decided on still answers): the
    // journal still knows the refund it made.
    await control(ipc.core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0, skip: 1 }],
    });
    try {
      expect((await call('orders.refund', { environment: 'sandbox', orderId: r.charge.orderId!, amount: 1_250 })).outcome).toBe('done');
    } finally {
      await control(ipc.core.sandbox, 'DELETE', '/faults');
    }
    const [entry] = (await call('charges.journal', { text: clientId })).entries;
    expect(entry).toMatchObject({
      stateWords: saying(/^charged, partly refunded$/),
      standing: { charged: 5_000, refunded: 1_250, net: 3_750, source: 'operation' },
    });
  });
});
