/**
 * A batch's approval as the batch is run (Approvals.batchGate) and as each row is journalled (decideBegin), on every
 * engine: both count the batch alike, what its rows journalled already with the rows about to run, so that a batch
 * run in parts (paused, stopped, its approval lapsed) is asked for and approved for what it comes to in all, and,
 * once approved, runs. An approval holds for 24 hours from when it was given.
 */
import { expect, it } from 'vitest';
import { REQUEST_LIFETIME_MS, thresholdsKey } from '../../main/domain/approvals.js';
import { Approvals } from '../../main/services/approvals.js';
import { asPerson } from '../../main/store/actingPerson.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import type { RequestPerson } from '../../main/store/approvals.js';
import type { NewCharge } from '../../main/store/journal.js';
import { ENGINES, twoDesksOn } from '../store/journalEngines.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { join } from 'node:path';

const ANNA = { id: '00000000-0000-4000-8000-00000000000a', login: 'anna', displayName: 'Anna', role: 'finance' } as const;
const BORIS: RequestPerson = { id: '00000000-0000-4000-8000-00000000000b', login: 'boris', name: 'Boris' };
const THRESHOLDS = { '643': { batch: 2_500 } };
const allow = () => undefined;
let n = 0;

const dir = folderOfFile('batch-approvals-');

for (const engine of ENGINES) {
  engine.describe(`a batch's approval on ${engine.name}`, () => {
    const desks = twoDesksOn(engine);
    const row = (batchId: string, amount = 1_000): NewCharge => ({
      environment: 'test',
      orderNumber: `B-${batchId.slice(0, 6)}-${++n}`,
      amount,
      currency: '643',
      bindingId: `binding-${n}`,
      clientId: 'client',
      category: 'COMMON',
      operator: 'os-user',
      at: Date.now(),
      batchId,
    });
    const approvals = () =>
      new Approvals({
        environment: 'test',
        requests: desks.desk.approvals,
        operations: undefined as never,
        charge: () => Promise.reject(new Error('not a charge')),
        audit: new AuditRepository(openDatabase(join(dir, `audit-${++n}.sqlite`))),
        osUser: 'os-user',
      });
    const plan = (id: string, rows: number) => ({ id, charges: Array.from({ length: rows }, () => ({ amount: 1_000, currency: '643' })) });
    const gate = (id: string, rows: number) => asPerson(ANNA, () => approvals().batchGate(plan(id, rows), THRESHOLDS));
    const approve = async (id: number) =>
      expect((await desks.other.approvals.end(id, 'test', 'approved', BORIS, Date.now())).kind).toBe('changed');

    it('asks for what the batch comes to in all, and runs once that is approved, whatever ran before', async () => {
      await desks.desk.setting(thresholdsKey('test'), JSON.stringify(THRESHOLDS));
      const id = `${++n}`.padStart(64, 'a');
      // Two rows ran while it was under its threshold; five more would take it over.
      for (let i = 0; i < 2; i++) expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('journalled');
      const asked = await gate(id, 5);
      if (!('kind' in asked) || asked.kind !== 'awaitingApproval') throw new Error(JSON.stringify(asked));
      expect(asked.request.what).toEqual({ action: 'batch', batchId: id, charges: 7, totals: { '643': 7_000 } });
      await approve(asked.request.id);
      expect(await gate(id, 5)).toEqual({ kind: 'go' });
      for (let i = 0; i < 5; i++) expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('journalled');
      expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('approvalRefused');
    });

    it('asks again when its approval lapsed mid-run, for all it comes to, and runs the rest once approved', async () => {
      const id = `${++n}`.padStart(64, 'b');
      const first = await gate(id, 6);
      if (!('kind' in first) || first.kind !== 'awaitingApproval') throw new Error(JSON.stringify(first));
      await approve(first.request.id);
      for (let i = 0; i < 3; i++) expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('journalled');
      // A day after its approval, the approval no longer holds: the rest is refused until approved again.
      await desks.desk.exec('UPDATE approval_requests SET decided_at = ? WHERE id = ?', [
        Date.now() - REQUEST_LIFETIME_MS - 1,
        first.request.id,
      ]);
      expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('approvalRefused');
      // What is left is under the threshold on its own, but not with what ran: it is asked for, in all.
      const again = await gate(id, 2);
      if (!('kind' in again) || again.kind !== 'awaitingApproval') throw new Error(JSON.stringify(again));
      expect(again.request.what).toMatchObject({ charges: 5, totals: { '643': 5_000 } });
      await approve(again.request.id);
      expect(await gate(id, 2)).toEqual({ kind: 'go' });
      for (let i = 0; i < 2; i++) expect((await desks.desk.journal.begin(row(id), 0, allow)).kind).toBe('journalled');
    });
  });
}
