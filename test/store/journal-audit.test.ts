import { beginUnguarded } from './unguarded.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditRepository, DeskAuditLog } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { type NewCharge, SqliteChargeJournal } from '../../main/store/journal.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { newCharge } from './rows.js';

const dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
const path = join(dir, 'app.sqlite');
let db: Db;
beforeAll(() => {
  db = openDatabase(path);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const charge = (extra: Partial<NewCharge> = {}): NewCharge => newCharge(`INV-${++n}`, { amount: 9_900, at: 1_000_000 + n, ...extra });

describe('charge journal migrations (its contract on both engines: chargeJournal.test.ts)', () => {
  it('keeps every charge journalled before attempts could repeat an orderNumber (migration 14)', async () => {
    const file = join(dir, 'v13.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version <= 13) });
    // Written as version 13 wrote them: its columns, by SQL (today's journal writes columns it did not have).
    const insert = old.prepare(
      `INSERT INTO charge_journal (environment, order_number, amount, currency, binding_id, client_id, category, operator, state,
         order_id, order_status, created_at, updated_at, masked_pan) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const rows = [
      { ...charge({ maskedPan: '411111******1111' }), state: 'PAID', orderId: 'o-9', orderStatus: 2 },
      { ...charge({ bindingId: 'b-2' }), state: 'PENDING', orderId: undefined, orderStatus: undefined },
    ].map((c) => ({
      ...c,
      id: Number(
        insert.run(
          c.environment,
          c.orderNumber,
          c.amount,
          c.currency,
          c.bindingId,
          c.clientId,
          c.category,
          c.operator,
          c.state,
          c.orderId ?? null,
          c.orderStatus ?? null,
          c.at,
          c.at,
          c.maskedPan ?? null,
        ).lastInsertRowid,
      ),
    }));
    old.close();
    const migrated = openDatabase(file);
    const after = new SqliteChargeJournal(migrated);
    // Every row as it was written, each column it had kept.
    const written = rows.map((r) => expect.objectContaining(Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))));
    expect(await Promise.all(rows.map((r) => after.get(r.id)))).toEqual(written);
    await expect(beginUnguarded(after, charge({ orderNumber: rows[0]!.orderNumber, bindingId: 'b-3' }))).rejects.toMatchObject({
      problem: 'duplicate',
    });
    migrated.close();
  });
});

describe('audit log and settings', () => {
  it('records actions and filters them by action, outcome, time and object', () => {
    const audit = new AuditRepository(db);
    const base = { osUser: 'alice', environment: 'sandbox' };
    audit.record({ ...base, at: 100, action: 'charge', outcome: 'success', objectType: 'order', objectId: 'o-1' });
    audit.record({ ...base, at: 200, action: 'refund', outcome: 'failure', objectType: 'order', objectId: 'o-1', detail: 'errorCode 7' });
    audit.record({ ...base, at: 300, action: 'charge', outcome: 'refused', detail: 'support profile' });
    expect(audit.query({ action: 'charge' }).map((r) => r.at)).toEqual([300, 100]);
    expect(audit.query({ outcome: 'failure' })[0]).toMatchObject({ action: 'refund', detail: 'errorCode 7' });
    expect(audit.query({ from: 150, to: 250 })).toHaveLength(1);
    expect(audit.query({ objectType: 'order', objectId: 'o-1' })).toHaveLength(2);
  });

  it('stores settings as JSON and ignores a stored value of the wrong shape', () => {
    const settings = new SettingsRepository(db);
    settings.set('perChargeMaximum', { amount: 5_000_000, currency: '643' });
    expect(settings.get('perChargeMaximum', z.object({ amount: z.number().int(), currency: z.string() }))).toEqual({
      amount: 5_000_000,
      currency: '643',
    });
    settings.set('language', 42);
    expect(settings.get('language', z.string())).toBeUndefined();
  });
});

describe('audit export', () => {
  it('writes the filtered log as CSV, quoting what needs quoting', async () => {
    const { auditCsv, auditExportEntries } = await import('../../main/services/auditExport.js');
    const audit = new AuditRepository(db);
    audit.record({
      osUser: 'bob',
      environment: 'test',
      at: Date.UTC(2026, 0, 2),
      action: 'refund',
      outcome: 'failure',
      objectType: 'order',
      objectId: 'o-9',
      detail: 'refused, "over amount"',
    });
    const csv = auditCsv(await auditExportEntries(new DeskAuditLog(audit), { action: 'refund', objectId: 'o-9' }));
    expect(csv.trim().split('\n')).toEqual([
      // The raw values as recorded (no desk in a desk's own log), then the person and role (none kept by this repository), facts and the words.
      'at,osUser,desk,environment,action,outcome,objectType,objectId,detail,person,role,facts,words',
      '2026-01-02T00:00:00.000Z,bob,,test,refund,failure,order,o-9,"refused, ""over amount""",,,,"Refund on order o-9: failure: refused, ""over amount"""',
    ]);
  });
});

describe('damaged records', () => {
  it('a damaged cached order is a StoreError; a damaged setting falls back to its default', async () => {
    const { OrderCache } = await import('../../main/store/orderCache.js');
    const cache = new OrderCache<{ x: number }>(db);
    cache.put('dmg', { orderId: 'o-1', orderNumber: 'N-1', view: { x: 1 } }, 1);
    db.prepare("UPDATE order_cache SET view = '{broken' WHERE order_id = 'o-1'").run();
    expect(() => cache.search('dmg', 'N-1')).toThrow(expect.objectContaining({ name: 'StoreError', problem: 'corrupt' }));
    db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('general', '{broken')").run();
    expect(new SettingsRepository(db).get('general', z.object({}))).toBeUndefined();
  });
});
