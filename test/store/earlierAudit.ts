/**
 * Audit entries as a version before facts were typed per action wrote them (migration 19 reads their detail
 * lines), read back through the migration: the way an earlier installation's log reaches the words.
 */
import { join } from 'node:path';
import { AuditRepository, type AuditRecord } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { MIGRATIONS } from '../../main/store/migrations.js';

/** An entry as an earlier version wrote it: any action, a detail line, facts where it kept some. */
export type EarlierEntry = Omit<AuditRecord, 'id' | 'role'>;

/** Writes the entries into a new database at `file` at the schema before migration 19, then opens it migrated. */
export function auditWrittenBefore19(file: string, entries: readonly EarlierEntry[]): AuditRepository {
  const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 19) });
  const insert = old.prepare(
    'INSERT INTO audit_log (at, os_user, environment, action, outcome, object_type, object_id, detail, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const e of entries)
    insert.run(
      e.at,
      e.osUser,
      e.environment,
      e.action,
      e.outcome,
      e.objectType ?? null,
      e.objectId ?? null,
      e.detail ?? null,
      e.facts ? JSON.stringify(e.facts) : null,
    );
  old.close();
  return new AuditRepository(openDatabase(file));
}

/** Each entry as read back after the migration, in the order given. */
export function migratedAuditEntries(folder: string, entries: readonly EarlierEntry[]): AuditRecord[] {
  const audit = auditWrittenBefore19(join(folder, `before-19-${Math.random().toString(36).slice(2)}.sqlite`), entries);
  return audit.query({ limit: entries.length }).reverse();
}
