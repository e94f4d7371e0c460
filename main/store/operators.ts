/**
 * The people who use the app (migration 33's `operators`): in a desk's own file, or a team's in its
 * database (store/postgres/operators.ts). Both engines run the same rules in their write transaction, on
 * the rows as they are then: only an active administrator, as the store has them then, manages people; a
 * login is one person's; nobody grants above their own role; the last active administrator stays one; the
 * first account can be made only while there is none; and a sign-in attempt is counted as wrong before its
 * password is checked (and forgiven when it was right), per login as typed whether or not an account has it,
 * so attempts made at once, from two windows or two desks, cannot outrun the wait that wrong passwords earn,
 * and the wait does not tell which logins exist.
 *
 * A password is kept only as its scrypt hash (security/passwordHash.ts), and only the sign-in reads it. A
 * person's second factor (migration 36) is their TOTP secret sealed under the team key (security/sealedSecret.ts),
 * the hashes of their recovery codes, and the last TOTP step used: each code and each recovery code is spent
 * by one UPDATE that only one of two attempts at once can win.
 */
import { AuditRepository, type AuditedBy, type StampedEntry } from './audit.js';
import { randomUUID } from 'node:crypto';
import { waitAfter } from '../domain/attempts.js';
import {
  actorRefusal,
  changeRefusal,
  grantRefusal,
  type Operator,
  type OperatorChange,
  type OperatorRefusal,
} from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import { passwordHashSchema, type PasswordHash } from '../security/passwordHash.js';
import { phrase } from '../phrases/phrase.js';
import { recoveryCodesLeft } from '../security/recoveryCodes.js';
import { read, settled, write, type Db } from './database.js';
import { StoreError } from './errors.js';

export interface NewOperator {
  /** As normalLogin() gives it. */
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  readonly password: PasswordHash;
}

/** Who adds an account: a person (by account id, read again in the transaction), or nobody yet (the first administrator). */
export type AddedBy = { readonly id: string } | 'first';

export type OperatorWrite<T> =
  { readonly kind: 'done'; readonly value: T } | { readonly kind: 'refused'; readonly refusal: OperatorRefusal | 'notFirst' };

export type AttemptStart =
  /** No account has the login. */
  | { readonly kind: 'noAccount' }
  /** Too many wrong ones in a row: nothing is checked until the wait is over. */
  | { readonly kind: 'wait'; readonly waitMs: number }
  /** Counted as wrong already: check the password, and call signedIn() when it is right. */
  | { readonly kind: 'check'; readonly operator: Operator; readonly password: PasswordHash };

/**
 * Every change of an account takes its audit entry (`audited`, made from what the change wrote), written in the
 * change's own transaction, in the log of the store that keeps the account: a desk's file, or the team's log.
 */
