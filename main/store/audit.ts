/**
 * The audit log: every action that changes or reveals something, success or failure, with time, OS user,
 * the role profile in use, environment and object. Append only. Callers pass descriptions and raw values
 * (facts), never secrets or whole card numbers; the screen's words are built from them when read
 * (main/services/auditWords.ts), so entries written before the words existed read as well.
 */
import { maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import type { Role } from '../domain/roles.js';
import type { AuditAction, AuditEvent } from './auditEvents.js';
import { read, write, type Db } from './database.js';

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

/**
 * An entry to record: an action with the facts its words are built from. One with only its detail (no
 * facts) reads as that detail.
 */
export type AuditEntry = AuditEntryBase & (AuditEvent | { readonly action: AuditAction; readonly facts?: undefined });

export interface AuditRecord extends AuditEntryBase {
  readonly id: number;
  /** As kept: an action of auditEvents.ts, or one a newer version knows. */
  readonly action: string;
  readonly facts?: AuditFacts;
  /** The role profile in use when it was recorded; absent for entries written before roles were recorded. */
  readonly role?: Role;
}

export interface AuditRepositoryOptions {
  /** The role profile in use now: stamped on every entry here, where every entry passes, not by each caller. */
  readonly role?: () => Role;
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
  readonly limit?: number;
}

interface Row {
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
  facts: string | null;
}

function parseFacts(text: string | null): AuditFacts | undefined {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AuditFacts) : undefined;
}

const toRecord = (r: Row): AuditRecord => ({
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
  ...(r.facts !== null ? { facts: parseFacts(r.facts) ?? {} } : {}),
});

export class AuditRepository {
  constructor(
    private readonly db: Db,
    private readonly options: AuditRepositoryOptions = {},
  ) {}

  /**
   * Appends an entry. Whatever a caller passes, a card number in it (a reason typed, the gateway's words, an
   * orderNumber) is masked here, where every entry is written.
   */
  record(entry: AuditEntry): number {
    const e = maskCardNumbersIn(entry);
    const role = this.options.role?.() ?? null;
    const facts = e.facts ? JSON.stringify(e.facts) : null;
    return write(this.db, () =>
      Number(
        this.db
          .prepare(
            'INSERT INTO audit_log (at, os_user, environment, action, outcome, object_type, object_id, detail, role, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(e.at, e.osUser, e.environment, e.action, e.outcome, e.objectType ?? null, e.objectId ?? null, e.detail ?? null, role, facts)
          .lastInsertRowid,
      ),
    );
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
      const where: string[] = [];
      const args: (string | number)[] = [];
      const add = (sql: string, value: string | number | undefined) => {
        if (value === undefined) return;
        where.push(sql);
        args.push(value);
      };
      add('action = ?', f.action);
      add('outcome = ?', f.outcome);
      add('at >= ?', f.from);
      add('at <= ?', f.to);
      if (f.before) {
        where.push('(at < ? OR (at = ? AND id < ?))');
        args.push(f.before.at, f.before.at, f.before.id);
      }
      add('object_type = ?', f.objectType);
      // Kept masked, so found by its masked form.
      add('object_id = ?', f.objectId === undefined ? undefined : maskCardNumbers(f.objectId));
      const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT ?`;
      return (this.db.prepare(sql).all(...args, f.limit ?? 1000) as Row[]).map(toRecord);
    });
  }
}
