/**
 * The audit log: every action that changes or reveals something, success or failure, with time, OS user,
 * the person signed in and their role, environment and object. Append only. Callers pass descriptions and raw values
 * (facts), never secrets or whole card numbers; the screen's words are built from them when read
 * (main/services/auditWords.ts), so entries written before the words existed read as well.
 */
import { randomUUID } from 'node:crypto';
import { maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { normalLogin } from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import { actingPerson, type AuditPerson } from './actingPerson.js';
import type { AuditAction, AuditEvent } from './auditEvents.js';
import { read, settled, write, type Db } from './database.js';

/** Raw values of an entry as kept (JSON): its action's facts (auditEvents.ts), or whatever a newer version wrote. */
export type AuditFacts = Readonly<Record<string, unknown>>;

export type AuditOutcome = 'success' | 'failure' | 'refused';

interface AuditEntryBase {
  readonly at: number;
  readonly osUser: string;
  readonly environment: string;
  readonly outcome: AuditOutcome;
  readonly objectType?: string;
  readonly objectId?: string;
  /** The log's own English line for the export; read back by nobody. */
  readonly detail?: string;
}

export type { AuditPerson } from './actingPerson.js';

/**
 * An entry to record: an action with the facts its words are built from. One with only its detail (no
 * facts) reads as that detail.
 */
export type AuditEntry = AuditEntryBase &
  (AuditEvent | { readonly action: AuditAction; readonly facts?: undefined }) & {
    /** Who it is by where that is not the person signed in at the desk: a sign-in is by the person signing in. */
    readonly by?: AuditPerson;
  };

export interface AuditRecord extends AuditEntryBase {
  readonly id: number;
  /** As kept: an action of auditEvents.ts, or one a newer version knows. */
  readonly action: string;
  readonly facts?: AuditFacts;
  /**
   * The role in use when it was recorded: the signed-in person's, or an earlier version's role profile; absent
   * while nobody was signed in, and for entries written before roles were recorded.
   */
  readonly role?: Role;
  /** The login of the person signed in when it was recorded; absent while nobody was, and before people had accounts. */
  readonly person?: string;
  /** The desk it was recorded at, in the team's log; a desk's own log is all its own. */
  readonly desk?: string;
  /**
   * The entry's own key, given when it is stamped: one entry however often it is written and wherever (the
   * team's log in an action's transaction and the desk's own log after it, an answer the outbox writes again).
   * Absent on entries written before keys were.
   */
  readonly key?: string;
}

/**
 * The log as a screen reads it: this desk's own (DeskAuditLog), or in a team the team's, where every desk's
 * entries are (store/postgres/teamAudit.ts). Entries are always recorded in the desk's own log first
 * (AuditRepository.record): at once, in the desk's file, whatever a team database is doing.
 */
export interface AuditLog {
  /** Newest first. */
  query(f?: AuditFilter): Promise<AuditRecord[]>;
  /** The actions that occur in the log, for the screen's filter. */
  actions(): Promise<string[]>;
}

export interface AuditFilter {
  readonly action?: string;
  readonly outcome?: AuditOutcome;
  /** Only entries older than this one (newest first): where the previous read stopped. */
  readonly before?: { readonly at: number; readonly id: number };
  readonly from?: number;
  readonly to?: number;
  readonly objectType?: string;
  readonly objectId?: string;
  /** A person's login: the entries recorded while they were signed in. */
  readonly person?: string;
  readonly limit?: number;
}

/**
 * An entry as it is written: masked, and stamped with the person whose call it is (or its `by`). Stamped where
 * the call is made, so that an entry written later (a desk's outbox, store/teamOutbox.ts) still names them.
 */
export type StampedEntry = Omit<AuditRecord, 'id' | 'desk'>;

/**
 * An entry stamped for writing. Whatever a caller passes, a card number in it (a reason typed, the gateway's
 * words, an orderNumber) is masked here, where every entry passes.
 */
export function stampedEntry(entry: AuditEntry): StampedEntry {
  const { by, ...e } = maskCardNumbersIn(entry);
  const who = by ?? actingPerson();
  return { ...e, ...(who ? { role: who.role, person: who.login } : {}), key: randomUUID() };
}

/**
 * An action's entry (stamped by the caller, stampedEntry), made from its row as the action's own transaction
 * leaves it: a journal writes it there (store/journal.ts, store/operations.ts), in the same transaction, so that
 * no action is journalled without its entry, nor an entry kept for an action that was not.
 */
export type AuditedBy<Row> = (row: Row) => StampedEntry;

/** An entry as either engine keeps it; the team's carries its desk. */
export interface AuditRow {
  id: number;
  at: number;
  os_user: string;
  environment: string;
  action: string;
  outcome: AuditOutcome;
  object_type: string | null;
  object_id: string | null;
  detail: string | null;
  role: Role | null;
  person: string | null;
  facts: string | null;
  entry_key: string | null;
  desk?: string;
}

function parseFacts(text: string | null): AuditFacts | undefined {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AuditFacts) : undefined;
}

/** The columns an entry fills in either engine's table, in order (the team's adds its desk's before them). */
export const ENTRY_COLUMNS = [
  'at',
  'os_user',
  'environment',
  'action',
  'outcome',
  'object_type',
  'object_id',
  'detail',
  'role',
  'person',
  'facts',
  'entry_key',
] as const;

