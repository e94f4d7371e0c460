/**
 * The people who use the app (migration 33's `operators`): in a desk's own file, or a team's in its
 * database (store/postgres/operators.ts). Both engines run the same rules in their write transaction, on
 * the rows as they are then: a login is one person's, nobody grants above their own role, the last active
 * administrator stays one, the first account can be made only while there is none, and a sign-in attempt is
 * counted as wrong before its password is checked (and forgiven when it was right), so attempts made at once,
 * from two windows or two desks, cannot outrun the wait that wrong passwords earn.
 *
 * A password is kept only as its scrypt hash (security/passwordHash.ts), and only the sign-in reads it.
 */
import { randomUUID } from 'node:crypto';
import { waitAfter } from '../domain/attempts.js';
import { changeRefusal, grantRefusal, type Operator, type OperatorChange, type OperatorRefusal } from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import { passwordHashSchema, type PasswordHash } from '../security/passwordHash.js';
import { phrase } from '../phrases/phrase.js';
import { read, settled, write, type Db } from './database.js';
import { StoreError } from './errors.js';

export interface NewOperator {
  /** As normalLogin() gives it. */
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  readonly password: PasswordHash;
}

/** Who adds an account: someone of a role, or nobody yet (the first administrator of a fresh installation). */
export type AddedBy = Role | 'first';

export type OperatorWrite<T> =
  { readonly kind: 'done'; readonly value: T } | { readonly kind: 'refused'; readonly refusal: OperatorRefusal | 'notFirst' };

export type AttemptStart =
  /** No account has the login. */
  | { readonly kind: 'noAccount' }
  /** Too many wrong ones in a row: nothing is checked until the wait is over. */
  | { readonly kind: 'wait'; readonly waitMs: number }
  /** Counted as wrong already: check the password, and call signedIn() when it is right. */
  | { readonly kind: 'check'; readonly operator: Operator; readonly password: PasswordHash };

export interface OperatorStore {
  /** How many accounts there are; none is a fresh installation, which asks for its first administrator. */
  count(): Promise<number>;
  /** Every account, by display name. */
  list(): Promise<Operator[]>;
  get(id: string): Promise<Operator | undefined>;
  add(o: NewOperator, by: AddedBy, at: number): Promise<OperatorWrite<Operator>>;
  change(id: string, change: OperatorChange, by: Role, at: number): Promise<OperatorWrite<{ before: Operator; after: Operator }>>;
  setPassword(id: string, password: PasswordHash, at: number): Promise<boolean>;
  beginAttempt(login: string, at: number): Promise<AttemptStart>;
  /** The password was right: the account's wrong ones in a row start again from none. */
  signedIn(id: string): Promise<void>;
}

/** An operators row as both engines read it. */
export interface Row {
  id: string;
  login: string;
  display_name: string;
  role: Role;
  password: string;
  failures: number;
  last_failure_at: number | null;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

export const toOperator = (r: Row): Operator => ({
  id: r.id,
  login: r.login,
  displayName: r.display_name,
  role: r.role,
  ...(r.disabled_at !== null ? { disabledAt: r.disabled_at } : {}),
  createdAt: r.created_at,
});

/** The SQL both engines run, with `?` placeholders (numbered for PostgreSQL). */
export const SQL = {
  count: 'SELECT count(*) AS n FROM operators',
  list: 'SELECT * FROM operators ORDER BY display_name, login',
  get: 'SELECT * FROM operators WHERE id = ?',
  byLogin: 'SELECT * FROM operators WHERE login = ?',
  activeAdministrators: "SELECT count(*) AS n FROM operators WHERE role = 'administrator' AND disabled_at IS NULL",
  insert: `INSERT INTO operators (id, login, display_name, role, password, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (login) DO NOTHING RETURNING *`,
  change: 'UPDATE operators SET display_name = ?, role = ?, disabled_at = ?, updated_at = ? WHERE id = ? RETURNING *',
  setPassword: 'UPDATE operators SET password = ?, failures = 0, last_failure_at = NULL, updated_at = ? WHERE id = ?',
  countWrong: 'UPDATE operators SET failures = failures + 1, last_failure_at = ? WHERE id = ?',
  signedIn: 'UPDATE operators SET failures = 0, last_failure_at = NULL WHERE id = ?',
} as const;

/** The values of a new account's INSERT. */
export const insertValues = (o: NewOperator, at: number): unknown[] => [
  randomUUID(),
  o.login,
  o.displayName,
  o.role,
  JSON.stringify(o.password),
  at,
  at,
];

/** Whether an account may be added by `by`, with `count` accounts in the store as it is in the transaction. */
export const addRefusal = (o: NewOperator, by: AddedBy, count: number): OperatorRefusal | 'notFirst' | undefined =>
  by === 'first' ? (count > 0 || o.role !== 'administrator' ? 'notFirst' : undefined) : grantRefusal(by, o.role);

/** The row after a change, as the UPDATE's values. */
export const changeValues = (before: Row, change: OperatorChange, at: number): unknown[] => [
  change.displayName ?? before.display_name,
  change.role ?? before.role,
  change.active === undefined ? before.disabled_at : change.active ? null : (before.disabled_at ?? at),
  at,
  before.id,
];

/** A password's hash as kept; a damaged one is a StoreError (the account cannot sign in), never a password that matches. */
export function storedPassword(text: string, store: string): PasswordHash {
  let kept: unknown;
  try {
    kept = JSON.parse(text);
  } catch {
    kept = undefined;
  }
  const parsed = passwordHashSchema.safeParse(kept);
  if (!parsed.success) throw new StoreError('corrupt', phrase('storage.damagedRecord', { file: store }));
  return parsed.data;
}

/** What an attempt to sign in as the row's account may do at `at`; the wait is counted from the last wrong one. */
export const attemptOf = (row: Row | undefined, at: number, password: (text: string) => PasswordHash): AttemptStart => {
  if (!row) return { kind: 'noAccount' };
  const waitMs = row.last_failure_at === null ? 0 : row.last_failure_at + waitAfter(row.failures) - at;
  if (waitMs > 0) return { kind: 'wait', waitMs };
  return { kind: 'check', operator: toOperator(row), password: password(row.password) };
};

export class SqliteOperators implements OperatorStore {
  constructor(private readonly db: Db) {}

