/**
 * The rules against charging twice hold where a charge is journalled, not where a screen or a plan
 * checked them: with the app's clock moved past every window, an edited copy of a file or a manual charge
 * between a file's check and its run charges nobody twice. Real SQLite files, the sandbox over HTTP.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { runBatch, type BatchPlan } from '../../main/services/batchCharges.js';
import { BindingService } from '../../main/services/bindings.js';
import { ChargeBatches, PLAN_LIFETIME_MS } from '../../main/services/chargeBatches.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { english } from '../../main/phrases/english.js';
import { phrase } from '../../main/phrases/phrase.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
const dir = folderOfFile('charge-guards-');
const MINUTE = 60_000;

/** One desk: a journal file, the services over it, and a clock the test moves. */
function desk(file = join(dir, `${uniqueNumber('desk')}.sqlite`)) {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const db = openDatabase(file);
  const audit = new AuditRepository(db);
  const bindings = new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit });
  const charges = chargeServiceOn(db, client, { audit, now });
  const batches = new ChargeBatches({ onProgress: () => {}, now });
  return { clock, bindings, charges, batches, file, close: () => db.close() };
}

async function customers(count: number) {
  const seeds = Array.from({ length: count }, () => ({ clientId: uniqueNumber('guard'), category: 'RECURRENT' }));
  return (await control(sb, 'POST', '/seed', { bindings: seeds })).bindings as { clientId: string; bindingId: string }[];
}

/**
 * Orders this app charged to a client that the sandbox holds as paid: what the customer's statement would
 * show (the order that stored the card when it was seeded is not one of them).
 */
async function paidFor(clientId: string): Promise<number> {
  const { orders } = (await control(sb, 'GET', `/orders?clientId=${clientId}`)) as { orders: { orderNumber: string; status: number }[] };
  return orders.filter((o) => /^(B[0-9a-f]{12}-\d+|BO-)/.test(o.orderNumber) && (o.status === 1 || o.status === 2)).length;
}

const csvOf = (cards: { clientId: string; bindingId: string }[], description: string) =>
  ['clientId,bindingId,amount,currency,description', ...cards.map((c) => `${c.clientId},${c.bindingId},25.00,RUB,${description}`)].join(
    '\n',
  );

async function waitFinished(batches: ChargeBatches, batchId: string) {
  for (let i = 0; i < 500 && ['running', 'paused'].includes(batches.status(batchId).state); i++)
    await new Promise((r) => setTimeout(r, 10));
  return batches.status(batchId);
}

const kinds = (results: Awaited<ReturnType<typeof runBatch>>) =>
  results.map((r) => (typeof r.outcome === 'string' ? r.outcome : r.outcome.kind));

