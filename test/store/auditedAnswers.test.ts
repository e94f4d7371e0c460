/**
 * An answer's audit entry is written in the answer's own transaction, on every engine: in the desk's file with
 * its journal, or in the team's log in the team database with the team's journal. Made to fail, the entry takes
 * the answer with it (the row stays open, to be reconciled); written, both are there, once, naming the person
 * whose call it was, and an answer that changes nothing writes no entry. An approval request is filed with its
 * entry likewise. An entry is kept once by its key in either log, should its answer be written again (the desk's outbox
 * writing it to the team). A change of a person
likewise.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { folderOfFile } from './folderOfFile.js';
import { z } from 'zod';
import { openDatabase, write } from '../../main/store/database.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { thresholdsKey } from '../../main/domain/approvals.js';
import type { ApprovalRequest } from '../../main/store/approvals.js';
import { AuditRepository, stampedEntry } from '../../main/store/audit.js';
import type { ChargeRow } from '../../main/store/journal.js';
import type { OperationRow } from '../../main/store/operations.js';
import { ENGINES, twoDesksOn } from './journalEngines.js';

const ANNA = { login: 'anna', role: 'finance' } as const;
const folder = folderOfFile('audited-answers-');
const allow = () => undefined;
let n = 0;

for (const engine of ENGINES) {
  engine.describe(`audited answers on ${engine.name}`, () => {
    const desks = twoDesksOn(engine);
    const team = engine.name === 'PostgreSQL';
    const log = team ? 'team_audit' : 'audit_log';
    const entriesOn = (object: string) =>
      desks.desk.exec(`SELECT action, outcome, person, role, detail FROM ${log} WHERE object_id = ? ORDER BY id`, [object]);

    /** Makes the log refuse every entry, as a full disk or a broken log would, until `allow` is called. */
    async function refuseEntries(): Promise<() => Promise<void>> {
      if (team) {
        await desks.desk.exec(
          "CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''the audit log refused it''; END'",
        );
        await desks.desk.exec('CREATE TRIGGER refuse_entry BEFORE INSERT ON team_audit FOR EACH ROW EXECUTE FUNCTION refuse_entry()');
        return async () => {
          await desks.desk.exec('DROP TRIGGER refuse_entry ON team_audit');
          await desks.desk.exec('DROP FUNCTION refuse_entry()');
        };
      }
      await desks.desk.exec(
        "CREATE TRIGGER refuse_entry BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log refused it'); END",
      );
      return async () => void (await desks.desk.exec('DROP TRIGGER refuse_entry'));
    }

    const entry = (action: 'charge' | 'refund', object: string, state: string) => {
      const base = {
        at: Date.now(),
        osUser: 'os-user',
        environment: 'test',
        outcome: 'success',
        objectType: 'order',
        objectId: object,
        detail: `${state} (entry of the answer)`,
        facts: { reason: state },
        by: ANNA,
      } as const;
      return stampedEntry(action === 'charge' ? { ...base, action } : { ...base, action });
    };

    /** A charge of its own card, `amount` minor units of RUB, as it is over its threshold or not. */
    const chargeOf = (stem: string, amount: number) => ({
      environment: 'test',
      orderNumber: `${stem}-${++n}`,
      amount,
      currency: '643',
      bindingId: `binding-${stem}-${n}`,
      clientId: 'client',
      category: 'COMMON' as const,
      operator: 'os-user',
      at: Date.now(),
    });
    /** A charge journalled: its row. */
    async function journalled(stem: string, amount: number): Promise<ChargeRow> {
      const begun = await desks.desk.journal.begin(chargeOf(stem, amount), 0, allow);
      if (begun.kind !== 'journalled') throw new Error(begun.kind);
      return begun.charge;
    }

    it("writes a charge's answer and its entry together, or neither", async () => {
      const { id, orderNumber } = await journalled('AUDITED', 100);
      const audited = (row: ChargeRow) => entry('charge', row.orderNumber, row.state);
      const paid = { state: 'PAID', orderId: `order-${n}`, at: Date.now() } as const;

      const allowEntries = await refuseEntries();
      try {
        await expect(desks.desk.journal.settle(id, paid, audited)).rejects.toThrow();
        await expect(
          desks.desk.journal.markUnknown(id, { code: 'app.quoted', params: { text: 'lost' } }, Date.now(), audited),
        ).rejects.toThrow();
      } finally {
        await allowEntries();
      }
      expect((await desks.desk.journal.get(id))?.state).toBe('PENDING');
      expect(await entriesOn(orderNumber)).toEqual([]);

      expect(await desks.desk.journal.settle(id, paid, audited)).toBe(true);
      expect((await desks.other.journal.get(id))?.state).toBe('PAID');
      const written = [{ action: 'charge', outcome: 'success', person: 'anna', role: 'finance', detail: 'PAID (entry of the answer)' }];
      expect(await entriesOn(orderNumber)).toEqual(written);
      // Settled already: nothing changes, at either desk, and no second entry is written.
      expect(await desks.other.journal.settle(id, { ...paid, state: 'DECLINED' }, audited)).toBe(false);
      expect(await entriesOn(orderNumber)).toEqual(written);
    });

    it("writes an operation's answer and its entry together, or neither", async () => {
      const orderId = `audited-order-${++n}`;
      const begun = await desks.desk.operations.begin(
        {
          environment: 'test',
          orderId,
          kind: 'refund',
          amount: 100,
          operator: 'os-user',
          at: Date.now(),
          givesBack: { amount: 100, currency: '643' },
        },
        allow,
      );
      if (begun.kind !== 'journalled') throw new Error(begun.kind);
      const { id } = begun.operation;
      const audited = (row: OperationRow) => entry('refund', row.orderId, row.state);

      const allowEntries = await refuseEntries();
      try {
        await expect(desks.desk.operations.settle(id, 'DONE', Date.now(), undefined, audited)).rejects.toThrow();
      } finally {
        await allowEntries();
      }
      expect((await desks.desk.operations.get(id))?.state).toBe('PENDING');
      expect(await entriesOn(orderId)).toEqual([]);

      expect(await desks.desk.operations.settle(id, 'DONE', Date.now(), undefined, audited)).toBe(true);
      expect(await desks.other.operations.settle(id, 'REFUSED', Date.now(), undefined, audited)).toBe(false);
      expect(await entriesOn(orderId)).toEqual([
        { action: 'refund', outcome: 'success', person: 'anna', role: 'finance', detail: 'DONE (entry of the answer)' },
      ]);
    });

    it('files an approval request and its entry together, or neither', async () => {
      await desks.desk.setting(thresholdsKey('test'), JSON.stringify({ '643': { charge: 10 } }));
      const over = chargeOf('ASKED', 100);
      const { bindingId } = over;
      const step = {
        kind: 'ask',
        by: { id: '00000000-0000-4000-8000-00000000000a', login: 'anna', name: 'Anna' },
        audited: (r: ApprovalRequest) => entry('charge', `request-of-${bindingId}`, r.state),
      } as const;
      const requests = () => desks.desk.exec('SELECT state FROM approval_requests WHERE binding_id = ?', [bindingId]);
      const allowEntries = await refuseEntries();
      try {
        await expect(desks.desk.journal.begin(over, 0, allow, undefined, step)).rejects.toThrow();
      } finally {
        await allowEntries();
      }
      expect(await requests()).toEqual([]);
      expect((await desks.desk.journal.begin(over, 0, allow, undefined, step)).kind).toBe('requested');
      expect(await requests()).toEqual([{ state: 'pending' }]);
      expect(await entriesOn(`request-of-${bindingId}`)).toEqual([
        { action: 'charge', outcome: 'success', person: 'anna', role: 'finance', detail: 'pending (entry of the answer)' },
      ]);
    });

    it('writes a keyed entry once, however often its answer is written again (an outbox written twice)', async () => {
      // Under the charge threshold an earlier test set.
      const { id, orderNumber } = await journalled('REPLAYED', 5);
      const kept = { ...entry('charge', orderNumber, 'UNKNOWN'), key: `answer-${n}` };
      const lost = { code: 'app.quoted', params: { text: 'lost' } } as const;
      // The first write committed, its acknowledgement lost; the outbox writes the same answer again.
      for (let i = 0; i < 2; i++) expect(await desks.desk.journal.markUnknown(id, lost, Date.now(), () => kept)).toBe(true);
      expect(await entriesOn(orderNumber)).toHaveLength(1);
    });

    it('adds a person and writes its entry together, or neither', async () => {
      const login = `person-${++n}`;
      const account = {
        login,
        displayName: 'A Person',
        role: 'administrator',
        password: { salt: 'c2FsdHNhbHRzYWx0c2FsdA==', key: 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5', N: 2 ** 14, r: 8, p: 1 },
      } as const;
      const audited = () => entry('refund', `account-${login}`, 'added');
      const allowEntries = await refuseEntries();
      try {
        await expect(desks.desk.operators.add(account, 'first', Date.now(), audited)).rejects.toThrow();
      } finally {
        await allowEntries();
      }
      expect(await desks.desk.operators.count()).toBe(0);
      expect((await desks.desk.operators.add(account, 'first', Date.now(), audited)).kind).toBe('done');
      expect(await entriesOn(`account-${login}`)).toHaveLength(1);
    });
  });
}