export interface OperatorStore {
  /** How many accounts there are; none is a fresh installation, which asks for its first administrator. */
  count(): Promise<number>;
  /** Every account, by login. */
  list(): Promise<Operator[]>;
  get(id: string): Promise<Operator | undefined>;
  add(o: NewOperator, by: AddedBy, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>>;
  /** A change made by the person whose account id is `by` (read again in the transaction). */
  change(
    id: string,
    change: OperatorChange,
    by: string,
    at: number,
    audited?: AuditedBy<ChangedOperator>,
  ): Promise<OperatorWrite<ChangedOperator>>;
  /**
   * A new password, set by the person whose account id is `by`: their own (the caller proved the current one),
   * or someone else's by an active administrator (read again in the transaction), never above their role.
   */
  setPassword(id: string, password: PasswordHash, at: number, by: string, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>>;
  /** Ends the person's sessions at every desk, by the person whose account id is `by` (an active administrator, read again in the transaction). */
  endSessions(id: string, by: string, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>>;
  beginAttempt(login: string, at: number): Promise<AttemptStart>;
  /** The password was right: the login's wrong ones in a row start again from none. */
  signedIn(login: string): Promise<void>;
  /** The person's second factor as kept (sealed), for the sign-in's code step; undefined without one. */
  secondFactor(id: string): Promise<SecondFactor | undefined>;
  /**
   * Enrols (a sealed secret and the recovery codes' hashes) or removes (null) a second factor, by the person whose
   * account id is `by`: their own while active, or someone else's by an active administrator, never above their role.
   */
  setSecondFactor(
    id: string,
    factor: NewSecondFactor | null,
    by: string,
    at: number,
    audited?: AuditedBy<Operator>,
  ): Promise<OperatorWrite<Operator>>;
  /** Spends the TOTP step a code matched: false when it or a later one was spent already (a code seen twice). */
  spendStep(id: string, step: number): Promise<boolean>;
  /** Spends the recovery code of this hash: false when the person has no such code left. */
  spendRecoveryCode(id: string, hash: string): Promise<boolean>;
}

/** An account as a change found it and left it. */
export interface ChangedOperator {
  readonly before: Operator;
  readonly after: Operator;
}

/** A change done, with its entry written by `log` when there is one (in the change's transaction). */
export function doneWith<T>(value: T, audited: AuditedBy<T> | undefined, log: (entry: StampedEntry) => unknown): OperatorWrite<T> {
  if (audited) log(audited(value));
  return { kind: 'done', value };
}

/** A second factor to keep: never the secret itself, nor a recovery code. */
export interface NewSecondFactor {
  /** The TOTP secret sealed for the account under the team key. */
  readonly sealed: string;
  /** keptRecoveryCodes() of the codes shown once. */
  readonly recoveryCodes: string;
}

export interface SecondFactor extends NewSecondFactor {
  /** How many recovery codes are left. */
  readonly recoveryCodesLeft: number;
}

/** An operators row as both engines read it. */
export interface Row {
  id: string;
  login: string;
  display_name: string;
  role: Role;
  password: string;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
  sessions_ended: number;
  totp_secret: string | null;
  recovery_codes: string | null;
  totp_step: number | null;
}

export const toOperator = (r: Row): Operator => ({
  id: r.id,
  login: r.login,
  displayName: r.display_name,
  role: r.role,
  ...(r.disabled_at !== null ? { disabledAt: r.disabled_at } : {}),
  createdAt: r.created_at,
  sessionsEnded: r.sessions_ended,
  twoFactor: r.totp_secret !== null,
});

export const toSecondFactor = (r: Pick<Row, 'totp_secret' | 'recovery_codes'> | undefined): SecondFactor | undefined =>
  r?.totp_secret
    ? { sealed: r.totp_secret, recoveryCodes: r.recovery_codes ?? '', recoveryCodesLeft: recoveryCodesLeft(r.recovery_codes) }
    : undefined;

/** The SQL both engines run, with `?` placeholders (numbered for PostgreSQL). */
export const SQL = {
  count: 'SELECT count(*) AS n FROM operators',
  // By login, which both engines order alike (names they would collate each its own way).
  list: 'SELECT * FROM operators ORDER BY login',
  get: 'SELECT * FROM operators WHERE id = ?',
  byLogin: 'SELECT * FROM operators WHERE login = ?',
  activeAdministrators: "SELECT count(*) AS n FROM operators WHERE role = 'administrator' AND disabled_at IS NULL",
  insert: `INSERT INTO operators (id, login, display_name, role, password, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (login) DO NOTHING RETURNING *`,
  change: 'UPDATE operators SET display_name = ?, role = ?, disabled_at = ?, updated_at = ? WHERE id = ? RETURNING *',
  setPassword: 'UPDATE operators SET password = ?, updated_at = ? WHERE id = ? RETURNING *',
  endSessions: 'UPDATE operators SET sessions_ended = sessions_ended + 1, updated_at = ? WHERE id = ? RETURNING *',
  attempts: 'SELECT failures, last_failure_at FROM login_attempts WHERE login = ?',
  countWrong: `INSERT INTO login_attempts (login, failures, last_failure_at) VALUES (?, 1, ?)
               ON CONFLICT (login) DO UPDATE SET failures = login_attempts.failures + 1, last_failure_at = excluded.last_failure_at`,
  forgive: 'DELETE FROM login_attempts WHERE login = ?',
  // A new secret starts with no step spent; removed, nothing is left of it.
  setSecondFactor: 'UPDATE operators SET totp_secret = ?, recovery_codes = ?, totp_step = NULL, updated_at = ? WHERE id = ? RETURNING *',
  spendStep: `UPDATE operators SET totp_step = ? WHERE id = ? AND totp_secret IS NOT NULL AND (totp_step IS NULL OR totp_step < ?)
              RETURNING id`,
  // Spent where replacing it changes the text: no LIKE, whose wildcards a hash would have to be kept from.
  spendRecoveryCode: `UPDATE operators SET recovery_codes = replace(recovery_codes, ' ' || ? || ' ', ' ')
                      WHERE id = ? AND replace(recovery_codes, ' ' || ? || ' ', ' ') <> recovery_codes RETURNING id`,
} as const;

/** The values of spendStep and spendRecoveryCode, in their placeholders' order. */
export const spendStepValues = (id: string, step: number): unknown[] => [step, id, step];
export const spendRecoveryValues = (id: string, hash: string): unknown[] => [hash, id, hash];

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

/**
 * Whether an account may be added: the first only while there is none (`count`), as an administrator; any
 * other by an active administrator (`actor`, as the store has them in the transaction), never above their role.
 */
export const addRefusal = (
  o: NewOperator,
  actor: Operator | undefined | 'first',
  count: number,
): OperatorRefusal | 'notFirst' | undefined =>
  actor === 'first'
    ? count > 0 || o.role !== 'administrator'
      ? 'notFirst'
      : undefined
    : (actorRefusal(actor) ?? grantRefusal(actor!.role, o.role));

/** The account as the change will leave it: what the rules are checked against, and what the UPDATE writes. */
export const changed = (before: Operator, change: OperatorChange, at: number): Operator => {
  const disabledAt = change.active === undefined ? before.disabledAt : change.active ? undefined : (before.disabledAt ?? at);
  const { disabledAt: _was, ...rest } = before;
  return {
    ...rest,
    displayName: change.displayName ?? before.displayName,
    role: change.role ?? before.role,
    ...(disabledAt !== undefined ? { disabledAt } : {}),
  };
};

/** The values of SQL.setSecondFactor: a factor enrolled, or none (removed). */
export const secondFactorValues = (id: string, factor: NewSecondFactor | null, at: number): unknown[] => [
  factor?.sealed ?? null,
  factor?.recoveryCodes ?? null,
  at,
  id,
];

/** Whether `actor` (as the store has them) may end the sessions of `target`: an active administrator, of an account that exists. */
export const endRefusal = (actor: Operator | undefined, target: Operator | undefined): OperatorRefusal | undefined =>
  actorRefusal(actor) ?? (target ? undefined : 'notFound');

/**
 * Whether `actor` (as the store has them) may set the password or the second factor of `target`: their own
 * while active; someone else's as an active administrator, never of an account above their role.
 */
export const passwordRefusal = (actor: Operator | undefined, target: Operator | undefined): OperatorRefusal | undefined => {
  if (!target) return 'notFound';
  if (actor?.id === target.id) return actor.disabledAt === undefined ? undefined : 'notAdministrator';
  return actorRefusal(actor) ?? grantRefusal(actor!.role, target.role);
};

/** The UPDATE's values for the account as changed. */
export const changeValues = (after: Operator, at: number): unknown[] => [
  after.displayName,
  after.role,
  after.disabledAt ?? null,
  at,
  after.id,
];

/** Why a change may not be made by `actor` (as the store has them), or undefined when it may. */
export const changeRefusalOf = (actor: Operator | undefined, before: Operator, after: Operator, activeAdministrators: number) =>
  actorRefusal(actor) ?? changeRefusal(actor!.role, before, after, activeAdministrators);

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

/** The wrong ones in a row of a login as kept: none when there is no row. */
export interface Attempts {
  failures: number;
  last_failure_at: number;
}

/**
 * What an attempt to sign in with the login may do at `at`: wait, counted from its last wrong one, whether or
 * not an account has the login; otherwise the account's, if there is one, to be checked.
 */
export const attemptOf = (
  attempts: Attempts | undefined,
  row: Row | undefined,
  at: number,
  password: (text: string) => PasswordHash,
): AttemptStart => {
  const waitMs = attempts ? attempts.last_failure_at + waitAfter(attempts.failures) - at : 0;
  if (waitMs > 0) return { kind: 'wait', waitMs };
  if (!row) return { kind: 'noAccount' };
  return { kind: 'check', operator: toOperator(row), password: password(row.password) };
};

/**
 * An attempt to sign in begun in a desk's file, in one write: counted as wrong before its password is checked
 * (attemptOf), with the account `account` finds for the login. A desk's own people and its copy of a team's
 * count alike, in its login_attempts.
 */
export function beginAttemptIn(db: Db, login: string, at: number, account: () => Row | undefined): AttemptStart {
  return write(db, () => {
    const attempts = db.prepare(SQL.attempts).get(login) as Attempts | undefined;
    const attempt = attemptOf(attempts, account(), at, (text) => storedPassword(text, db.name));
    if (attempt.kind !== 'wait') db.prepare(SQL.countWrong).run(login, at);
    return attempt;
  });
}

/** The password was right: the login's wrong ones in a row, in a desk's file, start again from none. */
export const signedInIn = (db: Db, login: string): void => {
  write(db, () => db.prepare(SQL.forgive).run(login));
};

export class SqliteOperators implements OperatorStore {
  /** `audit`: this file's log, where a change's entry is written in the change's transaction. */
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository = new AuditRepository(db),
  ) {}

  private readonly log = (entry: StampedEntry) => this.audit.write(entry);

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

  add(o: NewOperator, by: AddedBy, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<Operator> => {
        const actor = by === 'first' ? 'first' : this.row(by.id);
        const count = (this.db.prepare(SQL.count).get() as { n: number }).n;
        const refusal = addRefusal(o, actor, count);
        if (refusal) return { kind: 'refused', refusal };
        const row = this.db.prepare(SQL.insert).get(...insertValues(o, at)) as Row | undefined;
        return row ? doneWith(toOperator(row), audited, this.log) : { kind: 'refused', refusal: 'loginTaken' };
      }),
    );
  }

