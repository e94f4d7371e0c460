/**
 * The team database's migrations: the same numbered list as a desk's file, each step from the team's first
 * saying both dialects, and the two engines' shared tables alike (columns, nullability, unique and partial
 * indexes). Two desks starting at once migrate once; a desk older than the schema refuses it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { MIGRATIONS, TEAM_AUDIT, TEAM_SCHEMA_FROM, TEAM_TABLES } from '../../main/store/migrations.js';
import { migrateTeamDatabase, teamSchemaVersion } from '../../main/store/postgres/migrate.js';
import { openTeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';

interface Shape {
  columns: Record<string, { notNull: boolean }>;
  indexes: Record<string, { unique: boolean; partial: boolean; columns: string[] }>;
}

describe('the numbered list', () => {
  it('says both dialects for every step from the team database’s first, and nothing before it', () => {
    for (const m of MIGRATIONS)
      expect({ version: m.version, both: m.postgres !== undefined }).toEqual({ version: m.version, both: m.version >= TEAM_SCHEMA_FROM });
    expect(teamSchemaVersion()).toBe(MIGRATIONS.at(-1)!.version);
  });
});

describePostgres('the team database', () => {
  let cluster: PostgresCluster;
  const dir = mkdtempSync(join(tmpdir(), 'team-schema-'));
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has the shared tables as a desk’s file has them: the same columns, nullability, unique and partial indexes', async () => {
    const db = openTeamDatabase(await cluster.newDatabase());
    await migrateTeamDatabase(db);
    const file = openDatabase(join(dir, 'desk.sqlite'));
    try {
      for (const table of TEAM_TABLES) {
        const sqlite: Shape = { columns: {}, indexes: {} };
        for (const c of file.pragma(`table_info(${table})`) as { name: string; notnull: number; pk: number }[])
          sqlite.columns[c.name] = { notNull: c.notnull === 1 || c.pk === 1 };
        for (const i of file.pragma(`index_list(${table})`) as { name: string; unique: number; origin: string; partial: number }[]) {
          if (i.origin === 'pk') continue;
          const columns = (file.pragma(`index_info(${i.name})`) as { name: string }[]).map((c) => c.name);
          // A UNIQUE constraint's index is named by each engine its own way: known by its columns.
          const name = i.origin === 'u' ? `unique(${columns.join(', ')})` : i.name;
          sqlite.indexes[name] = { unique: i.unique === 1, partial: i.partial === 1, columns };
        }
        const postgres: Shape = { columns: {}, indexes: {} };
        const columns = await db.pool.query<{ column_name: string; is_nullable: string }>(
          'SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = $1',
          [table],
        );
        for (const c of columns.rows) postgres.columns[c.column_name] = { notNull: c.is_nullable === 'NO' };
        const indexes = await db.pool.query<{ name: string; unique: boolean; partial: boolean; constraint: boolean; columns: string[] }>(
          `SELECT i.relname AS name, ix.indisunique AS unique, ix.indpred IS NOT NULL AS partial,
                  EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.contype = 'u') AS constraint,
                  array_agg(a.attname::text ORDER BY k.ord) AS columns
             FROM pg_index ix
             JOIN pg_class i ON i.oid = ix.indexrelid
             JOIN pg_class t ON t.oid = ix.indrelid
             CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
            WHERE t.relname = $1 AND NOT ix.indisprimary
            GROUP BY i.relname, ix.indisunique, ix.indpred, ix.indexrelid`,
          [table],
        );
        for (const i of indexes.rows)
          postgres.indexes[i.constraint ? `unique(${i.columns.join(', ')})` : i.name] = {
            unique: i.unique,
            partial: i.partial,
            columns: i.columns,
          };
        expect(Object.keys(sqlite.columns).length, table).toBeGreaterThan(0);
        expect({ table, ...postgres }).toEqual({ table, ...sqlite });
      }
    } finally {
      file.close();
      await db.pool.end();
    }
  });

  it('has the team’s audit log with every column of a desk’s, nullable alike, and its desk besides', async () => {
    // An entry written in its action's transaction there has no entry of a desk's own log.
    const besides = { desk_id: true, desk: true, desk_entry: false };
    const db = openTeamDatabase(await cluster.newDatabase());
    await migrateTeamDatabase(db);
    const file = openDatabase(join(dir, 'desk-audit.sqlite'));
    try {
      const desk = Object.fromEntries(
        (file.pragma('table_info(audit_log)') as { name: string; notnull: number; pk: number }[]).map((c) => [
          c.name,
          c.notnull === 1 || c.pk === 1,
        ]),
      );
      const { rows } = await db.pool.query<{ column_name: string; is_nullable: string }>(
        'SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = $1',
        [TEAM_AUDIT.table],
      );
      const team = Object.fromEntries(rows.map((c) => [c.column_name, c.is_nullable === 'NO']));
      expect(team).toEqual({ ...desk, ...besides });
      expect(Object.keys(besides)).toEqual(TEAM_AUDIT.columns);
    } finally {
      file.close();
      await db.pool.end();
    }
  });

  it('is migrated once when two desks start at once, each step recorded in schema_migrations', async () => {
    const url = await cluster.newDatabase();
    const desks = [openTeamDatabase(url), openTeamDatabase(url)];
    try {
      expect(await Promise.all(desks.map((d) => migrateTeamDatabase(d)))).toEqual([teamSchemaVersion(), teamSchemaVersion()]);
      const { rows } = await desks[0]!.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.filter((m) => m.postgres !== undefined).map((m) => m.version));
      // Starting again changes nothing.
      expect(await migrateTeamDatabase(desks[1]!)).toBe(teamSchemaVersion());
    } finally {
      await Promise.all(desks.map((d) => d.pool.end()));
    }
  });

  it('is refused by a desk older than its schema, which says to update and changes nothing', async () => {
    const url = await cluster.newDatabase();
    const db = openTeamDatabase(url);
    try {
      await migrateTeamDatabase(db);
      await db.pool.query("INSERT INTO schema_migrations (version, description) VALUES (999, 'from a newer app')");
      // Used as a database the desk cannot reach: it opens without it, and money waits (docs/team.md).
      await expect(migrateTeamDatabase(db)).rejects.toMatchObject({
        problem: 'unreachable',
        failure: 'newerSchema',
        message: expect.stringMatching(/schema version 999, this one knows up to \d+\); update the app on this desk/),
      });
      const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0]!.n).toBe(MIGRATIONS.filter((m) => m.postgres !== undefined).length + 1);
    } finally {
      await db.pool.end();
    }
  });

  it('says which database cannot be reached, and never its password', async () => {
    const url = new URL(await cluster.newDatabase());
    url.port = '1';
    const db = openTeamDatabase(url.toString());
    try {
      const err = await migrateTeamDatabase(db).catch((e: unknown) => e);
      expect(err).toMatchObject({ problem: 'unreachable', message: expect.stringContaining('127.0.0.1:1/') });
      expect(String((err as Error).message)).not.toContain(decodeURIComponent(url.password));
    } finally {
      await db.pool.end();
    }
  });
});
