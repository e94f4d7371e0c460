/**
 * The team's people (store/operators.ts) in its database: every desk signs its people in against the same
 * accounts. A change of accounts takes one lock every desk takes for it, so that two administrators at two
 * desks cannot each disable one of the last two administrators; a sign-in attempt takes a lock on its login.
 */
import type { AuditedBy, StampedEntry } from '../audit.js';
import { insertTeamAudit, type TeamAuditTarget } from './teamAudit.js';
import type { Operator, OperatorChange } from '../../domain/operators.js';
import type { PasswordHash } from '../../security/passwordHash.js';
import {
  addRefusal,
  attemptOf,
  changed,
  changeRefusalOf,
  changeValues,
  endRefusal,
  insertValues,
  passwordRefusal,
  secondFactorValues,
  spendRecoveryValues,
  spendStepValues,
  SQL,
  storedPassword,
  toOperator,
  toSecondFactor,
  type AddedBy,
  type Attempts,
  type AttemptStart,
  type ChangedOperator,
  type NewOperator,
  type NewSecondFactor,
  type OperatorStore,
  type OperatorWrite,
  type Row,
  type SecondFactor,
} from '../operators.js';
import { DATABASE_NOW_MS, numbered, query, transaction, type Query, type TeamDatabase, type Transaction } from './teamDatabase.js';
import { unnestInsert } from './unnestInsert.js';

/** A desk's people as its file keeps them, every column (their hashes too). */
const TAKE = unnestInsert<Row>(
  'operators',
  [
    { name: 'id', type: 'text', of: (r) => r.id },
    { name: 'login', type: 'text', of: (r) => r.login },
    { name: 'display_name', type: 'text', of: (r) => r.display_name },
    { name: 'role', type: 'text', of: (r) => r.role },
    { name: 'password', type: 'text', of: (r) => r.password },
    { name: 'disabled_at', type: 'bigint', of: (r) => r.disabled_at },
    { name: 'created_at', type: 'bigint', of: (r) => r.created_at },
    { name: 'updated_at', type: 'bigint', of: (r) => r.updated_at },
    { name: 'sessions_ended', type: 'integer', of: (r) => r.sessions_ended },
    { name: 'totp_secret', type: 'text', of: (r) => r.totp_secret },
    { name: 'recovery_codes', type: 'text', of: (r) => r.recovery_codes },
    { name: 'totp_step', type: 'bigint', of: (r) => r.totp_step },
  ],
  'id',
);

const ACCOUNTS_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('operators', 0))";
const count = async (q: Query, sql: string) => Number((await q<{ n: string | number }>(sql))[0]!.n);

/** A change done, with its entry written to the team's log in the change's transaction when there is one. */
async function doneIn<T>(
  value: T,
  audited: AuditedBy<T> | undefined,
  log: (entry: StampedEntry) => Promise<void>,
): Promise<OperatorWrite<T>> {
  if (audited) await log(audited(value));
  return { kind: 'done', value };
}

export class PgOperators implements OperatorStore {
  /** `to`: where the entries of the changes made here go (none: a tool that audits nothing). */
  constructor(
    private readonly db: TeamDatabase,
    private readonly to?: TeamAuditTarget,
  ) {}

  /** Writes a change's entry to the team's log in the change's transaction `q`. */
  private logIn(q: Transaction): (entry: StampedEntry) => Promise<void> {
    return (entry) => {
      if (!this.to) throw new Error('The team database is open without a desk: a change of accounts cannot be audited');
      return insertTeamAudit(q, this.to, entry);
    };
  }

  count(): Promise<number> {
    return count((sql, args) => query(this.db, sql, args), SQL.count);
  }

  async list(): Promise<Operator[]> {
    return (await this.rows()).map(toOperator);
  }

  /** Every account as kept, its password's hash too: what a desk's copy of the team's people holds (teamPeopleCopy.ts). */
  rows(): Promise<Row[]> {
    return query<Row>(this.db, SQL.list);
  }

  async get(id: string): Promise<Operator | undefined> {
    return row((sql, args) => query(this.db, sql, args), id);
  }

