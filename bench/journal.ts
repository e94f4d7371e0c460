/**
 * Charge-journal throughput: charges journalled (PENDING, committed) and settled (PAID, committed) per
 * second with synchronous=FULL, against raw better-sqlite3 single-row insert transactions with the same
 * pragmas on the same disk, in one run.
 *
 *   npm run bench:journal [-- --charges 2000]
 */
import { beginUnguarded } from '../test/store/unguarded.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openDatabase } from '../main/store/database.js';
import { SqliteChargeJournal } from '../main/store/journal.js';

const { values } = parseArgs({ options: { charges: { type: 'string', default: '2000' } } });
const n = Number(values.charges);
const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'));

function rawInserts(name: string): number {
  const db = new Database(join(dir, name));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, order_number TEXT, amount INTEGER, state TEXT)');
  const insert = db.prepare('INSERT INTO t (order_number, amount, state) VALUES (?, ?, ?)');
  const started = performance.now();
  for (let i = 0; i < n; i++) db.transaction(() => insert.run(`RAW-${i}`, 100 + i, 'PENDING'))();
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return n / seconds;
}

async function journalled(): Promise<number> {
  const db = openDatabase(join(dir, 'journal.sqlite'));
  const journal = new SqliteChargeJournal(db);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const row = await beginUnguarded(journal, {
      environment: 'bench',
      orderNumber: `J-${i}`,
      amount: 100 + i,
      currency: '643',
      bindingId: 'b',
      clientId: 'c',
      category: 'COMMON',
      operator: 'bench',
      at: Date.now(),
    });
    await journal.settle(row.id, { state: 'PAID', orderStatus: 2, at: Date.now() });
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return n / seconds;
}

try {
  rawInserts('warm-up.sqlite'); // warm the disk and the module
  const raw = rawInserts('raw.sqlite');
  const charges = await journalled();
  console.log(`\n${n} charges, WAL, synchronous=FULL, ${dir}`);
  console.log(`raw better-sqlite3 inserts (1 commit each):     ${raw.toFixed(0)}/s`);
  console.log(`charges journalled and settled (2 commits each): ${charges.toFixed(0)}/s`);
  console.log(`ratio charges/raw inserts: ${(charges / raw).toFixed(2)} (one charge is two commits, so 0.5 is par)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
