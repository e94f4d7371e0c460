/**
 * The Audit's outcome filter says what the screen says: a charge whose answer was lost is recorded as a failure
 * but shown as "outcome unknown", so "Failure" leaves it out and "Outcome unknown" lists it, in the list and in
 * the export alike, newest first, however many entries the log holds and whatever the limit. Real SQLite files.
 */
import { parse } from 'csv-parse/sync';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT } from '../../main/ipc/contract.js';
import { auditCsv, auditExportEntries } from '../../main/services/auditExport.js';
import { auditEntries, auditOutcome, type ShownOutcome } from '../../main/services/auditWords.js';
import { DeskAuditLog } from '../../main/store/audit.js';
import { auditWrittenBefore19, type EarlierEntry } from '../store/earlierAudit.js';

const dir = mkdtempSync(join(tmpdir(), 'audit-outcomes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 27, 9);
const base = { osUser: 'finance', environment: 'sandbox' } as const;
const charge = (state: string) => ({ state, amount: 1_250, currency: '643', bindingId: 'b-1' });

/** The i-th entry: seven kinds in turn, several to a millisecond, so the reads page across ties of time. */
function entry(i: number): EarlierEntry {
  const at = T0 + Math.floor(i / 4);
  switch (i % 7) {
    case 0:
      return { ...base, at, action: 'charge', outcome: 'failure', objectType: 'order', objectId: `BO-${i}`, facts: charge('UNKNOWN') };
    case 1:
      return {
        ...base,
        at,
        action: 'deposit',
        outcome: 'failure',
        objectType: 'order',
        objectId: `o-${i}`,
        detail: 'REFUSED amount 100: no',
      };
    case 2:
      return { ...base, at, action: 'charge', outcome: 'success', objectType: 'order', objectId: `BO-${i}`, facts: charge('PAID') };
    case 3:
      // Written before facts were kept: the detail says the answer was lost.
      return {
        ...base,
        at,
        action: 'charge',
        outcome: 'failure',
        objectType: 'order',
        objectId: `BO-${i}`,
        detail: 'UNKNOWN 1250 643 on binding b-1',
      };
    case 4:
      return { ...base, at, action: 'charge', outcome: 'failure', objectType: 'order', objectId: `BO-${i}`, facts: charge('DECLINED') };
    case 5:
      return { ...base, at, action: 'settings.change', outcome: 'refused', detail: 'theme' };
    default:
      return { ...base, at, action: 'charge', outcome: 'failure', objectType: 'order', objectId: `BO-${i}`, facts: charge('PENDING') };
  }
}

describe('the audit log filtered by outcome as the screen shows it', () => {
  // Written by the version before facts were typed, then migrated: as an installation's log reaches this one.
  const written = auditWrittenBefore19(
    join(dir, 'app.sqlite'),
    Array.from({ length: 2_400 }, (_, i) => entry(i)),
  );
  const all = written.query({ limit: 10_000 });
  const audit = new DeskAuditLog(written);
  const shown = (outcome: ShownOutcome) => all.filter((e) => auditOutcome(e) === outcome).map((e) => e.id);

  it('lists under "failure" only what failed, and under "unknown" the charges whose answer was lost, newest first', async () => {
    expect(shown('unknown').length).toBeGreaterThan(1_000);
    expect(shown('failure').length).toBeGreaterThan(600);
    for (const outcome of ['success', 'failure', 'refused', 'unknown'] as const) {
      expect(
        (await auditEntries(audit, { outcome }, 10_000)).map((e) => e.id),
        outcome,
      ).toEqual(shown(outcome));
    }
    expect((await auditEntries(audit, {}, 10_000)).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('stops at the limit with the newest, and keeps the other filters', async () => {
    for (const limit of [1, 499, 500, 501, 777]) {
      expect((await auditEntries(audit, { outcome: 'unknown' }, limit)).map((e) => e.id)).toEqual(shown('unknown').slice(0, limit));
      expect((await auditEntries(audit, { outcome: 'failure' }, limit)).map((e) => e.id)).toEqual(shown('failure').slice(0, limit));
    }
    expect(await auditEntries(audit, { outcome: 'unknown', action: 'deposit' }, 100)).toEqual([]);
    const late = { from: T0 + 300, to: T0 + 400 };
    expect((await auditEntries(audit, { outcome: 'unknown', ...late }, 10_000)).every((e) => e.at >= late.from && e.at <= late.to)).toBe(
      true,
    );
    expect((await auditEntries(audit, { outcome: 'unknown', ...late }, 10_000)).length).toBeGreaterThan(50);
  });

  it('exports what the filter lists, and main accepts the filter', async () => {
    const rows = parse(auditCsv(await auditExportEntries(audit, { outcome: 'unknown' })), { columns: true }) as {
      objectId: string;
      outcome: string;
    }[];
    expect(rows.map((r) => r.objectId)).toEqual(all.filter((e) => auditOutcome(e) === 'unknown').map((e) => e.objectId));
    // The raw value stays as recorded; the screen's words say the outcome is unknown.
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(['failure']));
    expect(CONTRACT['audit.query'].input.safeParse({ outcome: 'unknown' }).success).toBe(true);
    expect(CONTRACT['audit.export'].input.safeParse({ outcome: 'unknown' }).success).toBe(true);
  });
});
