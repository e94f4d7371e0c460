/**
 * The audit log as CSV, with the same filters as the screen. Times in ISO 8601 UTC. The raw values stay as
 * they were recorded (detail, and facts as JSON: amounts in minor units, numeric currency); the words the
 * screen shows come as one more column, with the person signed in (their login; empty while nobody was, and
 * before people had accounts) and the role (empty for entries from before it was kept).
 * `desk` names the desk an entry was recorded at, in a team's log (empty in a desk's own).
 */
import type { AuditLog, AuditRecord } from '../store/audit.js';
import { auditEntries, auditWords, type OrderFacts } from './auditWords.js';
import { exportCsv } from './csvExport.js';

/** The entries an export holds: every one the filter keeps, newest first. */
export const auditExportEntries = (audit: AuditLog, filter: Parameters<typeof auditEntries>[1] = {}): Promise<AuditRecord[]> =>
  auditEntries(audit, filter, 1_000_000);

export function auditCsv(entries: readonly AuditRecord[], order?: (e: AuditRecord) => OrderFacts | undefined): string {
  const rows = entries.map((e) => ({
    at: new Date(e.at).toISOString(),
    osUser: e.osUser,
    desk: e.desk ?? '',
    environment: e.environment,
    action: e.action,
    outcome: e.outcome,
    objectType: e.objectType ?? '',
    objectId: e.objectId ?? '',
    detail: e.detail ?? '',
    person: e.person ?? '',
    role: e.role ?? '',
    facts: e.facts ? JSON.stringify(e.facts) : '',
    words: auditWords(e, order?.(e)),
  }));
  return exportCsv(rows, [
    'at',
    'osUser',
    'desk',
    'environment',
    'action',
    'outcome',
    'objectType',
    'objectId',
    'detail',
    'person',
    'role',
    'facts',
    'words',
  ]);
}