describe('guards against charging twice, where the charge is journalled', () => {
  it('an edited copy of a file, checked before the original ran and run eleven minutes after it, charges nobody twice', async () => {
    const cards = await customers(2);
    const d = desk();
    const original = await d.batches.plan(csvOf(cards, 'March invoices'), 'sandbox', {
      bindings: d.bindings,
      perChargeMaximum: 1_000_000,
      charges: d.charges,
    });
    const copy = await d.batches.plan(csvOf(cards, 'March invoices (edited)'), 'sandbox', {
      bindings: d.bindings,
      perChargeMaximum: 1_000_000,
      charges: d.charges,
    });
    // Both previews are clean: nothing was charged when they were made.
    expect(original.plan.charges).toHaveLength(2);
    expect(copy.plan.charges).toHaveLength(2);
    expect(copy.plan.batchId).not.toBe(original.plan.batchId);

    await d.batches.run(original.plan.batchId, 'sandbox', () => d.charges);
    expect((await waitFinished(d.batches, original.plan.batchId)).progress.paid).toBe(2);

    // Past the ten-minute repeat window, within the plan's lifetime: the copy's plan is stale.
    d.clock.now += 11 * MINUTE;
    await expect(d.batches.run(copy.plan.batchId, 'sandbox', () => d.charges)).rejects.toThrow(
      /after the file was checked; check the file again/,
    );

    // And the guard itself, with no plan check in between: each row is refused as it is journalled.
    const rows = await runBatch(copy.plan, d.charges);
    expect(kinds(rows)).toEqual(['refused', 'refused']);
    expect(rows.map((r) => (r.outcome !== 'cancelled' && r.outcome.kind === 'refused' ? english(r.outcome.reason) : ''))).toEqual([
      expect.stringMatching(/charged within the last 24 hours \(order B[0-9a-f]{12}-2, charged\)/),
      expect.stringMatching(/charged within the last 24 hours \(order B[0-9a-f]{12}-3, charged\)/),
    ]);
    for (const c of cards) expect(await paidFor(c.clientId)).toBe(1);
    d.close();
  });

  it('a manual charge between a file check and its run is not repeated by the file', async () => {
    const [card] = await customers(1);
    const d = desk();
    const planned = await d.batches.plan(csvOf([card!], 'April'), 'sandbox', {
      bindings: d.bindings,
      perChargeMaximum: 1_000_000,
      charges: d.charges,
    });
    expect(planned.plan.charges).toHaveLength(1);
    d.clock.now += 2 * MINUTE;
    const manual = await d.charges.charge({ ...card!, category: 'RECURRENT', amount: 2_500, currency: '643' });
    expect(manual.kind).toBe('paid');
    await expect(d.batches.run(planned.plan.batchId, 'sandbox', () => d.charges)).rejects.toThrow(/check the file again/);
    // Past every window of the form (ten minutes), within the batch's 24 hours: still refused when journalled.
    d.clock.now += 30 * MINUTE;
    expect(kinds(await runBatch(planned.plan, d.charges))).toEqual(['refused']);
    d.clock.now += 24 * 60 * MINUTE;
    // A day later the same card and amount may be charged from a file again: it is a new month's invoice.
    expect(kinds(await runBatch(planned.plan, d.charges))).toEqual(['paid']);
    expect(await paidFor(card!.clientId)).toBe(2);
    d.close();
  });

  it('a plan older than its lifetime is refused and must be checked again', async () => {
    const [card] = await customers(1);
    const d = desk();
    const options = { bindings: d.bindings, perChargeMaximum: 1_000_000, charges: d.charges };
    const planned = await d.batches.plan(csvOf([card!], 'May'), 'sandbox', options);
    d.clock.now += PLAN_LIFETIME_MS + 1;
    await expect(d.batches.run(planned.plan.batchId, 'sandbox', () => d.charges)).rejects.toThrow(
      /checked 15 minutes ago; check the file again/,
    );
    expect(await paidFor(card!.clientId)).toBe(0);
    const fresh = await d.batches.plan(csvOf([card!], 'May'), 'sandbox', options);
    await d.batches.run(fresh.plan.batchId, 'sandbox', () => d.charges);
    expect((await waitFinished(d.batches, fresh.plan.batchId)).progress.paid).toBe(1);
    d.close();
  });

  it('two connections to one journal file (two processes) cannot both pass the guard for one card', async () => {
    const [card] = await customers(1);
    const first = desk();
    const second = desk(first.file);
    const request = { ...card!, category: 'RECURRENT' as const, amount: 4_000, currency: '643' };
    // charge() journals before its first await: the first desk's charge is PENDING and on its way when the
    // second desk, on its own connection, asks for the same card (confirming a repeat changes nothing).
    const firstCharge = first.charges.charge(request);
    const secondAnswer = await second.charges.charge({ ...request, confirmRepeat: true });
    expect(secondAnswer).toEqual({
      kind: 'refused',
      reason: phrase('charge.refused.notSettled'),
    });
    expect((await firstCharge).kind).toBe('paid');
    expect(await paidFor(card!.clientId)).toBe(1);
    first.close();
    second.close();
  });

  it('the dry run shows what the guard would say, and the plan it makes is only a preview', async () => {
    const [card] = await customers(1);
    const d = desk();
    const options = { bindings: d.bindings, perChargeMaximum: 1_000_000, charges: d.charges };
    expect((await d.charges.charge({ ...card!, category: 'RECURRENT', amount: 2_500, currency: '643' })).kind).toBe('paid');
    const planned = await d.batches.plan(csvOf([card!], 'June'), 'sandbox', options);
    expect(planned.plan.charges).toHaveLength(0);
    expect(english(planned.plan.invalid[0]!.errors[0]!)).toMatch(/within the last 24 hours/);
    const plan: BatchPlan = planned.plan;
    expect(plan.invalid).toHaveLength(1);
    d.close();
  });
});