  change(
    id: string,
    change: OperatorChange,
    by: string,
    at: number,
    audited?: AuditedBy<ChangedOperator>,
  ): Promise<OperatorWrite<ChangedOperator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<ChangedOperator> => {
        const before = this.row(id);
        if (!before) return { kind: 'refused', refusal: 'notFound' };
        const after = changed(before, change, at);
        const administrators = (this.db.prepare(SQL.activeAdministrators).get() as { n: number }).n;
        const refusal = changeRefusalOf(this.row(by), before, after, administrators);
        if (refusal) return { kind: 'refused', refusal };
        const written = this.db.prepare(SQL.change).get(...changeValues(after, at)) as Row;
        return doneWith({ before, after: toOperator(written) }, audited, this.log);
      }),
    );
  }

  endSessions(id: string, by: string, at: number, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<Operator> => {
        const refusal = endRefusal(this.row(by), this.row(id));
        if (refusal) return { kind: 'refused', refusal };
        return doneWith(toOperator(this.db.prepare(SQL.endSessions).get(at, id) as Row), audited, this.log);
      }),
    );
  }

  private row(id: string): Operator | undefined {
    const row = this.db.prepare(SQL.get).get(id) as Row | undefined;
    return row && toOperator(row);
  }

  /** A new password; the login's wrong ones in a row start again from none. */
  setPassword(id: string, password: PasswordHash, at: number, by: string, audited?: AuditedBy<Operator>): Promise<OperatorWrite<Operator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<Operator> => {
        const refusal = passwordRefusal(this.row(by), this.row(id));
        if (refusal) return { kind: 'refused', refusal };
        const set = this.db.prepare(SQL.setPassword).get(JSON.stringify(password), at, id) as Row;
        this.db.prepare(SQL.forgive).run(set.login);
        return doneWith(toOperator(set), audited, this.log);
      }),
    );
  }

  beginAttempt(login: string, at: number): Promise<AttemptStart> {
    return settled(() => beginAttemptIn(this.db, login, at, () => this.db.prepare(SQL.byLogin).get(login) as Row | undefined));
  }

  signedIn(login: string): Promise<void> {
    return settled(() => signedInIn(this.db, login));
  }

  secondFactor(id: string): Promise<SecondFactor | undefined> {
    return settled(() => toSecondFactor(read(this.db, () => this.db.prepare(SQL.get).get(id) as Row | undefined)));
  }

  setSecondFactor(
    id: string,
    factor: NewSecondFactor | null,
    by: string,
    at: number,
    audited?: AuditedBy<Operator>,
  ): Promise<OperatorWrite<Operator>> {
    return settled(() =>
      write(this.db, (): OperatorWrite<Operator> => {
        const refusal = passwordRefusal(this.row(by), this.row(id));
        if (refusal) return { kind: 'refused', refusal };
        const set = this.db.prepare(SQL.setSecondFactor).get(...secondFactorValues(id, factor, at)) as Row;
        return doneWith(toOperator(set), audited, this.log);
      }),
    );
  }

  spendStep(id: string, step: number): Promise<boolean> {
    return settled(() => spentIn(this.db, SQL.spendStep, spendStepValues(id, step)));
  }

  spendRecoveryCode(id: string, hash: string): Promise<boolean> {
    return settled(() => spentIn(this.db, SQL.spendRecoveryCode, spendRecoveryValues(id, hash)));
  }
}

/** Whether one of the spending UPDATEs (on `operators`, or the copy's on `team_people`) spent something, in a desk's file. */
export const spentIn = (db: Db, sql: string, values: unknown[]): boolean => write(db, () => db.prepare(sql).get(...values) !== undefined);