  count(): Promise<number> {
    return settled(() => read(this.db, () => (this.db.prepare(SQL.count).get() as { n: number }).n));
  }

  list(): Promise<Operator[]> {
    return settled(() => read(this.db, () => (this.db.prepare(SQL.list).all() as Row[]).map(toOperator)));
  }

  get(id: string): Promise<Operator | undefined> {
    return settled(() => {
      const row = read(this.db, () => this.db.prepare(SQL.get).get(id) as Row | undefined);
      return row && toOperator(row);
    });
  }

  add(o: NewOperator, by: AddedBy, at: number): Promise<OperatorWrite<Operator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<Operator> => {
        const refusal = addRefusal(o, by, (this.db.prepare(SQL.count).get() as { n: number }).n);
        if (refusal) return { kind: 'refused', refusal };
        const row = this.db.prepare(SQL.insert).get(...insertValues(o, at)) as Row | undefined;
        return row ? { kind: 'done', value: toOperator(row) } : { kind: 'refused', refusal: 'loginTaken' };
      }),
    );
  }

  change(id: string, change: OperatorChange, by: Role, at: number): Promise<OperatorWrite<{ before: Operator; after: Operator }>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<{ before: Operator; after: Operator }> => {
        const row = this.db.prepare(SQL.get).get(id) as Row | undefined;
        if (!row) return { kind: 'refused', refusal: 'notFound' };
        const before = toOperator(row);
        const administrators = (this.db.prepare(SQL.activeAdministrators).get() as { n: number }).n;
        const refusal = changeRefusal(by, before, change, administrators);
        if (refusal) return { kind: 'refused', refusal };
        const after = this.db.prepare(SQL.change).get(...changeValues(row, change, at)) as Row;
        return { kind: 'done', value: { before, after: toOperator(after) } };
      }),
    );
  }

  setPassword(id: string, password: PasswordHash, at: number): Promise<boolean> {
    return settled(() => write(this.db, () => this.db.prepare(SQL.setPassword).run(JSON.stringify(password), at, id).changes === 1));
  }

  beginAttempt(login: string, at: number): Promise<AttemptStart> {
    return settled(() =>
      write(this.db, () => {
        const attempt = attemptOf(this.db.prepare(SQL.byLogin).get(login) as Row | undefined, at, (text) => this.hash(text));
        if (attempt.kind === 'check') this.db.prepare(SQL.countWrong).run(at, attempt.operator.id);
        return attempt;
      }),
    );
  }

  signedIn(id: string): Promise<void> {
    return settled(() => {
      write(this.db, () => this.db.prepare(SQL.signedIn).run(id));
    });
  }

  private hash(text: string): PasswordHash {
    return storedPassword(text, this.db.name);
  }
}
