/** The audit log as CSV, with the same filters as the screen. Times in ISO 8601 UTC. */
import type { AuditFilter, AuditRepository } from '../store/audit.js';
import { exportCsv } from './csvExport.js';

export function auditCsv(audit: AuditRepository, filter: AuditFilter = {}): string {
  const rows = audit.query({ limit: 1_000_000, ...filter }).map((e) => ({
    at: new Date(e.at).toISOString(),
    osUser: e.osUser,
    environment: e.environment,
    action: e.action,
    outcome: e.outcome,
    objectType: e.objectType ?? '',
    objectId: e.objectId ?? '',
    detail: e.detail ?? '',
  }));
  return exportCsv(rows, ['at', 'osUser', 'environment', 'action', 'outcome', 'objectType', 'objectId', 'detail']);
}
