/**
 * Migration 16 (issue 26): orders the list cached before it kept what moved get it counted from what they
 * kept, so their money figures after the upgrade are those of the same orders synced anew.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';

const dir = mkdtempSync(join(tmpdir(), 'money-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('counts held, captured and refunded of the orders cached before, and the list totals them', () => {
  const file = join(dir, 'app.sqlite');
  const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 16) });
  const put = old.prepare(
    `INSERT INTO period_orders (environment, order_id, order_number, status, amount, deposited_amount, refunded_amount, currency, registered_at, synced_at)
     VALUES ('sandbox', ?, ?, ?, ?, ?, ?, '643', 1000, 1000)`,
  );
  // [status, amount, deposited, refunded]: a hold, a charge partly captured and partly refunded, one refunded
  // in full, one charged whose amounts the gateway left out (kept as 0), a reversal and a decline.
  const rows = [
    [1, 80_000, 0, 0],
    [2, 80_000, 60_000, 10_000],
    [4, 5_000, 5_000, 5_000],
    [2, 7_000, 0, 0],
    [3, 9_000, 0, 0],
    [6, 4_000, 0, 0],
  ] as const;
  rows.forEach(([status, amount, deposited, refunded], i) => put.run(`o-${i}`, `N-${i}`, status, amount, deposited, refunded));
  old.close();

  const db = openDatabase(file);
  try {
    const orders = new PeriodOrders(db);
    expect(rows.map((_, i) => orders.get('sandbox', `o-${i}`)).map((o) => [o!.held, o!.captured, o!.refunded])).toEqual([
      [80_000, 0, 0],
      [0, 60_000, 10_000],
      [0, 5_000, 5_000],
      [0, 7_000, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const totals = orders.totals('sandbox', { from: 0, to: 2000 });
    expect(totals.reduce((s, t) => s + t.captured, 0)).toBe(72_000);
    expect(totals.reduce((s, t) => s + t.refunded, 0)).toBe(15_000);
    expect(totals.reduce((s, t) => s + t.held, 0)).toBe(80_000);
  } finally {
    db.close();
  }
});
