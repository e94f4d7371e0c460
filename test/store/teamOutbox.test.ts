/**
 * The desk's outbox for the team database: how many answers it holds, known without asking the file each
 * time; and the team's charge journal over it (OutboxedChargeJournal), on a real PostgreSQL that goes away.
 */
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { OutboxedChargeJournal } from '../../main/store/postgres/outboxedChargeJournal.js';
import { TeamOutbox, type OutboxEntry } from '../../main/store/teamOutbox.js';
import { folderOfFile } from './folderOfFile.js';
import { describePostgres } from './postgresCluster.js';
import { migratedTeamDatabase } from './migratedTeamDatabase.js';
import { newCharge } from './rows.js';

const dir = folderOfFile('team-outbox-');
const TEAM = '127.0.0.1:5432/team';
const attached = (orderId: string): OutboxEntry => ({ kind: 'attachOrder', orderId, at: 1 });

it('counted once when the desk opens (entries left by the last run, not another team database’s), then kept as entries are added and done', () => {
  const file = join(dir, 'counted.sqlite');
  const before = openDatabase(file);
  new TeamOutbox(before, TEAM, 'charge').add(1, attached('o-1'), 1);
  new TeamOutbox(before, TEAM, 'charge').add(2, attached('o-2'), 2);
  new TeamOutbox(before, 'elsewhere:5432/other', 'charge').add(3, attached('o-3'), 3);
  before.close();

  const db = openDatabase(file);
  const outbox = new TeamOutbox(db, TEAM, 'charge');
  expect(outbox.size).toBe(2);
  outbox.add(4, attached('o-4'), 4);
  expect(outbox.size).toBe(3);
  const [first] = outbox.pending();
  outbox.done(first!.seq);
  expect(outbox.size).toBe(2);
  // Done again (a flush that stopped half-way and ran again), or another team database's entry: nothing deleted, nothing counted.
  outbox.done(first!.seq);
  const other = new TeamOutbox(db, 'elsewhere:5432/other', 'charge');
  outbox.done(other.pending()[0]!.seq);
  expect(outbox.size).toBe(2);
  expect(outbox.size).toBe(outbox.pending().length);
  expect(other.size).toBe(1);
  db.close();
});

it('the size, asked before every journal call, reads nothing from the file', () => {
  const db = openDatabase(join(dir, 'asked.sqlite'));
  const outbox = new TeamOutbox(db, TEAM, 'charge');
  outbox.add(1, attached('o-1'), 1);
  const statements = vi.spyOn(db, 'prepare');
  for (let i = 0; i < 100; i++) expect(outbox.size).toBe(1);
  expect(statements).not.toHaveBeenCalled();
  db.close();
});

describePostgres('the team’s charge journal with this desk’s outbox', () => {
  const shared = migratedTeamDatabase();

  it('a charge in flight while an earlier answer is written back stays this desk’s: its own answer, kept while the database is away again, reads as it', async () => {
    const db = openDatabase(join(dir, 'away-twice.sqlite'));
    const outbox = new TeamOutbox(db, shared.team.name, 'charge');
    const journal = new OutboxedChargeJournal(new PgChargeJournal(shared.team, { desk: deskNamed('FIN-5') }), outbox);
    const claims = new Set<number>();
    const begin = async (orderNumber: string) => {
      const begun = await journal.begin(newCharge(orderNumber, { bindingId: `card-${orderNumber}` }), 0, () => undefined, claims);
      if (begun.kind !== 'journalled') throw new Error('an empty guard refused nothing');
      return begun.charge;
    };
    const [first, second] = [await begin('AWAY-1'), await begin('AWAY-2')];
    try {
      await shared.cluster.stop('immediate');
      expect(await journal.settle(first.id, { state: 'PAID', at: 1 })).toBe(true);
      expect(await journal.get(first.id)).toMatchObject({ id: first.id, state: 'PAID' });
      await shared.cluster.start();
      // Back: the first answer is written, while the second charge is still waiting for its own.
      await journal.flush();
      expect(outbox.size).toBe(0);
      await shared.cluster.stop('immediate');
      expect(await journal.settle(second.id, { state: 'DECLINED', at: 2 })).toBe(true);
      expect(await journal.get(second.id)).toMatchObject({ id: second.id, state: 'DECLINED', orderNumber: 'AWAY-2' });
      // The first is the shared.team database's to tell again: its answer is there, not in the outbox.
      await expect(journal.get(first.id)).rejects.toMatchObject({ problem: 'unreachable' });
    } finally {
      await shared.cluster.start();
    }
    await journal.flush();
    const other = new PgChargeJournal(shared.team, { desk: deskNamed('FIN-6') });
    expect(await other.get(first.id)).toMatchObject({ state: 'PAID' });
    expect(await other.get(second.id)).toMatchObject({ state: 'DECLINED' });
    journal.close();
    db.close();
  });
});
