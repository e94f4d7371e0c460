/**
 * The engines the shared store runs on, for its contract tests: this desk's SQLite file, and the team's
 * PostgreSQL (a throwaway cluster, skipped with one line where Debian's postgresql is not installed).
 * Each gives a fresh, migrated store (its journals and its people), a way to write a row behind the store's back (as an earlier version
 * or another program would), and a second connection, as another process or desk would have.
 */
import type { AuditRepository } from '../../main/store/audit.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { type OperationJournal, SqliteOperationJournal } from '../../main/store/operations.js';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { PgOperationJournal } from '../../main/store/postgres/operationJournal.js';
import { PgOperators } from '../../main/store/postgres/operators.js';
import { SqliteApprovalRequests, type ApprovalRequests } from '../../main/store/approvals.js';
import { PgApprovalRequests } from '../../main/store/postgres/approvals.js';
import { SqliteOperators, type OperatorStore } from '../../main/store/operators.js';
import { numbered, openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';

/** One desk's connection to the store: its journals, and raw SQL (written with `?` placeholders) beside them. */
export interface Desk {
  readonly journal: ChargeJournal;
  readonly operations: OperationJournal;
  readonly operators: OperatorStore;
  readonly approvals: ApprovalRequests;
  /** Sets a setting the journals read in their transactions: the desk's own in SQLite, the team's in PostgreSQL. */
  setting(key: string, json: string): Promise<void>;
  exec(sql: string, args?: readonly unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: 'SQLite' | 'PostgreSQL';
  readonly describe: typeof describe.skip;
  /** Starts what the engine needs (a cluster), once per file. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A new, empty, migrated store; the desk returned is its first connection. */
  fresh(): Promise<Store>;
}

export interface Store {
  /** Another connection to the same store: another process on the file, or another desk on the server. */
  /**
   * A desk on the store. `own`: the desk's own log, which gets a copy of each entry a team store writes to the
   * team's log, as the app's desks have (a desk's file is its own log already).
   */
  desk(own?: AuditRepository): Promise<Desk>;
}

function sqliteEngine(): Engine {
  let dir = '';
  let files = 0;
  return {
    name: 'SQLite',
    describe,
    start: () => {
      dir = mkdtempSync(join(tmpdir(), 'journal-engine-'));
      return Promise.resolve();
    },
    stop: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
    fresh: () => {
      const file = join(dir, `store-${++files}.sqlite`);
      openDatabase(file).close();
      return Promise.resolve({
        desk: () => {
          const db = openDatabase(file);
          return Promise.resolve({
            journal: new SqliteChargeJournal(db),
            operations: new SqliteOperationJournal(db),
            operators: new SqliteOperators(db),
            approvals: new SqliteApprovalRequests(db),
            setting: (key: string, json: string) => {
              db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
                key,
                json,
              );
              return Promise.resolve();
            },
            exec: (sql: string, args: readonly unknown[] = []) => {
              const s = db.prepare(sql);
              return Promise.resolve(s.reader ? s.all(...args) : (s.run(...args), []));
            },
            close: () => {
              db.close();
              return Promise.resolve();
            },
          });
        },
      });
    },
  };
}

function postgresEngine(): Engine {
  let cluster: PostgresCluster | undefined;
  return {
    name: 'PostgreSQL',
    describe: describePostgres,
    start: async () => {
      cluster = await startPostgres();
    },
    stop: async () => {
      await cluster?.destroy();
    },
    fresh: async () => {
      const url = await cluster!.newDatabase();
      const first = openTeamDatabase(url);
      await migrateTeamDatabase(first);
      await first.pool.end();
      let desks = 0;
      return {
        desk: (own?: AuditRepository) => {
          const db: TeamDatabase = openTeamDatabase(url);
          const to = { desk: deskNamed(`DESK-${++desks}`), ...(own ? { own } : {}) };
          return Promise.resolve({
            journal: new PgChargeJournal(db, to),
            operations: new PgOperationJournal(db, to),
            operators: new PgOperators(db, to),
            approvals: new PgApprovalRequests(db, to),
            setting: async (key: string, json: string) => {
              await db.pool.query(
                `INSERT INTO team_settings (key, value, updated_at, desk) VALUES ($1, $2, 0, 'test')
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
                [key, json],
              );
            },
            exec: async (sql: string, args: readonly unknown[] = []) => (await db.pool.query(numbered(sql), args as unknown[])).rows,
            close: () => db.pool.end(),
          });
        },
      };
    },
  };
}

export const ENGINES: readonly Engine[] = [sqliteEngine(), postgresEngine()];

/**
 * Two connections to one fresh store of the engine, for the tests of one describe block: as two processes
 * on one file, or two desks on one server. Started before the block's tests and closed after them.
 */
export function twoDesksOn(engine: Engine): { readonly desk: Desk; readonly other: Desk } {
  const desks: Desk[] = [];
  beforeAll(async () => {
    await engine.start();
    const store = await engine.fresh();
    desks.push(await store.desk(), await store.desk());
  }, 60_000);
  afterAll(async () => {
    for (const d of desks) await d.close();
    await engine.stop();
  });
  return {
    get desk() {
      return desks[0]!;
    },
    get other() {
      return desks[1]!;
    },
  };
}

/**
 * Team databases of `engine`, each fresh, for the tests of one describe block: the engine started before them
 * and stopped after, every desk on them closed. On SQLite each desk keeps its journal in its own file, so
 * there is no team database (undefined).
 */
export function teamStoresOn(engine: Engine): () => Promise<Store | undefined> {
  const desks: Desk[] = [];
  beforeAll(() => engine.start(), 60_000);
  afterAll(async () => {
    for (const d of desks) await d.close();
    await engine.stop();
  });
  return async () => {
    if (engine.name === 'SQLite') return undefined;
    const store = await engine.fresh();
    return {
      desk: async (own?: AuditRepository) => {
        const desk = await store.desk(own);
        desks.push(desk);
        return desk;
      },
    };
  };
}
