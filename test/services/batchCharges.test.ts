import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { BatchControl, batchResultCsv, minorUnits, planBatch, runBatch } from '../../main/services/batchCharges.js';
import { BindingService } from '../../main/services/bindings.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { english } from '../../main/phrases/english.js';
import type { Phrase } from '../../main/phrases/phrase.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { ENGINES, teamStoresOn, type Desk } from '../store/journalEngines.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
const dir = folderOfFile('batch-test-');
const MAX = 1_000_000;

/** A desk: its own file, and its charge journal there or, given one, the team's. */
function desk(team?: Desk) {
  const db = openDatabase(join(dir, `${uniqueNumber('desk')}.sqlite`));
  const audit = new AuditRepository(db);
  const bindings = new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit });
  const charges = chargeServiceOn(db, client, { audit, perChargeMaximum: MAX, ...(team ? { journal: team.journal } : {}) });
  return { bindings, charges };
}

async function seedCards(count: number) {
  const prefix = uniqueNumber('batch');
  const seeds = Array.from({ length: count }, (_, i) => ({
    clientId: `${prefix}-${i}`,
    category: (['COMMON', 'RECURRENT', 'INSTALLMENT'] as const)[i % 3],
    installments: 99,
    totalInstallmentAmount: 99_000_000,
  }));
  return ((await control(sb, 'POST', '/seed', { bindings: seeds })).bindings as { clientId: string; bindingId: string }[]).map((b) => ({
    ...b,
  }));
}

const paidCount = async (prefix: string) =>
  ((await control(sb, 'GET', '/orders')).orders as { orderNumber: string; status: number }[]).filter(
    (o) => o.orderNumber.startsWith(prefix) && o.status === 2,
  ).length;

