/**
 * Issue 25, item 2, for a data folder written before the fix: migration 15 masks the card numbers that
 * rows kept whole (in every spelling the masker reads now), and rebuilds the file so that neither those
 * rows' old text nor that of rows deleted earlier lives on in free pages or in the WAL. Real SQLite files,
 * read back as bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { LATEST_VERSION, MIGRATIONS } from '../../main/store/migrations.js';
import { OrderCache } from '../../main/store/orderCache.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { AuditRepository } from '../../main/store/audit.js';
import { cardNumbersIn, cardNumbersInFolder, cardSpellings } from '../domain/cardRuns.js';

const dir = mkdtempSync(join(tmpdir(), 'cards-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OTHER = '4111111111111111';
const spellings = cardSpellings(OTHER);

describe('migration 15', () => {
  it('masks what rows written before the fix kept whole, and leaves no copy in the file or its WAL', () => {
    const file = join(dir, 'app.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 15) });
    const run = (sql: string, ...args: unknown[]) => old.prepare(sql).run(...args);
    for (const [i, s] of spellings.entries()) {
      const orderId = `0f8fad5b-d9cb-469f-a165-7086772895${String(i).padStart(2, '0')}`;
      run(
        `INSERT INTO period_orders (environment, order_id, order_number, status, amount, deposited_amount, refunded_amount, currency,
           registered_at, client_id, description, synced_at) VALUES ('sandbox', ?, ?, 2, 100, 100, 0, '643', ?, ?, ?, 1)`,
        orderId,
        s,
        1_000 + i,
        s,
        `paid with ${s}`,
      );
      run(
        "INSERT INTO order_cache (environment, order_id, order_number, masked_pan, view, fetched_at) VALUES ('sandbox', ?, ?, ?, ?, 1)",
        orderId,
        `INV-${OTHER}`,
        s,
        JSON.stringify({ orderId, orderNumber: `INV-${OTHER}`, description: s, timeline: [{ note: s }] }),
      );
      run("INSERT INTO lookup_history (environment, query, outcome, at) VALUES ('sandbox', ?, 'notFound', ?)", s, i);
      run(
        "INSERT INTO audit_log (at, os_user, environment, action, outcome, object_type, object_id, detail, facts) VALUES (?, 'u', 'sandbox', 'order.refund', 'success', 'order', ?, ?, ?)",
        i,
        `INV-${OTHER}`,
        `refund: ${s}`,
        JSON.stringify({ reason: s }),
      );
      run(
        `INSERT INTO charge_journal (environment, order_number, amount, currency, binding_id, client_id, category, description, operator, state, reason, created_at, updated_at)
         VALUES ('sandbox', ?, 100, '643', 'b', 'c', 'COMMON', ?, 'op', 'FAILED', ?, 1, 1)`,
        `BO-${i}`,
        s,
        JSON.stringify({ code: 'charge.gatewayWords', params: { words: s } }),
      );
      run(
        `INSERT INTO order_operations (environment, order_id, kind, operator, operator_reason, state, reason, created_at, updated_at)
         VALUES ('sandbox', ?, 'refund', 'op', ?, 'REFUSED', ?, 1, 1)`,
        orderId,
        s.slice(0, 200),
        `card ${s} refused`,
      );
      run(
        "INSERT INTO known_bindings (environment, binding_id, client_id, category, masked_pan, display_label, seen_at) VALUES ('sandbox', ?, ?, 'COMMON', ?, ?, 1)",
        `b-${i}`,
        s,
        s.normalize('NFKC') === s ? '411111**1111' : s,
        `card ${s}`,
      );
    }
    // Rows an older version deleted: what they held is in the file's free pages.
    for (let i = 0; i < 200; i++)
      run("INSERT INTO lookup_history (environment, query, outcome, at) VALUES ('gone', ?, 'notFound', ?)", `${OTHER} ${i}`, i);
    run("DELETE FROM lookup_history WHERE environment = 'gone'");
    old.close();
    expect(cardNumbersInFolder(dir).length).toBeGreaterThan(0);

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      for (const table of [
        'period_orders',
        'order_cache',
        'lookup_history',
        'audit_log',
        'charge_journal',
        'order_operations',
        'known_bindings',
      ])
        expect(cardNumbersIn(JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all())), table).toEqual([]);
      expect(cardNumbersInFolder(dir)).toEqual([]);
      // Still read as before, masked.
      expect(new PeriodOrders(db).answer('sandbox', { from: 0, to: 10_000 }, { limit: 100 }).total).toBe(spellings.length);
      const cache = new OrderCache<{ description: string }>(db);
      expect(cache.get('sandbox', '0f8fad5b-d9cb-469f-a165-708677289500')).toMatchObject({
        orderNumber: 'INV-411111******1111',
        view: { description: '411111******1111' },
      });
      expect(cache.history('sandbox', 100).every((h) => h.queryMasked)).toBe(true);
      expect(new AuditRepository(db).query({ objectId: `INV-${OTHER}` })).toHaveLength(spellings.length);
    } finally {
      db.close();
    }
    expect(cardNumbersInFolder(dir)).toEqual([]);
  });
});
