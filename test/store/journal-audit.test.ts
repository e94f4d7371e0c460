import { beginUnguarded } from './unguarded.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { ChargeJournal, type NewCharge } from '../../main/store/journal.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { phrase } from '../../main/phrases/phrase.js';
import { newCharge } from './rows.js';

const dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
const path = join(dir, 'app.sqlite');
let db: Db;
let journal: ChargeJournal;
beforeAll(() => {
  db = openDatabase(path);
  journal = new ChargeJournal(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const charge = (extra: Partial<NewCharge> = {}): NewCharge => newCharge(`INV-${++n}`, { amount: 9_900, at: 1_000_000 + n, ...extra });

describe('charge journal', () => {
  it('commits a PENDING row that another connection sees at once, before any request is made', () => {
    const row = beginUnguarded(journal, charge());
    const other = new Database(path, { readonly: true });
    expect(other.prepare('SELECT state, amount FROM charge_journal WHERE id = ?').get(row.id)).toEqual({ state: 'PENDING', amount: 9_900 });
    other.close();
  });

  it('settles an open charge once; a settled charge never changes again', () => {
    const row = beginUnguarded(journal, charge());
    journal.attachOrder(row.id, 'order-1', 2_000_000);
    expect(journal.markUnknown(row.id, phrase('charge.settlement.unreadable'), 2_000_001)).toBe(true);
    expect(journal.settle(row.id, { state: 'PAID', orderStatus: 2, actionCode: 0, at: 2_000_002 })).toBe(true);
    expect(journal.get(row.id)).toMatchObject({ state: 'PAID', orderId: 'order-1', orderStatus: 2 });
    expect(journal.settle(row.id, { state: 'DECLINED', at: 2_000_003 })).toBe(false);
    expect(journal.markUnknown(row.id, phrase('charge.settlement.noStatus'), 2_000_004)).toBe(false);
    expect(journal.get(row.id)?.state).toBe('PAID');
  });

  it('keeps a reason as a phrase, and reads a reason written before phrases as that text, quoted', () => {
    const said = phrase('charge.settlement.notFinal', { status: 0 });
    const open = beginUnguarded(journal, charge());
    journal.markUnknown(open.id, said, 2_100_000);
    expect(db.prepare('SELECT reason FROM charge_journal WHERE id = ?').get(open.id)).toEqual({ reason: JSON.stringify(said) });
    expect(journal.get(open.id)?.reason).toEqual(said);

    // Rows an earlier version wrote hold plain English (or the gateway's words): never lost, never shown as JSON.
    const legacy = beginUnguarded(journal, charge());
    db.prepare("UPDATE charge_journal SET state = 'DECLINED', reason = ? WHERE id = ?").run('Insufficient funds', legacy.id);
    expect(journal.get(legacy.id)?.reason).toEqual(phrase('app.quoted', { text: 'Insufficient funds' }));
    const braced = beginUnguarded(journal, charge());
    db.prepare("UPDATE charge_journal SET state = 'FAILED', reason = ? WHERE id = ?").run('{not json} refused', braced.id);
    expect(journal.get(braced.id)?.reason).toEqual(phrase('app.quoted', { text: '{not json} refused' }));
    const unknownCode = beginUnguarded(journal, charge());
    db.prepare("UPDATE charge_journal SET state = 'FAILED', reason = ? WHERE id = ?").run('{"code":"no.such"}', unknownCode.id);
    expect(journal.get(unknownCode.id)?.reason).toEqual(phrase('app.quoted', { text: '{"code":"no.such"}' }));
  });

  it('lists the open charges the reconciler must settle, oldest first', () => {
    const a = beginUnguarded(journal, charge({ environment: 'recon' }));
    const b = beginUnguarded(journal, charge({ environment: 'recon' }));
    journal.markUnknown(b.id, phrase('gateway.noAnswer.timedOut'), 3_000_000);
    journal.settle(beginUnguarded(journal, charge({ environment: 'recon' })).id, {
      state: 'DECLINED',
      reason: phrase('charge.gatewayWords', { words: 'Insufficient funds' }),
      at: 3_000_001,
    });
    expect(journal.open('recon').map((r) => [r.id, r.state])).toEqual([
      [a.id, 'PENDING'],
      [b.id, 'UNKNOWN'],
    ]);
  });

  it('refuses a second charge with the same orderNumber in one environment, and keeps environments apart', () => {
    beginUnguarded(journal, charge({ orderNumber: 'CASE-7' }));
    expect(() => beginUnguarded(journal, charge({ orderNumber: 'CASE-7' }))).toThrow(expect.objectContaining({ problem: 'duplicate' }));
    expect(beginUnguarded(journal, charge({ orderNumber: 'CASE-7', environment: 'test' })).state).toBe('PENDING');
  });

  it('takes another attempt under an orderNumber only once every earlier attempt failed; the latest is the one found', () => {
    const first = beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }));
    journal.settle(first.id, { state: 'FAILED', at: 3_000_000 });
    const second = beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }));
    expect(journal.byOrderNumber('sandbox', 'CASE-8')).toMatchObject({ id: second.id, state: 'PENDING' });
    expect(() => beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }))).toThrow(expect.objectContaining({ problem: 'duplicate' }));
    journal.settle(second.id, { state: 'PAID', at: 3_000_001 });
    expect(() => beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }))).toThrow(expect.objectContaining({ problem: 'duplicate' }));
    expect(journal.list({ text: 'CASE-8' }).map((c) => c.state)).toEqual(['PAID', 'FAILED']);
  });

  it('keeps every charge journalled before attempts could repeat an orderNumber (migration 14)', () => {
    const file = join(dir, 'v13.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version <= 13) });
    const before = new ChargeJournal(old);
    const rows = [beginUnguarded(before, charge({ maskedPan: '411111******1111' })), beginUnguarded(before, charge())];
    before.settle(rows[0]!.id, { state: 'PAID', orderId: 'o-9', orderStatus: 2, at: 4_000_000 });
    const kept = rows.map((r) => before.get(r.id));
    old.close();
    const migrated = openDatabase(file);
    const after = new ChargeJournal(migrated);
    expect(rows.map((r) => after.get(r.id))).toEqual(kept);
    expect(() => beginUnguarded(after, charge({ orderNumber: rows[0]!.orderNumber }))).toThrow(
      expect.objectContaining({ problem: 'duplicate' }),
    );
    migrated.close();
  });

  it('finds earlier charges of the same binding and amount for the "charged twice?" check', () => {
    beginUnguarded(journal, charge({ environment: 'dup', bindingId: 'b-9', amount: 500, at: 10_000 }));
    journal.settle(beginUnguarded(journal, charge({ environment: 'dup', bindingId: 'b-9', amount: 500, at: 20_000 })).id, {
      state: 'FAILED',
      at: 20_001,
    });
    beginUnguarded(journal, charge({ environment: 'dup', bindingId: 'b-9', amount: 501, at: 30_000 }));
    expect(journal.similarSince('dup', 'b-9', 500, '643', 5_000)).toHaveLength(1);
    expect(journal.similarSince('dup', 'b-9', 500, '643', 15_000)).toHaveLength(0);
  });

  it('keeps amounts as exact whole minor units and refuses anything else', () => {
    expect(beginUnguarded(journal, charge({ amount: 999_999_999_999 })).amount).toBe(999_999_999_999);
    for (const amount of [0, -1, 12.5, Number.NaN])
      expect(() => beginUnguarded(journal, charge({ amount }))).toThrow(/positive whole number/);
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
    const { auditCsv } = await import('../../main/services/auditExport.js');
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
    const csv = auditCsv(audit, { action: 'refund', objectId: 'o-9' });
    expect(csv.trim().split('\n')).toEqual([
      // The raw values as recorded, then the role (none kept by this repository), facts and the words.
      'at,osUser,environment,action,outcome,objectType,objectId,detail,role,facts,words',
      '2026-01-02T00:00:00.000Z,bob,test,refund,failure,order,o-9,"refused, ""over amount""",,,"Refund on order o-9: failure: refused, ""over amount"""',
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