  add(o: NewOperator, by: AddedBy, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<Operator>> => {
      await q(ACCOUNTS_LOCK);
      const actor = by === 'first' ? 'first' : await row(q, by.id);
      const refusal = addRefusal(o, actor, await count(q, SQL.count));
      if (refusal) return { kind: 'refused', refusal };
      const [added] = await q<Row>(numbered(SQL.insert), insertValues(o, at));
      return added ? doneIn(toOperator(added), audited, this.logIn(q)) : { kind: 'refused', refusal: 'loginTaken' };
    });
  }

  change(
    id: string,
    change: OperatorChange,
    by: string,
    at: number,
    audited?: AuditedBy<ChangedOperator>,
  ): Promise<OperatorWrite<ChangedOperator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<ChangedOperator>> => {
      await q(ACCOUNTS_LOCK);
      const before = await row(q, id);
      if (!before) return { kind: 'refused', refusal: 'notFound' };
      const after = changed(before, change, at);
      const refusal = changeRefusalOf(await row(q, by), before, after, await count(q, SQL.activeAdministrators));
      if (refusal) return { kind: 'refused', refusal };
      const [written] = await q<Row>(numbered(SQL.change), changeValues(after, at));
      return doneIn({ before, after: toOperator(written!) }, audited, this.logIn(q));
    });
  }

  /** Ends the person's sessions at every desk, under the lock every change of accounts takes. */
  endSessions(id: string, by: string, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<Operator>> => {
      await q(ACCOUNTS_LOCK);
      const refusal = endRefusal(await row(q, by), await row(q, id));
      if (refusal) return { kind: 'refused', refusal };
      const [ended] = await q<Row>(numbered(SQL.endSessions), [at, id]);
      return doneIn(toOperator(ended!), audited, this.logIn(q));
    });
  }

  /** A new password, under the lock every change of accounts takes; the login's wrong ones in a row start again from none. */
  setPassword(id: string, password: PasswordHash, at: number, by: string, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<Operator>> => {
      await q(ACCOUNTS_LOCK);
      const refusal = passwordRefusal(await row(q, by), await row(q, id));
      if (refusal) return { kind: 'refused', refusal };
      const [set] = await q<Row>(numbered(SQL.setPassword), [JSON.stringify(password), at, id]);
      await q(numbered(SQL.forgive), [set!.login]);
      return doneIn(toOperator(set!), audited, this.logIn(q));
    });
  }

  beginAttempt(login: string, _at: number): Promise<AttemptStart> {
    return transaction(this.db, async (q) => {
      // One attempt at a time per login, whether or not an account has it; the wait runs on the database's
      // clock, as every window in a team does, not on a desk's, which may be ahead.
      const [{ now }] = (await q<{ now: number }>(
        `SELECT pg_advisory_xact_lock(hashtextextended('login ' || $1, 0)), ${DATABASE_NOW_MS} AS now`,
        [login],
      )) as [{ now: number }];
      const [attempts] = await q<Attempts>(numbered(SQL.attempts), [login]);
      const [account] = await q<Row>(numbered(SQL.byLogin), [login]);
      const attempt = attemptOf(attempts, account, now, (text) => storedPassword(text, this.db.name));
      if (attempt.kind !== 'wait') await q(numbered(SQL.countWrong), [login, now]);
      return attempt;
    });
  }

  /**
   * A joining desk's people, taken as they are (ids, hashes, disabled marks) when the team has none yet, so
   * that the team's first administrator is the desk's and nobody else can claim an empty team; a team that
   * has people keeps them, and a desk's own are given accounts there by the team's administrators. How many
   * were taken.
   */
  takeIfNone(rows: readonly Row[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return transaction(this.db, async (q) => {
      await q(ACCOUNTS_LOCK);
      if ((await count(q, SQL.count)) > 0) return 0;
      return (await q(TAKE.sql, TAKE.values(rows))).length;
    });
  }

  async signedIn(login: string): Promise<void> {
    await query(this.db, numbered(SQL.forgive), [login]);
  }

  async secondFactor(id: string): Promise<SecondFactor | undefined> {
    return toSecondFactor((await query<Row>(this.db, numbered(SQL.get), [id]))[0]);
  }

  /** Enrols or removes a second factor, under the lock every change of accounts takes. */
  setSecondFactor(
    id: string,
    factor: NewSecondFactor | null,
    by: string,
    at: number,
    audited?: AuditedBy<Operator>,
  ): Promise<OperatorWrite<Operator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<Operator>> => {
      await q(ACCOUNTS_LOCK);
      const refusal = passwordRefusal(await row(q, by), await row(q, id));
      if (refusal) return { kind: 'refused', refusal };
      const [set] = await q<Row>(numbered(SQL.setSecondFactor), secondFactorValues(id, factor, at));
      return doneIn(toOperator(set!), audited, this.logIn(q));
    });
  }

  async spendStep(id: string, step: number): Promise<boolean> {
    return (await query(this.db, numbered(SQL.spendStep), spendStepValues(id, step))).length > 0;
  }

  async spendRecoveryCode(id: string, hash: string): Promise<boolean> {
    return (await query(this.db, numbered(SQL.spendRecoveryCode), spendRecoveryValues(id, hash))).length > 0;
  }
}

async function row(q: Query, id: string): Promise<Operator | undefined> {
  const [found] = await q<Row>(numbered(SQL.get), [id]);
  return found && toOperator(found);
}
