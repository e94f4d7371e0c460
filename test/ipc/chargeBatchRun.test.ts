/**
 * Batch charges over a real app core (issue 13, item 9): with the sandbox answering slowly, the charge on
 * its way is "being sent", never "unknown", on every channel that speaks of open charges; the result file
 * gives back every row of the file, invalid ones too, in its order, with all its columns as written
 * (amounts in the file's own format) and what became of it; the finished run's status says it per row.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ChannelName, ChargeBatchStatus, Input } from '../../main/ipc/contract.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';
import { saying } from '../phrases/said.js';

const ipc = ipcOfFile('charge-batch-run-', 'finance', { clearFaults: true });

const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);

async function cards(count: number) {
  const clientId = uniqueNumber('batch-run');
  const seeded = await control(ipc.core.sandbox, 'POST', '/seed', {
    bindings: Array.from({ length: count }, () => ({ clientId, category: 'COMMON', expiry: '203012' })),
  });
  return { clientId, bindingIds: (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId) };
}

const finished = (s: ChargeBatchStatus) => s.state === 'done' || s.state === 'cancelled' || s.state === 'failed';

describe('batch charges with slow answers', () => {
  it('calls the charge on its way "being sent" and never "unknown", then paid', async () => {
    const { clientId, bindingIds } = await cards(2);
    const file = ['clientId,bindingId,amount,currency', ...bindingIds.map((b, i) => `${clientId},${b},${i + 1}.00,RUB`)].join('\n');
    const plan = await call('charges.batch.plan', { text: file });
    // Every payment answers after 1.5 s: slow, not lost.
    await control(ipc.core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: 1_500, count: 0 }],
    });
    let status = await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    let sawSending = false;
    while (!finished(status)) {
      const unknown = await call('charges.journal', { state: 'unknown' });
      expect(unknown.entries).toEqual([]);
      expect(unknown.openCount).toBe(0);
      expect((await call('charges.options', {})).openCharges).toBe(0);
      status = await call('charges.batch.status', { batchId: plan.batchId });
      expect(status.rows.map((r) => r.result)).not.toContain('unknown');
      expect(status.progress.unknown).toBe(0);
      const sending = status.rows.find((r) => r.result === 'sending');
      if (sending) {
        sawSending = true;
        const journal = await call('charges.journal', { text: sending.orderNumber });
        expect(journal.sendingCount).toBe(1);
        expect(journal.entries[0]).toMatchObject({ state: 'PENDING', sending: true, stateWords: saying(/^being sent$/) });
        // Reconciling now leaves it alone and does not call it unknown.
        expect((await call('charges.reconcile', {})).stillOpen).toBe(0);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sawSending).toBe(true);
    expect(status.rows.map((r) => r.result)).toEqual(['paid', 'paid']);
    expect(status.progress).toMatchObject({ done: 2, paid: 2, unknown: 0, other: 0 });
  });

  it('reports unknown only for an answer actually lost', async () => {
    const { clientId, bindingIds } = await cards(1);
    const plan = await call('charges.batch.plan', { text: `clientId,bindingId,amount,currency\n${clientId},${bindingIds[0]},7.00,RUB` });
    await control(ipc.core.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
    let status = await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    while (!finished(status)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await call('charges.batch.status', { batchId: plan.batchId });
    }
    expect(status.rows.map((r) => r.result)).toEqual(['unknown']);
    expect(status.progress).toMatchObject({ unknown: 1, other: 0 });
    expect((await call('charges.journal', { state: 'unknown' })).openCount).toBe(1);
    await control(ipc.core.sandbox, 'DELETE', '/faults');
    expect((await call('charges.reconcile', {})).stillOpen).toBe(0);
  });
});

describe('the result file of a batch', () => {
  it('keeps every column of every row as written, invalid rows too, in the order of the file', async () => {
    const { clientId, bindingIds } = await cards(3);
    const [a, b, c] = bindingIds as [string, string, string];
    // The file's own column order and an extra column; amounts as finance writes them.
    const file = [
      'invoice,clientId,amount,bindingId,currency,description',
      `INV-1,${clientId},12.5,${a},RUB,first`,
      `INV-2,${clientId},0.999,${b},RUB,too many decimals`,
      `INV-3,${clientId},3,${c},643,"quoted, with a comma"`,
      `INV-4,${clientId},4.00,${a}`,
      `INV-5,nobody,5.00,no-such-card,RUB,unknown card`,
    ].join('\n');
    const plan = await call('charges.batch.plan', { text: file });
    expect(plan.charges.map((x) => x.line)).toEqual([2, 4]);
    let status = await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    while (!finished(status)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await call('charges.batch.status', { batchId: plan.batchId });
    }
    expect(status.rows.map((r) => [r.line, r.result, r.amountText])).toEqual([
      [2, 'paid', '12.5'],
      [3, 'invalid', '0.999'],
      [4, 'paid', '3'],
      [5, 'invalid', '4.00'],
      [6, 'invalid', '5.00'],
    ]);
    expect(status.rows[3]!.reason).toEqual(expect.arrayContaining([saying(/4 fields where the header has 6/)]));

    const { content } = await call('charges.batch.export', { batchId: plan.batchId });
    const [header, ...rows] = parse(content) as string[][];
    expect(header).toEqual([
      'invoice',
      'clientId',
      'amount',
      'bindingId',
      'currency',
      'description',
      'line',
      'result',
      'orderNumber',
      'orderId',
      'reason',
    ]);
    expect(rows.map((r) => r.slice(0, 8))).toEqual([
      ['INV-1', clientId, '12.5', a, 'RUB', 'first', '2', 'paid'],
      ['INV-2', clientId, '0.999', b, 'RUB', 'too many decimals', '3', 'invalid'],
      ['INV-3', clientId, '3', c, '643', 'quoted, with a comma', '4', 'paid'],
      ['INV-4', clientId, '4.00', a, '', '', '5', 'invalid'],
      ['INV-5', 'nobody', '5.00', 'no-such-card', 'RUB', 'unknown card', '6', 'invalid'],
    ]);
    expect(rows[0]![8]).toBe(`B${plan.batchId}-2`);
    expect(rows[0]![9]).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]![10]).toMatch(/At most 2 decimals/);
    expect(rows[4]![10]).toMatch(/no active stored card/);
  });
});
