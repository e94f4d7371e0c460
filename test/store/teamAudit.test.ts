/**
 * The team's audit log: two desks, each with its own file, writing to one PostgreSQL. Each desk's entries
 * reach the team's log at once, keep their desk, are read with the same filters as a desk's own log, are
 * never lost nor doubled when the team database is away or a desk writes them again, and hold no card
 * number in any spelling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuditRepository, type AuditEntry } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { installationId } from '../../main/services/installation.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { TEAM_AUDIT } from '../../main/store/migrations.js';
import { migrateTeamDatabase, openMigratedTeamDatabase } from '../../main/store/postgres/migrate.js';
import { TeamAuditLog } from '../../main/store/postgres/teamAudit.js';
import { listenForChanges, type TeamChange } from '../../main/store/postgres/teamChanges.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { eventually } from './eventually.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';

const root = mkdtempSync(join(tmpdir(), 'team-audit-'));

interface Desk {
  readonly file: Db;
  readonly own: AuditRepository;
  readonly team: TeamDatabase;
  readonly log: TeamAuditLog;
  close(): Promise<void>;
}

let files = 0;
function desk(url: string, name: string, file = openDatabase(join(root, `desk-${++files}.sqlite`)), startAfter?: number): Desk {
  const own = new AuditRepository(file);
  const team = openMigratedTeamDatabase(url);
  const log = new TeamAuditLog(team, own, file, {
    desk: { id: installationId(new SettingsRepository(file)), name },
    retryMs: 100,
    ...(startAfter !== undefined ? { startAfter } : {}),
  });
  return {
    file,
    own,
    team,
    log,
    close: async () => {
      log.close();
      await team.pool.end();
      file.close();
    },
  };
}

let at = Date.UTC(2026, 11, 4, 9);
const entry = (over: Partial<AuditEntry> = {}): AuditEntry =>
  ({
    at: at++,
    osUser: 'ann',
    environment: 'production',
    action: 'refund',
    outcome: 'success',
    objectType: 'order',
    objectId: 'o-1',
    ...over,
  }) as AuditEntry;

describePostgres('the team’s audit log', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('has every desk’s entries, each with its desk, newest first, read with a desk log’s filters', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FIN-1'), desk(url, 'FIN-2')];
    try {
      a.own.record(entry({ objectId: 'o-a' }));
      b.own.record(entry({ action: 'deposit', objectId: 'o-b' }));
      a.own.record(entry({ outcome: 'refused', objectId: 'o-a' }));
      // Desk A's entries are on their way at once; B reads once they are there.
      await a.log.write();
      const read = await b.log.query();
      expect(read.map((e) => [e.desk, e.action, e.outcome, e.objectId])).toEqual([
        ['FIN-1', 'refund', 'refused', 'o-a'],
        ['FIN-2', 'deposit', 'success', 'o-b'],
        ['FIN-1', 'refund', 'success', 'o-a'],
      ]);
      expect((await a.log.query({ objectId: 'o-a', outcome: 'refused' })).map((e) => e.desk)).toEqual(['FIN-1']);
      expect((await a.log.query({ action: 'deposit' })).map((e) => e.objectId)).toEqual(['o-b']);
      expect(await a.log.actions()).toEqual(['deposit', 'refund']);
      // Paged as the screen pages: what is older than the last entry shown.
      const [first] = read;
      expect((await a.log.query({ before: { at: first!.at, id: first!.id }, limit: 1 })).map((e) => e.objectId)).toEqual(['o-b']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('tells the other desks within a second that an entry was recorded', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FIN-1'), desk(url, 'FIN-2')];
    await migrateTeamDatabase(b.team);
    const heard: TeamChange[] = [];
    const listening = listenForChanges(b.team, (table) => heard.push(table));
    try {
      await new Promise((r) => setTimeout(r, 300));
      a.own.record(entry());
      await eventually(async () => heard.includes(TEAM_AUDIT.table), 1_000);
      expect((await b.log.query()).map((e) => e.desk)).toEqual(['FIN-1']);
    } finally {
      await listening.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps apart two desks of the same name', async () => {
    const url = await cluster.newDatabase();
    const [a, b] = [desk(url, 'FINANCE'), desk(url, 'FINANCE')];
    try {
      a.own.record(entry({ objectId: 'o-a' }));
      b.own.record(entry({ objectId: 'o-b' }));
      await Promise.all([a.log.write(), b.log.write()]);
      // Each desk's first entry has id 1 in its own file: the team's log keeps both.
      expect((await a.log.query()).map((e) => e.objectId)).toEqual(['o-b', 'o-a']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('loses nothing while the team database is away, and writes it there, in order, once it is back', async () => {
    const url = await cluster.newDatabase();
    const a = desk(url, 'FIN-1');
    try {
      a.own.record(entry({ objectId: 'before' }));
      await a.log.write();
      await cluster.stop('immediate');
      try {
        for (const objectId of ['away-1', 'away-2']) a.own.record(entry({ objectId }));
        await expect(a.log.query()).rejects.toMatchObject({ problem: 'unreachable' });
        // Recorded all the same, in the desk's own file.
        expect(a.own.query().map((e) => e.objectId)).toEqual(['away-2', 'away-1', 'before']);
      } finally {
        await cluster.start();
      }
      // Written again by the desk's retry, with nobody asking.
      const other = openTeamDatabase(url);
      try {
        await eventually(async () => (await other.pool.query('SELECT 1 FROM team_audit')).rowCount === 3);
      } finally {
        await other.pool.end();
      }
      expect((await a.log.query()).map((e) => e.objectId)).toEqual(['away-2', 'away-1', 'before']);
    } finally {
      await a.close();
    }
  });

  it('moves a desk’s earlier entries when asked, once however often asked, and never doubles one written twice', async () => {
    const url = await cluster.newDatabase();
    const file = openDatabase(join(root, `desk-${++files}.sqlite`));
    const earlier = new AuditRepository(file);
    for (const objectId of ['old-1', 'old-2']) earlier.record(entry({ objectId }));
    const a = desk(url, 'FIN-1', file);
    try {
      a.own.record(entry({ objectId: 'new' }));
      // Joining the team does not publish what the desk did before.
      expect((await a.log.query()).map((e) => e.objectId)).toEqual(['new']);
      await a.log.moveEarlierEntries();
      await a.log.moveEarlierEntries();
      expect((await a.log.query()).map((e) => e.objectId)).toEqual(['new', 'old-2', 'old-1']);
      // A desk stopped after the team's commit but before its own note writes the same entries again.
      file.prepare('UPDATE team_audit_written SET upto = 0').run();
      await a.log.write();
      expect(await a.log.query()).toHaveLength(3);
    } finally {
      await a.close();
    }
  });

  it('gets nothing a desk recorded while it had left the team, when it joins again; moved, only when asked', async () => {
    const url = await cluster.newDatabase();
    const file = openDatabase(join(root, `desk-${++files}.sqlite`));
    const first = desk(url, 'FIN-1', file);
    first.own.record(entry({ objectId: 'in-team' }));
    await first.log.write();
    first.log.close();
    await first.team.pool.end();
    // Away from the team: the desk's own.
    new AuditRepository(file).record(entry({ objectId: 'away' }));
    const back = desk(url, 'FIN-1', file, new AuditRepository(file).lastId());
    try {
      back.own.record(entry({ objectId: 'back' }));
      expect((await back.log.query()).map((e) => e.objectId)).toEqual(['back', 'in-team']);
      await back.log.moveEarlierEntries();
      expect((await back.log.query()).map((e) => e.objectId)).toEqual(['back', 'away', 'in-team']);
    } finally {
      await back.close();
    }
  });

  it('holds no card number, in any spelling a person pastes', async () => {
    const url = await cluster.newDatabase();
    const a = desk(url, 'FIN-1');
    try {
      const spellings = ['4111\u00a01111\u00a01111\u00a01111', '4111.1111.1111.1111', '４１１１１１１１１１１１１１１１'];
      for (const s of spellings)
        a.own.record(entry({ objectId: s, detail: `customer said ${s}`, facts: { reason: s } } as Partial<AuditEntry>));
      await a.log.write();
      const { rows } = await a.team.pool.query<Record<string, unknown>>('SELECT * FROM team_audit');
      expect(rows).toHaveLength(3);
      const text = JSON.stringify(rows);
      expect(text).not.toMatch(/1111[^0-9*]?1111[^0-9*]?1111/);
      expect(text.normalize('NFKC').replace(/\D/g, '')).not.toContain('4111111111111111');
    } finally {
      await a.close();
    }
  });
});
