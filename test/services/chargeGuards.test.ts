/**
 * The rules against charging twice hold where a charge is journalled, not where a screen or a plan
 * checked them: with the app's clock moved past every window, an edited copy of a file or a manual charge
 * between a file's check and its run charges nobody twice. The journal in a desk's SQLite file and in the
 * team's PostgreSQL, where the windows are the server's clock however the desk's is moved; the sandbox over HTTP.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { runBatch, type BatchPlan } from '../../main/services/batchCharges.js';
import { BindingService } from '../../main/services/bindings.js';
import { ChargeBatches, PLAN_LIFETIME_MS } from '../../main/services/chargeBatches.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import type { ChargeJournal } from '../../main/store/journal.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { english } from '../../main/phrases/english.js';
import { phrase } from '../../main/phrases/phrase.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { ENGINES, teamStoresOn, type Store } from '../store/journalEngines.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
const dir = folderOfFile('charge-guards-');
const MINUTE = 60_000;

/** Where a desk journals: a file of its own (which a second process may open too), or the team's database. */
interface Journalling {
  readonly file: string;
  readonly team: Store | undefined;
}

/**
 * One desk: its file, the services over it, and a clock the test moves, which starts five minutes ahead of
 * the real time (on the team's database, ahead of the server's). Its journal is its file's or the team's.
 */
async function desk(on: Journalling) {
  const clock = { now: Date.now() + 5 * MINUTE };
  const now = () => clock.now;
  const db = openDatabase(on.file);
  const audit = new AuditRepository(db);
  const journal: ChargeJournal | undefined = on.team ? (await on.team.desk()).journal : undefined;
  const bindings = new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit });
  const charges = chargeServiceOn(db, client, { audit, now, ...(journal ? { journal } : {}) });
  const batches = new ChargeBatches({ onProgress: () => {}, now });
  return { clock, bindings, charges, batches, on, close: () => db.close() };
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

for (const engine of ENGINES)
  engine.describe(`guards against charging twice, where the charge is journalled (${engine.name})`, () => {
    const teamStore = teamStoresOn(engine);
    /** A desk of its own: a new file, and on PostgreSQL a new team database. */
    const newDesk = async () => desk({ file: join(dir, `${uniqueNumber('desk')}.sqlite`), team: await teamStore() });

    it('an edited copy of a file, checked before the original ran and run eleven minutes after it, charges nobody twice', async () => {
      const cards = await customers(2);
      const d = await newDesk();
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
      const d = await newDesk();
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
      // On the team's database the day is the server's: a desk whose clock says a day has passed is still refused.
      const later = engine.name === 'SQLite' ? 'paid' : 'refused';
      expect(kinds(await runBatch(planned.plan, d.charges))).toEqual([later]);
      expect(await paidFor(card!.clientId)).toBe(later === 'paid' ? 2 : 1);
      d.close();
    });

    it('a plan older than its lifetime is refused and must be checked again', async () => {
      const [card] = await customers(1);
      const d = await newDesk();
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

    it('two connections to one journal (two processes on a file, two desks on the server) cannot both pass the guard for one card', async () => {
      const [card] = await customers(1);
      const first = await newDesk();
      const second = await desk(first.on);
      const request = { ...card!, category: 'RECURRENT' as const, amount: 4_000, currency: '643' };
      // Whichever journals first is PENDING and on its way when the other, on its own connection, asks for the
      // same card: refused, not settled. On a file, charge() journals before its first await, so that is the
      // first. On the server either may be first, and the other may come only once the first is settled: then it
      // is a repeat, asked to confirm. Never two charges.
      const answers = await Promise.all([first.charges.charge(request), second.charges.charge(request)]);
      const kinds = answers.map((a) => a.kind).sort();
      expect([
        ['paid', 'refused'],
        ['needsConfirmation', 'paid'],
      ]).toContainEqual(kinds);
      const refusal = answers.find((a) => a.kind === 'refused');
      if (refusal) expect(refusal).toEqual({ kind: 'refused', reason: phrase('charge.refused.notSettled') });
      if (engine.name === 'SQLite') expect(kinds).toEqual(['paid', 'refused']);
      if (engine.name === 'SQLite') expect(answers[0]!.kind).toBe('paid');
      expect(await paidFor(card!.clientId)).toBe(1);
      first.close();
      second.close();
    });

    it('the dry run shows what the guard would say, and the plan it makes is only a preview', async () => {
      const [card] = await customers(1);
      const d = await newDesk();
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
