/**
 * The team's shared database: a PostgreSQL server every desk of the team connects to (node-postgres, pure
 * JavaScript). Bounded everywhere, as anything outside the process is: a connection is given up after
 * CONNECT_TIMEOUT_MS, a statement after STATEMENT_TIMEOUT_MS, a wait for another desk's lock after
 * LOCK_TIMEOUT_MS; each ends in a StoreError that says which database and what to do, and nothing is half
 * written (every write is one transaction). The password is never part of what is shown or logged.
 */
import pg from 'pg';
import { phrase, type Phrase } from '../../phrases/phrase.js';
import type { TeamFailure } from '../../domain/teamConnection.js';
import { StoreError } from '../errors.js';

export const CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 15_000;
export const LOCK_TIMEOUT_MS = 5_000;

/** A desk's connection pool to the team database, and the name it is known by in messages (no password). */
export interface TeamDatabase {
  readonly pool: pg.Pool;
  /** host:port/database, for messages and logs. */
  readonly name: string;
  /**
   * Resolves once the database is ready for this app (its schema migrated), asked before every statement:
   * a desk that starts while the database is away opens all the same, and gets ready when it is back.
   */
  ready(): Promise<void>;
}

const INT8_OID = 20;

/**
 * BIGINT columns (amounts in minor units, times in ms) as numbers: node-postgres gives them as strings,
 * since not every BIGINT fits a double. Every one the app writes does; one that does not is refused
 * rather than rounded.
 */
function safeInteger(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`a whole number beyond 2^53 in the team database: ${text}`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? safeInteger : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Opens a pool to the team database; nothing connects until the first query, which first runs `prepare`
 * (the migrations: store/postgres/migrate.ts) once, and again after a failure.
 */
export function openTeamDatabase(config: string | pg.PoolConfig, prepare?: (db: TeamDatabase) => Promise<unknown>): TeamDatabase {
  const options: pg.PoolConfig = typeof config === 'string' ? { connectionString: config } : config;
  const pool = new pg.Pool({
    ...options,
    types,
    max: options.max ?? 8,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? CONNECT_TIMEOUT_MS,
    statement_timeout: options.statement_timeout ?? STATEMENT_TIMEOUT_MS,
    lock_timeout: options.lock_timeout ?? LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'gateway-backoffice',
  });
  const name = databaseName(options);
  // An idle connection the server dropped (a restart) must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  let prepared: Promise<void> | undefined;
  const db: TeamDatabase = {
    pool,
    name,
    ready: () =>
      (prepared ??= (async () => {
        try {
          await prepare?.(db);
        } catch (err) {
          prepared = undefined;
          throw err;
        }
      })()),
  };
  return db;
}

/**
 * A team database this desk must not use now, by the name it is shown by: every statement fails with `why`
 * before anything connects, as a database that cannot be reached fails (TeamUnreachableError).
 */
export function unusableTeamDatabase(name: string, why: StoreError): TeamDatabase {
  return { pool: new pg.Pool({ max: 1 }), name, ready: () => Promise.reject(why) };
}

function databaseName(options: pg.PoolConfig): string {
  if (options.connectionString) {
    try {
      const u = new URL(options.connectionString);
      return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
    } catch {
      return 'the team database';
    }
  }
  return `${options.host ?? 'localhost'}:${options.port ?? 5432}/${options.database ?? ''}`;
}

/**
 * A statement the store sends again and again, under a name of its own: each connection has the server parse
 * it once and keeps it (a prepared statement), instead of it being parsed and planned at every call. A name
 * stands for one text only. Its columns are listed, never `*`: a prepared statement whose result changed
 * shape (a migration that added a column) would fail on every connection that had prepared it.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

/** What the store sends: a statement's text, parsed at each call, or a prepared one. */
export type Sql = string | Prepared;

const sent = (sql: Sql, args: readonly unknown[]): pg.QueryConfig =>
  typeof sql === 'string' ? { text: sql, values: args as unknown[] } : { name: sql.name, text: sql.text, values: args as unknown[] };

/** SQL written for both engines, its `?` placeholders numbered as PostgreSQL's $1, $2… (none may be in a literal). */
export const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** A query within one connection, as the store's functions take it. */
export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: Sql, args?: readonly unknown[]) => Promise<R[]>;

