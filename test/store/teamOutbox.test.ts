/** The desk's outbox for the team database: how many answers it holds, known without asking the file each time. */
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { TeamOutbox, type OutboxEntry } from '../../main/store/teamOutbox.js';
import { folderOfFile } from './folderOfFile.js';

const dir = folderOfFile('team-outbox-');
const TEAM = '127.0.0.1:5432/team';
const attached = (orderId: string): OutboxEntry => ({ kind: 'attachOrder', orderId, at: 1 });

it('counted once when the desk opens (entries left by the last run, not another team database’s), then kept as entries are added and done', () => {
  const file = join(dir, 'counted.sqlite');
  const before = openDatabase(file);
  new TeamOutbox(before, TEAM).add(1, attached('o-1'), 1);
  new TeamOutbox(before, TEAM).add(2, attached('o-2'), 2);
  new TeamOutbox(before, 'elsewhere:5432/other').add(3, attached('o-3'), 3);
  before.close();

  const db = openDatabase(file);
  const outbox = new TeamOutbox(db, TEAM);
  expect(outbox.size).toBe(2);
  outbox.add(4, attached('o-4'), 4);
  expect(outbox.size).toBe(3);
  const [first] = outbox.pending();
  outbox.done(first!.seq);
  expect(outbox.size).toBe(2);
  // Done again (a flush that stopped half-way and ran again), or another team database's entry: nothing deleted, nothing counted.
  outbox.done(first!.seq);
  const other = new TeamOutbox(db, 'elsewhere:5432/other');
  outbox.done(other.pending()[0]!.seq);
  expect(outbox.size).toBe(2);
  expect(outbox.size).toBe(outbox.pending().length);
  expect(other.size).toBe(1);
  db.close();
});

it('the size, asked before every journal call, reads nothing from the file', () => {
  const db = openDatabase(join(dir, 'asked.sqlite'));
  const outbox = new TeamOutbox(db, TEAM);
  outbox.add(1, attached('o-1'), 1);
  const statements = vi.spyOn(db, 'prepare');
  for (let i = 0; i < 100; i++) expect(outbox.size).toBe(1);
  expect(statements).not.toHaveBeenCalled();
  db.close();
});