it('tells those who follow the log of an entry written in an action only once the action committed', async () => {
  const db = openDatabase(join(folder, `file-${++n}.sqlite`));
  const log = new AuditRepository(db);
  const told: number[] = [];
  log.afterRecord(() => told.push(log.lastId()));
  const entry = stampedEntry({
    at: 1,
    osUser: 'os-user',
    environment: 'test',
    action: 'charge',
    outcome: 'success',
    facts: { reason: 'r' },
  });
  // Rolled back: the follower, told after, finds nothing new.
  expect(() =>
    write(db, () => {
      log.write(entry);
      expect(told).toEqual([]);
      throw new Error('the action failed after its entry');
    }),
  ).toThrow();
  await Promise.resolve();
  expect(told).toEqual([0]);
  // Committed: told once it is there to read.
  write(db, () => log.write(entry));
  await Promise.resolve();
  expect(told).toEqual([0, 1]);
  db.close();
});

it('changes a setting and writes its entry together, or neither', () => {
  const db = openDatabase(join(folder, `file-${++n}.sqlite`));
  const log = new AuditRepository(db);
  const settings = new SettingsRepository(db);
  const change = () =>
    log.together(() => {
      settings.set('sessions.idleMinutes', 5);
      log.record({
        at: 1,
        osUser: 'os-user',
        environment: 'test',
        action: 'settings.change',
        outcome: 'success',
        facts: { changed: ['idleMinutes'] },
      });
    });
  db.exec("CREATE TRIGGER refuse_entry BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log refused it'); END");
  expect(change).toThrow();
  expect(settings.has('sessions.idleMinutes')).toBe(false);
  db.exec('DROP TRIGGER refuse_entry');
  change();
  expect(settings.get('sessions.idleMinutes', z.number())).toBe(5);
  expect(log.query({ action: 'settings.change' })).toHaveLength(1);
  db.close();
});