// On each engine: each desk's own file, and two desks of a team on its database.
for (const engine of ENGINES)
  engine.describe(`batch charges from CSV (${engine.name})`, () => {
    const teamStore = teamStoresOn(engine);
    it('dry-runs 200 rows listing the 5 invalid ones, charges the other 195, and never charges twice on a re-run', async () => {
      const cards = await seedCards(20);
      const expired = (await control(sb, 'POST', '/seed', { bindings: [{ clientId: uniqueNumber('old'), expiry: '202401' }] }))
        .bindings[0] as { clientId: string; bindingId: string };
      const rows = Array.from({ length: 195 }, (_, i) => {
        const c = cards[i % cards.length]!;
        return `${c.clientId},${c.bindingId},${(1 + i / 100).toFixed(2)},RUB,Invoice ${i}`;
      });
      const bad = [
        `${cards[0]!.clientId},${cards[0]!.bindingId},12.3456,643,too many decimals`,
        `${cards[1]!.clientId},${cards[1]!.bindingId},5.00,XYZ,unknown currency`,
        `${cards[2]!.clientId},no-such-binding,5.00,643,unknown card`,
        `${expired.clientId},${expired.bindingId},5.00,643,expired card`,
        rows[0]!, // the same card and amount again
      ];
      const csv = ['clientId,bindingId,amount,currency,description', ...rows.slice(0, 100), ...bad, ...rows.slice(100)].join('\n');

      const team = await teamStore();
      const first = desk(await team?.desk());
      const plan = await planBatch(csv, { bindings: first.bindings, perChargeMaximum: MAX });
      expect(plan.charges).toHaveLength(195);
      expect(plan.invalid.map((i) => i.line)).toEqual([102, 103, 104, 105, 106]);
      expect(plan.invalid.map((i) => english(i.errors))).toEqual([
        expect.stringContaining('At most 2 decimals'),
        expect.stringContaining('ISO 4217'),
        expect.stringContaining('no active stored card'),
        expect.stringContaining('no active stored card'),
        expect.stringContaining('appear earlier'),
      ]);
      expect(plan.charges[0]).toMatchObject({ amount: 100, currency: '643', category: 'COMMON', reference: `B${plan.batchId}-2` });

      const progress: number[] = [];
      const results = await runBatch(plan, first.charges, { onProgress: (p) => progress.push(p.done) });
      expect(results.filter((r) => r.outcome !== 'cancelled' && r.outcome.kind === 'paid')).toHaveLength(195);
      expect(progress.at(-1)).toBe(195);
      expect(await paidCount(`B${plan.batchId}-`)).toBe(195);

      const file = batchResultCsv(plan, results).trim().split('\n');
      expect(file).toHaveLength(201);
      // Every column of the file as written (the amount as finance typed it), then what became of the row.
      expect(file[0]).toBe('clientId,bindingId,amount,currency,description,line,result,orderNumber,orderId,reason');
      expect(file[1]).toMatch(/^[^,]+,[^,]+,1\.00,RUB,Invoice 0,2,paid,B[0-9a-f]{12}-2,[0-9a-f-]{36},$/);
      expect(file[101]).toMatch(/,12\.3456,643,too many decimals,102,invalid,,,.*At most 2 decimals/);

      // The same file again, here and at another desk: nobody is charged twice. Another desk of the team refuses
      // it from the team's journal, before the gateway is asked; a desk on its own file learns it from the
      // gateway, which refuses an orderNumber it has.
      const again = await runBatch(await planBatch(csv, { bindings: first.bindings, perChargeMaximum: MAX }), first.charges);
      expect(again.every((r) => r.outcome !== 'cancelled' && r.outcome.kind === 'refused')).toBe(true);
      const other = desk(await team?.desk());
      const elsewhere = await runBatch(await planBatch(csv, { bindings: other.bindings, perChargeMaximum: MAX }), other.charges);
      const refusedBy = team ? 'refused' : 'failed';
      expect(elsewhere.every((r) => r.outcome !== 'cancelled' && r.outcome.kind === refusedBy)).toBe(true);
      expect(await paidCount(`B${plan.batchId}-`)).toBe(195);
    });

    it('pauses and cancels: what was not charged is reported as cancelled', async () => {
      const cards = await seedCards(10);
      const csv = [
        'clientId,bindingId,amount,currency,description',
        ...cards.map((c, i) => `${c.clientId},${c.bindingId},${i + 1}.00,643,`),
      ].join('\n');
      const { bindings, charges } = desk();
      const plan = await planBatch(csv, { bindings, perChargeMaximum: MAX });
      const controlled = new BatchControl();
      const run = runBatch(plan, charges, {
        control: controlled,
        onProgress: (p) => {
          if (p.done === 3) {
            controlled.pause();
            setTimeout(() => controlled.cancel(), 50);
          }
        },
      });
      const results = await run;
      expect(results.filter((r) => r.outcome === 'cancelled')).toHaveLength(7);
      expect(results.slice(0, 3).every((r) => r.outcome !== 'cancelled' && r.outcome.kind === 'paid')).toBe(true);
    });

    it('refuses a file without the columns, and amounts it cannot take exactly', async () => {
      const { bindings } = desk();
      expect((await planBatch('a,b\n1,2', { bindings, perChargeMaximum: MAX })).invalid[0]!.errors[0]).toMatchObject({
        code: 'charge.batch.headerMissing',
      });
      expect(minorUnits('12.5', 2)).toBe(1250);
      expect(minorUnits('1500', 0)).toBe(1500);
      expect(english(minorUnits('1.5', 0) as Phrase)).toBe('amount "1.5": This currency has no decimals');
      expect(english(minorUnits('0.00', 3) as Phrase)).toBe('amount "0.00": The amount must be more than zero');
      expect(english(minorUnits('1e3', 2) as Phrase)).toContain('Use digits only');
      // A file reads the same whoever opens it: a form that is thousands in English and decimals in Russian is refused.
      expect(english(minorUnits('1,250', 2) as Phrase)).toContain('could be thousands or decimals');
      expect(english(minorUnits('1,25,0', 2) as Phrase)).toContain('grouped wrongly');
    });

    it('reads a semicolon file (Russian Excel) and a tab one, with amounts as either language writes them', async () => {
      const cards = await seedCards(4);
      const amounts = ['1234,56', '1 000,50', '1\u00a0250,00', '1,250.00'];
      const lines = (separator: string) =>
        [
          ['clientId', 'bindingId', 'amount', 'currency', 'description'].join(separator),
          ...cards.map((c, i) => [c.clientId, c.bindingId, amounts[i]!, 'RUB', `Счёт ${i}`].join(separator)),
        ].join('\r\n');
      const { bindings } = desk();
      for (const separator of [';', '\t']) {
        const plan = await planBatch(lines(separator), { bindings, perChargeMaximum: MAX });
        expect(plan.invalid, separator).toEqual([]);
        expect(plan.charges.map((c) => [c.clientId, c.amount, c.currency, c.description])).toEqual(
          cards.map((c, i) => [c.clientId, [123_456, 100_050, 125_000, 125_000][i], '643', `Счёт ${i}`]),
        );
      }
      // A comma file quotes an amount with a comma in it, and reads it the same.
      const quoted = ['clientId,bindingId,amount,currency', `${cards[0]!.clientId},${cards[0]!.bindingId},"1234,56",RUB`].join('\n');
      expect((await planBatch(quoted, { bindings, perChargeMaximum: MAX })).charges[0]).toMatchObject({ amount: 123_456 });
    });
  });
