/**
 * The team's people (store/operators.ts) in its database: every desk signs its people in against the same
 * accounts. A change of accounts takes one lock every desk takes for it, so that two administrators at two
 * desks cannot each disable one of the last two administrators; a sign-in attempt locks its account's row.
 */
import { changeRefusal, type Operator, type OperatorChange } from '../../domain/operators.js';
import type { Role } from '../../domain/roles.js';
import type { PasswordHash } from '../../security/passwordHash.js';
import {
  addRefusal,
  attemptOf,
  changeValues,
  insertValues,
  SQL,
  storedPassword,
  toOperator,
  type AddedBy,
  type AttemptStart,
  type NewOperator,
  type OperatorStore,
  type OperatorWrite,
  type Row,
} from '../operators.js';
import { DATABASE_NOW_MS, numbered, query, transaction, type Query, type TeamDatabase } from './teamDatabase.js';

const ACCOUNTS_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('operators', 0))";
const count = async (q: Query, sql: string) => Number((await q<{ n: string | number }>(sql))[0]!.n);

export class PgOperators implements OperatorStore {
  constructor(private readonly db: TeamDatabase) {}

  count(): Promise<number> {
    return count((sql, args) => query(this.db, sql, args), SQL.count);
  }

  async list(): Promise<Operator[]> {
    return (await query<Row>(this.db, SQL.list)).map(toOperator);
  }

  async get(id: string): Promise<Operator | undefined> {
    const [row] = await query<Row>(this.db, numbered(SQL.get), [id]);
    return row && toOperator(row);
  }

  add(o: NewOperator, by: AddedBy, at: number): Promise<OperatorWrite<Operator>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<Operator>> => {
      await q(ACCOUNTS_LOCK);
      const refusal = addRefusal(o, by, await count(q, SQL.count));
      if (refusal) return { kind: 'refused', refusal };
      const [row] = await q<Row>(numbered(SQL.insert), insertValues(o, at));
      return row ? { kind: 'done', value: toOperator(row) } : { kind: 'refused', refusal: 'loginTaken' };
    });
  }

  change(id: string, change: OperatorChange, by: Role, at: number): Promise<OperatorWrite<{ before: Operator; after: Operator }>> {
    return transaction(this.db, async (q): Promise<OperatorWrite<{ before: Operator; after: Operator }>> => {
      await q(ACCOUNTS_LOCK);
      const [row] = await q<Row>(numbered(SQL.get), [id]);
      if (!row) return { kind: 'refused', refusal: 'notFound' };
      const before = toOperator(row);
      const refusal = changeRefusal(by, before, change, await count(q, SQL.activeAdministrators));
      if (refusal) return { kind: 'refused', refusal };
      const [after] = await q<Row>(numbered(SQL.change), changeValues(row, change, at));
      return { kind: 'done', value: { before, after: toOperator(after!) } };
    });
  }

  async setPassword(id: string, password: PasswordHash, at: number): Promise<boolean> {
    const rows = await query(this.db, `${numbered(SQL.setPassword)} RETURNING id`, [JSON.stringify(password), at, id]);
    return rows.length === 1;
  }

  beginAttempt(login: string, _at: number): Promise<AttemptStart> {
    return transaction(this.db, async (q) => {
      // The wait is counted on the database's clock, as every window in a team: not on a desk's, which may be ahead.
      const [row] = await q<Row & { now: number }>(`SELECT *, ${DATABASE_NOW_MS} AS now FROM operators WHERE login = $1 FOR UPDATE`, [
        login,
      ]);
      const attempt = attemptOf(row, row?.now ?? 0, (text) => storedPassword(text, this.db.name));
      if (attempt.kind === 'check') await q(numbered(SQL.countWrong), [row!.now, attempt.operator.id]);
      return attempt;
    });
  }

  async signedIn(id: string): Promise<void> {
    await query(this.db, numbered(SQL.signedIn), [id]);
  }
}
