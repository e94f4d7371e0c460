/**
 * The charges channels over a real app core (SQLite files, the embedded sandbox over HTTP): what the
 * operator confirmed is checked against the gateway before anything is journalled; each category is
 * charged once; a decline carries the gateway's reason; a lost answer stays visible until reconciled,
 * then paid exactly once; the journal filters and exports; a batch file is checked, run, paused,
 * cancelled and exported, and never charges a row twice.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ChannelName, ChargeBatchStatus, Input } from '../../main/ipc/contract.js';
import { ChargeBatches } from '../../main/services/chargeBatches.js';
import type { ChargeService } from '../../main/services/charges.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';
import { english } from '../../main/phrases/english.js';
import { saying } from '../phrases/said.js';
import { phrase } from '../../main/phrases/phrase.js';

const ipc = ipcOfFile('charges-ipc-', 'finance', { clearFaults: true });

const call = <K extends ChannelName>(channel: K, input: Input<K>) => ipc.call(channel, input);
const refusal = (channel: ChannelName, input: unknown) => ipc.refusal(channel, input);

type Category = 'COMMON' | 'RECURRENT' | 'INSTALLMENT';
async function seed(cards: { category: Category; pan?: string }[]) {
  const clientId = uniqueNumber('client');
  const seeded = await control(ipc.core.sandbox, 'POST', '/seed', {
    bindings: cards.map((c) => ({ clientId, expiry: '203012', installments: 99, totalInstallmentAmount: 99_000_000, ...c })),
  });
  return { clientId, bindingIds: (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId) };
}

async function gatewayOrders(orderNumber: string) {
  const { orders } = await control(ipc.core.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`);
  return orders as { status: number; amount: number }[];
}

const charge = (clientId: string, bindingId: string, category: Category, amount: number, extra: Partial<Input<'charges.create'>> = {}) =>
  call('charges.create', { environment: 'sandbox', clientId, bindingId, category, amount, currency: '643', ...extra });

describe('charges over IPC', () => {
  it('charges each category once, with the card masked in the journal', async () => {
    const { clientId, bindingIds } = await seed([
      { category: 'COMMON', pan: '4111111111111111' },
      { category: 'RECURRENT' },
      { category: 'INSTALLMENT', pan: '5555555555555599' },
    ]);
    const categories = ['COMMON', 'RECURRENT', 'INSTALLMENT'] as const;
    for (const [i, category] of categories.entries()) {
      const r = await charge(clientId, bindingIds[i]!, category, 12_345 + i);
      expect(r).toMatchObject({
        outcome: 'paid',
        charge: { state: 'PAID', stateWords: saying(/^charged$/), amount: 12_345 + i, currencyAlpha: 'RUB' },
      });
      if (r.outcome !== 'paid') return;
      const orders = await gatewayOrders(r.charge.orderNumber);
      expect(orders.filter((o) => o.status === 2)).toHaveLength(1);
    }
    const page = await call('charges.journal', { text: clientId });
    expect(page.entries.map((e) => e.category)).toEqual(['INSTALLMENT', 'RECURRENT', 'COMMON']);
    expect(page.entries[2]!.maskedPan).toMatch(/^411111\*+1111$/);
    expect(JSON.stringify(page)).not.toContain('4111111111111111');
    expect(ipc.events).toContainEqual({ type: 'charges.changed' });
  });

  it("reports a decline in the gateway's words", async () => {
    // The sandbox's issuer declines amounts over 100,000.00: a stored card cannot be chosen to decline.
    await call('settings.setChargeMaximum', { environment: 'sandbox', currency: '643', maximum: 50_000_000 });
    const { clientId, bindingIds } = await seed([{ category: 'COMMON' }]);
    const r = await charge(clientId, bindingIds[0]!, 'COMMON', 20_000_000);
    expect(r).toMatchObject({
      outcome: 'declined',
      charge: { state: 'DECLINED', stateWords: saying(/^declined$/), reason: saying(/limit/i) },
    });
    await call('settings.setChargeMaximum', { environment: 'sandbox', currency: '643', maximum: 1_000_000 });
    expect(await charge(clientId, bindingIds[0]!, 'COMMON', 20_000_001)).toMatchObject({
      outcome: 'refused',
      reason: expect.objectContaining({ code: 'limit.over' }),
    });
  });

  it('refuses what the confirmation got wrong before journalling anything, and audits it', async () => {
    const { clientId, bindingIds } = await seed([{ category: 'RECURRENT' }]);
    const before = (await call('charges.journal', {})).entries.length;
    expect(await charge(clientId, bindingIds[0]!, 'COMMON', 100)).toMatchObject({
      outcome: 'refused',
      reason: saying(/recurrent, not common/),
    });
    expect(await charge('someone-else', bindingIds[0]!, 'RECURRENT', 100)).toMatchObject({
      outcome: 'refused',
      reason: phrase('charge.refused.noSuchCard', { client: 'someone-else', binding: bindingIds[0]! }),
    });
    expect(
      await refusal('charges.create', {
        environment: 'production',
        clientId,
        bindingId: bindingIds[0],
        category: 'RECURRENT',
        amount: 100,
        currency: '643',
      }),
    ).toMatchObject({
      code: 'invalidInput',
      message: expect.stringMatching(/now in sandbox, not production/),
      // What the person relies on: which environment the app is in, and that nothing was charged.
      said: [
        phrase('charge.environmentChanged', {
          current: phrase('settings.env.sandbox'),
          confirmed: phrase('settings.env.production'),
          notDone: phrase('charge.notDone.charged'),
        }),
      ],
    });
    expect(
      (
        await refusal('charges.create', {
          environment: 'sandbox',
          clientId,
          bindingId: bindingIds[0],
          category: 'RECURRENT',
          amount: 1.5,
          currency: '643',
        })
      ).fields?.[0]?.path,
    ).toBe('amount');
    expect((await call('charges.journal', {})).entries.length).toBe(before);
    expect(ipc.core.audit.query({ action: 'charge', outcome: 'refused', objectId: bindingIds[0] })).toHaveLength(2);
  });

  it('asks before charging the same card and amount again within ten minutes', async () => {
    const { clientId, bindingIds } = await seed([{ category: 'RECURRENT' }]);
    expect((await charge(clientId, bindingIds[0]!, 'RECURRENT', 777)).outcome).toBe('paid');
    expect(await charge(clientId, bindingIds[0]!, 'RECURRENT', 777)).toMatchObject({
      outcome: 'needsConfirmation',
      earlier: [{ state: 'PAID' }],
    });
    expect((await charge(clientId, bindingIds[0]!, 'RECURRENT', 777, { confirmRepeat: true })).outcome).toBe('paid');
  });

  it('keeps a lost answer visible as unknown until reconciled, then paid exactly once', async () => {
    const { clientId, bindingIds } = await seed([{ category: 'COMMON', pan: '4111111111111111' }]);
    await control(ipc.core.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
    const r = await charge(clientId, bindingIds[0]!, 'COMMON', 4_200);
    expect(r).toMatchObject({
      outcome: 'unknown',
      charge: { state: 'UNKNOWN', stateWords: saying(/^outcome unknown: being reconciled$/) },
    });
    if (r.outcome !== 'unknown') return;
    // The words are the journal's; the technical account comes with the answer, for the screen's Details.
    expect(english(r.charge.reason!)).not.toMatch(/\.do\b/);
    expect(r.detail).toMatch(/paymentOrderBinding\.do/);
    const open = await call('charges.journal', { state: 'open' });
    expect(open.entries.map((e) => e.id)).toContain(r.charge.id);
    expect(open.openCount).toBeGreaterThanOrEqual(1);
    await control(ipc.core.sandbox, 'DELETE', '/faults');
    const settled = await call('charges.reconcile', { id: r.charge.id });
    expect(settled.results).toEqual([expect.objectContaining({ outcome: 'paid' })]);
    expect((await gatewayOrders(r.charge.orderNumber)).filter((o) => o.status === 1 || o.status === 2)).toHaveLength(1);
    expect(await refusal('charges.reconcile', { id: r.charge.id })).toMatchObject({
      code: 'invalidInput',
      message: expect.stringMatching(/settled/),
    });
    expect(await refusal('charges.reconcile', { id: 987_654 })).toMatchObject({ code: 'notFound' });
  });

  it('exports the journal as filtered', async () => {
    const { clientId, bindingIds } = await seed([{ category: 'RECURRENT' }]);
    await charge(clientId, bindingIds[0]!, 'RECURRENT', 1_050);
    const file = await call('charges.export', { text: clientId });
    const rows = parse(file.content, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ clientId, bindingId: bindingIds[0], amount: '1050', currency: '643', exponent: '2', state: 'PAID' }),
    ]);
    expect(file.fileName).toMatch(/^charges-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('batch charges over IPC', () => {
  it('stops a batch the app itself fails on, saying which row may be charged and that the rest were not', async () => {
    const { lines } = await file(3);
    const logged: string[] = [];
    const batches = new ChargeBatches({ onProgress: () => {}, log: (l) => logged.push(l) });
    const services = ipc.core.services;
    const plan = await batches.plan(['clientId,bindingId,amount,currency,description', ...lines].join('\n'), 'sandbox', {
      bindings: services.bindings,
      perChargeMaximum: 1_000_000,
      charges: services.charges,
    });
    let calls = 0;
    // The first row is charged for real; the second meets a failing disk (what the journal would throw).
    const failing = {
      journal: services.charges.journal,
      charge: (r: Parameters<ChargeService['charge']>[0]) => {
        if (++calls === 2) return Promise.reject(new Error('disk I/O error'));
        return services.charges.charge(r);
      },
    } as ChargeService;
    await batches.run(plan.plan.batchId, 'sandbox', () => failing);
    for (let i = 0; i < 200 && batches.status(plan.plan.batchId).state === 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    const after = batches.status(plan.plan.batchId);
    expect(after).toMatchObject({ state: 'failed', failure: phrase('charge.batch.technical', { reason: 'disk I/O error' }) });
    expect(after.results.map((r) => (typeof r.outcome === 'string' ? r.outcome : r.outcome.kind))).toEqual(['paid', 'error', 'cancelled']);
    const csv = parse(batches.csv(plan.plan.batchId), { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => r.result)).toEqual(['paid', 'error', 'cancelled']);
    expect(csv[1]!.reason).toMatch(/the journal shows whether it was charged/);
    expect(logged).toEqual([expect.stringContaining('disk I/O error')]);
  });

  it('never writes a whole card number into the result file', async () => {
    const batches = new ChargeBatches({ onProgress: () => {} });
    const job = await batches.plan('clientId,bindingId,amount,currency\nc1,b1,4111111111111111,RUB', 'sandbox', {
      bindings: ipc.core.services.bindings,
      perChargeMaximum: 1_000_000,
      charges: ipc.core.services.charges,
    });
    expect(batches.csv(job.plan.batchId)).toMatch(/411111\*+1111/);
    expect(batches.csv(job.plan.batchId)).not.toContain('4111111111111111');
  });

  async function file(valid: number) {
    const cards = await seed(
      Array.from({ length: valid }, (_, i) => ({ category: (['COMMON', 'RECURRENT', 'INSTALLMENT'] as const)[i % 3]! })),
    );
    const lines = cards.bindingIds.map((b, i) => `${cards.clientId},${b},${(10 + i / 100).toFixed(2)},RUB,batch row ${i}`);
    return { ...cards, lines };
  }
  const until = async (batchId: string, done: (s: ChargeBatchStatus) => boolean) => {
    for (;;) {
      const s = await call('charges.batch.status', { batchId });
      if (done(s)) return s;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('checks a file of 200 rows with 5 invalid ones, charges the rest once, and exports the result', async () => {
    const { clientId, lines } = await file(195);
    const invalid = [
      `${clientId},no-such-binding,1.00,RUB,`,
      `${clientId},${lines[0]!.split(',')[1]},1.001,RUB,`,
      `${clientId},${lines[1]!.split(',')[1]},1.00,XXQ,`,
      `,${lines[2]!.split(',')[1]},1.00,RUB,`,
      `${clientId},${lines[3]!.split(',')[1]},-5,RUB,`,
    ];
    const text = ['clientId,bindingId,amount,currency,description', ...lines.slice(0, 100), ...invalid, ...lines.slice(100)].join('\n');
    const plan = await call('charges.batch.plan', { text });
    expect(plan.charges).toHaveLength(195);
    expect(plan.invalid.map((i) => i.line)).toEqual([102, 103, 104, 105, 106]);
    expect(plan.totals).toEqual([expect.objectContaining({ currency: '643', currencyAlpha: 'RUB', count: 195 })]);
    expect(plan.totals[0]!.amount).toBe(lines.reduce((sum, _, i) => sum + 1000 + i, 0));
    expect(await gatewayOrders(plan.charges[0]!.reference)).toEqual([]);

    await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    const done = await until(plan.batchId, (s) => s.state === 'done');
    expect(done.progress).toMatchObject({ total: 195, done: 195, paid: 195 });
    expect(ipc.events).toContainEqual(expect.objectContaining({ type: 'chargeBatch.progress', batchId: plan.batchId, state: 'done' }));
    const result = parse((await call('charges.batch.export', { batchId: plan.batchId })).content, { columns: true }) as Record<
      string,
      string
    >[];
    expect(result).toHaveLength(200);
    expect(result.filter((r) => r.result === 'paid')).toHaveLength(195);
    expect(result.filter((r) => r.result === 'invalid').map((r) => r.line)).toEqual(['102', '103', '104', '105', '106']);

    // The same file again: nothing left to charge, and it says why.
    const again = await call('charges.batch.plan', { text });
    expect(again.charges).toEqual([]);
    expect(
      again.invalid.filter(
        (i) => i.errors[0] && english(i.errors[0]) === `already run from this file as B${plan.batchId}-${i.line}: charged`,
      ),
    ).toHaveLength(195);
    // Pasted (CRLF become LF) or saved with a byte-order mark and trailing blanks, it is the same file.
    const pasted = await call('charges.batch.plan', { text: `\uFEFF${text.replace(/\n/g, '\r\n')}  \r\n\r\n` });
    expect(pasted.batchId).toBe(plan.batchId);
    // An edited copy has other order numbers; the same cards and amounts charged within a day still stop it.
    const edited = await call('charges.batch.plan', { text: text.replace('batch row 7', 'batch row seven') });
    expect(edited.batchId).not.toBe(plan.batchId);
    expect(edited.charges).toEqual([]);
    expect(
      edited.invalid.filter((i) => /charged within the last 24 hours \(order B[0-9a-f]{12}-\d+, charged\)/.test(english(i.errors[0]!))),
    ).toHaveLength(195);
    expect(await refusal('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' })).toMatchObject({ code: 'invalidInput' });
    for (const row of plan.charges.slice(0, 5)) expect(await gatewayOrders(row.reference)).toHaveLength(1);
  });

  it('pauses, resumes and cancels a running batch, charging nothing after the cancel', async () => {
    const { lines } = await file(30);
    const plan = await call('charges.batch.plan', { text: ['clientId,bindingId,amount,currency,description', ...lines].join('\n') });
    await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    const paused = await call('charges.batch.pause', { batchId: plan.batchId });
    expect(paused.state).toBe('paused');
    // The row being charged when the pause came finishes; none after it starts.
    await new Promise((r) => setTimeout(r, 100));
    const held = (await until(plan.batchId, () => true)).progress.done;
    await new Promise((r) => setTimeout(r, 200));
    expect((await call('charges.batch.status', { batchId: plan.batchId })).progress.done).toBe(held);
    expect((await call('charges.batch.resume', { batchId: plan.batchId })).state).toBe('running');
    await until(plan.batchId, (s) => s.progress.done >= held + 2);
    await call('charges.batch.cancel', { batchId: plan.batchId });
    const end = await until(plan.batchId, (s) => s.state === 'cancelled');
    const charged = end.rows.filter((r) => r.result !== 'cancelled');
    expect(end.rows.filter((r) => r.result === 'cancelled').length).toBe(30 - charged.length);
    expect(charged.length).toBeLessThan(30);
    for (const row of end.rows.filter((r) => r.result === 'cancelled')) expect(await gatewayOrders(row.orderNumber)).toEqual([]);
  });

  it('refuses a batch that is not there or not running', async () => {
    expect(await refusal('charges.batch.status', { batchId: '0123456789ab' })).toMatchObject({
      code: 'notFound',
      said: [phrase('charge.batch.notFound', { batchId: '0123456789ab' })],
    });
    // A malformed id is refused by the schema, in a phrase of its own.
    expect(await refusal('charges.batch.status', { batchId: 'nope' })).toMatchObject({
      code: 'invalidInput',
      fields: [{ path: 'batchId', said: phrase('charge.input.batchId') }],
    });
    const wrongFile = await call('charges.batch.plan', { text: 'not,a,charge,file\n1,2,3,4' });
    expect(wrongFile).toMatchObject({ charges: [], invalid: [{ line: 1, errors: [saying(/header must name/)] }] });
    expect(await refusal('charges.batch.run', { batchId: wrongFile.batchId, environment: 'sandbox' })).toMatchObject({
      message: expect.stringMatching(/no valid rows/),
      said: [phrase('charge.batch.noValidRows', { batchId: wrongFile.batchId })],
    });
    expect(await refusal('charges.batch.pause', { batchId: wrongFile.batchId })).toMatchObject({
      message: expect.stringMatching(/not running/),
    });
  });
});

describe('currencies and maximums over IPC', () => {
  it("refuses a change to production's maximum without its confirmation, in a phrase naming the maximum unchanged", async () => {
    expect(await refusal('settings.setChargeMaximum', { environment: 'production', currency: '643', maximum: 100 })).toMatchObject({
      code: 'settings',
      said: [phrase('limit.addFirst', { currency: 'RUB (643)', environment: phrase('settings.env.production') })],
    });
    await call('settings.setCurrencies', { environment: 'production', currencies: ['643'] });
    expect(await refusal('settings.setChargeMaximum', { environment: 'production', currency: '643', maximum: 100 })).toMatchObject({
      code: 'settings',
      message: expect.stringMatching(/must be confirmed/),
      said: [expect.objectContaining({ code: 'limit.mustConfirm' })],
    });
  });
});
