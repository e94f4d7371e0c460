/**
 * Brings the team database to this app's schema: the steps of the one numbered list (store/migrations.ts)
 * that have a PostgreSQL side, each in its own transaction with its row in schema_migrations. Every desk
 * migrates on connecting, so two desks starting at once must not both run a step: the whole run holds a
 * fixed advisory lock, and the second desk, once it gets it, finds the steps done. A desk of an older
 * version refuses a schema newer than it knows, and says to update; it uses such a database as one it
 * cannot reach (look-ups on, money waiting), so that it still opens and its Settings can be changed.
 */
import { phrase } from '../../phrases/phrase.js';
import { MIGRATIONS, type Migration } from '../migrations.js';
import type pg from 'pg';
import { holdConnection, openTeamDatabase, teamError, TeamUnreachableError, type TeamDatabase } from './teamDatabase.js';

/** The advisory lock every desk's migration takes: an arbitrary constant, the same in every version. */
const MIGRATION_LOCK = 4_870_201_928_374_001n;

/** The latest schema version of the team database this app knows. */
export const teamSchemaVersion = (migrations: readonly Migration[] = MIGRATIONS): number =>
  migrations.filter((m) => m.postgres !== undefined).at(-1)?.version ?? 0;

/** The last step the team database took, as one row `version` (null where schema_migrations is empty). */
export const SCHEMA_VERSION_SQL = 'SELECT max(version) AS version FROM schema_migrations';

export async function migrateTeamDatabase(db: TeamDatabase, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const latest = teamSchemaVersion(migrations);
  const held = await holdConnection(db);
  const { client } = held;
  try {
    // A session lock, not a transaction's: it spans the steps' own transactions. Bounded like any lock wait.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        description TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ version: number | null }>(SCHEMA_VERSION_SQL);
      const current = rows[0]?.version ?? 0;
      // Not a failure of the desk's start: the desk opens without it, for look-ups and Settings, as while it is away.
      if (current > latest) {
        throw new TeamUnreachableError('newerSchema', phrase('storage.team.newerSchema', { database: db.name, version: current, latest }));
      }
      for (const m of migrations) {
        if (m.postgres === undefined || m.version <= current) continue;
        await client.query('BEGIN');
        try {
          if (m.postgres.trim() !== '') await client.query(m.postgres);
          await client.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [m.version, m.description]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
      return latest;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (err) {
    throw teamError(err, db.name);
  } finally {
    held.release();
  }
}

/** The team database as the app opens it: migrated to this app's schema before its first statement. */
export const openMigratedTeamDatabase = (config: string | pg.PoolConfig): TeamDatabase =>
  openTeamDatabase(config, (db) => migrateTeamDatabase(db));
