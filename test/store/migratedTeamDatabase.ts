/** A migrated team database for the tests of one describe block, on a throwaway cluster of its own. */
import { afterAll, beforeAll } from 'vitest';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { startPostgres, type PostgresCluster } from './postgresCluster.js';

/** Started before the block's tests, stopped after them; read `team` and `cluster` inside a hook or a test. */
export function migratedTeamDatabase(): { readonly team: TeamDatabase; readonly cluster: PostgresCluster } {
  let cluster: PostgresCluster | undefined;
  let team: TeamDatabase | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
    team = openTeamDatabase(await cluster.newDatabase());
    await migrateTeamDatabase(team);
  }, 60_000);
  afterAll(async () => {
    await team?.pool.end();
    await cluster?.destroy();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The team database is not open yet: read it inside a hook or a test');
    return value;
  };
  return {
    get team() {
      return opened(team);
    },
    get cluster() {
      return opened(cluster);
    },
  };
}