const queryOn =
  (client: pg.ClientBase): Query =>
  async <R extends pg.QueryResultRow>(sql: Sql, args: readonly unknown[] = []) =>
    (await client.query<R>(sent(sql, args))).rows;

/** A transaction's statements, and what is to run once it has committed (afterCommit), never if it rolls back. */
export type Transaction = Query & { readonly afterCommit: (f: () => void) => void };

/** One statement outside a transaction (a read); the team database's failures become StoreErrors. */
export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  db: TeamDatabase,
  sql: Sql,
  args: readonly unknown[] = [],
): Promise<R[]> {
  await readyOrThrow(db);
  try {
    return (await db.pool.query<R>(sent(sql, args))).rows;
  } catch (err) {
    throw teamError(err, db.name);
  }
}

/**
 * Runs fn in one READ COMMITTED transaction on one connection and commits it; any failure rolls it back.
 * READ COMMITTED, not REPEATABLE READ: each statement sees what was committed before it began, so a
 * statement after a lock wait sees the row the lock's holder wrote (a snapshot would predate the wait).
 * Never held across a gateway call: the caller's fn only reads and writes the database.
 */
export async function transaction<T>(db: TeamDatabase, fn: (q: Transaction) => Promise<T>): Promise<T> {
  await readyOrThrow(db);
  const held = await holdConnection(db);
  let broken: Error | undefined;
  const followers: (() => void)[] = [];
  try {
    await held.client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const result = await fn(Object.assign(queryOn(held.client), { afterCommit: (f: () => void) => void followers.push(f) }));
    await held.client.query('COMMIT');
    // What follows the commit (a desk's copy of an entry) is not the transaction's: it cannot undo it.
    for (const f of followers) {
      try {
        f();
      } catch (err) {
        console.error(`after a commit in ${db.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return result;
  } catch (err) {
    await held.client.query('ROLLBACK').catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw teamError(err, db.name);
  } finally {
    // A connection that could not roll back is not given to the next caller.
    held.release(broken);
  }
}

async function readyOrThrow(db: TeamDatabase): Promise<void> {
  try {
    await db.ready();
  } catch (err) {
    throw teamError(err, db.name);
  }
}

/**
 * One connection of the pool, held for a sequence of statements. The pool listens for a dropped
 * connection only while it is idle; while held, a server going away would otherwise be an uncaught
 * 'error' event that ends the process. The statement in progress fails instead, which the caller reports.
 */
export async function holdConnection(db: TeamDatabase): Promise<{ client: pg.PoolClient; release(err?: Error): void }> {
  let client: pg.PoolClient;
  try {
    client = await db.pool.connect();
  } catch (err) {
    throw teamError(err, db.name);
  }
  const dropped = () => undefined;
  client.on('error', dropped);
  return {
    client,
    release: (err?: Error) => {
      client.removeListener('error', dropped);
      client.release(err);
    },
  };
}

/** The team database's clock, in ms since the epoch: what every desk's windows are measured by. */
export const DATABASE_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** The database's clock now, in epoch milliseconds: the team's one clock, whatever each desk's says. */
export async function databaseNow(db: TeamDatabase): Promise<number> {
  const [clock] = await query<{ now: number }>(db, `SELECT ${DATABASE_NOW_MS} AS now`);
  return clock!.now;
}

export type { TeamFailure };

/**
 * The team database cannot be used by this desk now, for the reason `failure` names and `why` says. Whatever
 * the reason, the desk goes on as while the database is away (problem 'unreachable'): look-ups keep working,
 * money actions wait, and an answer the gateway gives meanwhile goes to the outbox. Never a fallback to the
 * desk's own journal.
 */
export class TeamUnreachableError extends StoreError {
  constructor(
    readonly failure: TeamFailure,
    /** The reason alone, without what it means for money: what a connection test says. */
    readonly why: Phrase,
    options?: { cause?: unknown },
  ) {
    super('unreachable', [why, phrase('storage.team.meanwhile')], options);
    this.name = 'TeamUnreachableError';
  }
}

/** Node's own codes for a server certificate that no trusted authority signed (tls.checkServerIdentity and OpenSSL's). */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** The socket's own failures to reach a server. */
const NOT_REACHED = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EPIPE'];

/** The failure and its words, where the error is one of reaching or entering the team database; else undefined. */
function unreachable(err: unknown, database: string): { failure: TeamFailure; why: Phrase } | undefined {
  const code = String((err as { code?: unknown })?.code ?? '');
  const reason = err instanceof Error ? err.message : String(err);
  if (code === '28P01') return { failure: 'authentication', why: phrase('storage.team.authentication', { database }) };
  // pg_hba.conf has no line for this desk: over TLS only ("no encryption" in the server's words), or not at all.
  if (code === '28000')
    return /no encryption/i.test(reason)
      ? { failure: 'tlsRequired', why: phrase('storage.team.tlsRequired', { database }) }
      : { failure: 'notAllowed', why: phrase('storage.team.notAllowed', { database, reason }) };
  if (code === '3D000') return { failure: 'noDatabase', why: phrase('storage.team.noDatabase', { database }) };
  if (/does not support SSL/i.test(reason)) return { failure: 'tlsRefused', why: phrase('storage.team.tlsRefused', { database }) };
  if (UNTRUSTED.has(code))
    return { failure: 'certificateUntrusted', why: phrase('storage.team.certificateUntrusted', { database, reason }) };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return { failure: 'certificateName', why: phrase('storage.team.certificateName', { database, reason }) };
  if (OUT_OF_DATE.has(code)) return { failure: 'certificateExpired', why: phrase('storage.team.certificateExpired', { database, reason }) };
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || /\b(SSL|TLS)\b/.test(reason))
    return { failure: 'tls', why: phrase('storage.team.tls', { database, reason }) };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { failure: 'unknownHost', why: phrase('storage.team.unknownHost', { database }) };
  // node-postgres's own words for a connection that did not complete within connectionTimeoutMillis.
  if (/connection timeout|timeout expired/i.test(reason))
    return { failure: 'timeout', why: phrase('storage.team.timeout', { database, seconds: CONNECT_TIMEOUT_MS / 1000 }) };
  // Refused or lost, the server shutting down or starting up, too many connections, or a statement cut off.
  if (
    code.startsWith('08') ||
    ['57P01', '57P02', '57P03', '57014', '53300'].includes(code) ||
    NOT_REACHED.includes(code) ||
    /timeout|terminated|not queryable/i.test(reason)
  )
    return { failure: 'unreachable', why: phrase('storage.team.unreachable', { database, reason }) };
  return undefined;
}

/** Maps node-postgres's failures (SQLSTATE codes, socket and TLS errors) to a problem with a clear, specific message. */
export function teamError(err: unknown, database: string): StoreError {
  if (err instanceof StoreError) return err;
  const code = String((err as { code?: unknown })?.code ?? '');
  const reason = err instanceof Error ? err.message : String(err);
  const options = { cause: err };
  if (code === '23505') return new StoreError('duplicate', phrase('storage.team.duplicate', { database }), options);
  // lock_timeout, a deadlock the server broke, or a serialization failure: another desk held on too long.
  if (code === '55P03' || code === '40P01' || code === '40001')
    return new StoreError('busy', phrase('storage.team.busy', { database }), options);
  const away = unreachable(err, database);
  if (away) return new TeamUnreachableError(away.failure, away.why, options);
  return new StoreError('other', phrase('storage.team.other', { database, reason }), options);
}
