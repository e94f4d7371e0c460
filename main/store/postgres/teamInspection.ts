/**
 * What a team database is, as a connection test finds it, before any desk uses it: the server's version,
 * whether this connection is encrypted, how far its schema was migrated, and whether this user may create
 * the app's tables. Read only: nothing is migrated or written, so a database set up by a newer version, or
 * one a test was pointed at by mistake, is left as it was. Bounded as every connection of a desk is
 * (teamDatabase.ts), and its failures are told apart the same way (TeamUnreachableError).
 */
import type pg from 'pg';
import { SCHEMA_VERSION_SQL } from './migrate.js';
import { openTeamDatabase, query } from './teamDatabase.js';

export interface TeamDatabaseFacts {
  /** As the server says it ("15.8 (Debian 15.8-0+deb12u1)"). */
  readonly serverVersion: string;
  readonly encrypted: boolean;
  /** The highest step in schema_migrations; 0 where the app's tables were never made. */
  readonly schemaVersion: number;
  /** Whether this user may create tables where the app would make its own (the database's owner may). */
  readonly mayCreate: boolean;
}

export async function inspectTeamDatabase(config: pg.PoolConfig): Promise<TeamDatabaseFacts> {
  const db = openTeamDatabase({ ...config, max: 1 });
  try {
    const [facts] = await query<{ version: string; encrypted: boolean | null; migrated: boolean; may_create: boolean | null }>(
      db,
      `SELECT current_setting('server_version') AS version,
              (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS encrypted,
              to_regclass('schema_migrations') IS NOT NULL AS migrated,
              has_schema_privilege(current_schema(), 'CREATE') AS may_create`,
    );
    const [migrated] = facts!.migrated ? await query<{ version: number | null }>(db, SCHEMA_VERSION_SQL) : [];
    return {
      serverVersion: facts!.version,
      encrypted: facts!.encrypted === true,
      schemaVersion: migrated?.version ?? 0,
      mayCreate: facts!.may_create === true,
    };
  } finally {
    await db.pool.end();
  }
}