/** An entry's values in ENTRY_COLUMNS' order. */
export const entryValues = (e: Omit<AuditRecord, 'id' | 'desk'>): unknown[] => [
  e.at,
  e.osUser,
  e.environment,
  e.action,
  e.outcome,
  e.objectType ?? null,
  e.objectId ?? null,
  e.detail ?? null,
  e.role ?? null,
  e.person ?? null,
  e.facts ? JSON.stringify(e.facts) : null,
  e.key ?? null,
];

export const toRecord = (r: AuditRow): AuditRecord => ({
  id: r.id,
  at: r.at,
  osUser: r.os_user,
  environment: r.environment,
  action: r.action,
  outcome: r.outcome,
  ...(r.object_type !== null ? { objectType: r.object_type } : {}),
  ...(r.object_id !== null ? { objectId: r.object_id } : {}),
  ...(r.detail !== null ? { detail: r.detail } : {}),
  ...(r.role !== null ? { role: r.role } : {}),
  ...(r.person !== null ? { person: r.person } : {}),
  ...(r.facts !== null ? { facts: parseFacts(r.facts) ?? {} } : {}),
  ...(r.desk !== undefined ? { desk: r.desk } : {}),
  // A read that did not ask for the key (the team's list) has none: never `key: undefined`.
  ...(typeof r.entry_key === 'string' ? { key: r.entry_key } : {}),
});

export class AuditRepository {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  /**
   * Runs an action on this file (a setting changed) and the entries it records in one write transaction: written
   * together, or, should the action or an entry fail, neither.
   */
  together<T>(action: () => T): T {
    return write(this.db, action);
  }

  /** Appends an entry, stamped here (stampedEntry), where every entry passes, not by each caller. */
  record(entry: AuditEntry): number {
    return this.write(stampedEntry(entry));
  }

  /**
   * Appends an entry stamped already, once by its key (written again, it is the same entry). Inside another write
   * transaction on this file (a journal's), it is part of that transaction: written if it commits, not if it rolls
   * back.
   */
  write(entry: StampedEntry): number {
    const values = entryValues(entry);
    const added = write(
      this.db,
      () =>
        this.db
          .prepare(
            `INSERT INTO audit_log (${ENTRY_COLUMNS.join(', ')}) VALUES (${ENTRY_COLUMNS.map(() => '?').join(', ')})
             ON CONFLICT (entry_key) DO NOTHING RETURNING id`,
          )
          .get(...values) as { id: number } | undefined,
    );
    // Written before (its key is there): the same entry, and nothing new to tell.
    if (added === undefined) return this.db.prepare('SELECT id FROM audit_log WHERE entry_key = ?').pluck().get(entry.key) as number;
    const id = added.id;
    // Written inside an action's transaction, the entry is told once that transaction is over (the whole of it
    // runs before any microtask): a listener reading the log then reads it committed, or, rolled back, not at all.
    const tell = () => {
      for (const listener of this.listeners) listener();
    };
    if (this.db.inTransaction) queueMicrotask(tell);
    else tell();
    return id;
  }

  /** The actions that occur in the log, for the screen's filter. */
  actions(): string[] {
    return read(this.db, () =>
      (this.db.prepare('SELECT DISTINCT action FROM audit_log ORDER BY action').all() as { action: string }[]).map((r) => r.action),
    );
  }

  /** Newest first. */
  query(f: AuditFilter = {}): AuditRecord[] {
    return read(this.db, () => {
      const { where, args } = auditWhere(f, () => '?');
      const sql = `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ?`;
      return (this.db.prepare(sql).all(...args, f.limit ?? 1000) as AuditRow[]).map(toRecord);
    });
  }

  /** Tells the listener after each entry is recorded (a team's log writes it there too). */
  afterRecord(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Entries after the one with this id, oldest first, at most `limit`: what a team's log has yet to get. */
  after(id: number, limit: number): AuditRecord[] {
    return read(this.db, () =>
      (this.db.prepare('SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?').all(id, limit) as AuditRow[]).map(toRecord),
    );
  }

  /** The id of the last entry recorded; 0 in an empty log. */
  lastId(): number {
    return read(this.db, () => this.db.prepare('SELECT coalesce(max(id), 0) FROM audit_log').pluck().get() as number);
  }
}

/** This desk's own log, read as the screens read a log. */
export class DeskAuditLog implements AuditLog {
  constructor(private readonly log: AuditRepository) {}

  query(f?: AuditFilter): Promise<AuditRecord[]> {
    return settled(() => this.log.query(f));
  }

  actions(): Promise<string[]> {
    return settled(() => this.log.actions());
  }
}

/**
 * The filter as SQL over the audit table's columns, for either engine (`placeholder(n)` is its n-th, from 1),
 * with the values it binds, in order.
 */
export function auditWhere(f: AuditFilter, placeholder: (n: number) => string): { where: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const bind = (value: string | number) => {
    args.push(value);
    return placeholder(args.length);
  };
  const add = (column: string, op: string, value: string | number | undefined) => {
    if (value !== undefined) where.push(`${column} ${op} ${bind(value)}`);
  };
  add('action', '=', f.action);
  add('outcome', '=', f.outcome);
  add('at', '>=', f.from);
  add('at', '<=', f.to);
  if (f.before) where.push(`(at < ${bind(f.before.at)} OR (at = ${bind(f.before.at)} AND id < ${bind(f.before.id)}))`);
  add('object_type', '=', f.objectType);
  // Kept masked, so found by its masked form.
  add('object_id', '=', f.objectId === undefined ? undefined : maskCardNumbers(f.objectId));
  add('person', '=', f.person === undefined ? undefined : normalLogin(f.person));
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}
