/**
 * The data file's integrity check runs in the background from opening (store/integrityCheck.ts): a file
 * damaged where opening does not look opens, the orders can still be looked up, and no charge starts in it.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { checkIntegrity } from '../../main/store/integrityCheck.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { PeriodOrders, type PeriodOrder } from '../../main/store/periodOrders.js';
import { beginUnguarded } from '../store/unguarded.js';
import { control, uniqueNumber } from '../sandbox/client.js';

const root = mkdtempSync(join(tmpdir(), 'integrity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cached = (i: number): PeriodOrder => ({
  orderId: `cached-${i}`,
  orderNumber: `CACHED-${i}`,
  status: 2,
  amount: 100 + i,
  held: 0,
  captured: 100 + i,
  refunded: 0,
  currency: '643',
  registeredAt: Date.UTC(2026, 10, 1) + i * 1000,
});

/** Garbage over one page near the end of the file: the cached orders', which opening does not read. */
function damage(file: string): void {
  const pageSize = 4096;
  const at = (Math.floor(statSync(file).size / pageSize) - 3) * pageSize;
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * A data folder the app made, with `before` done in its file, 20,000 cached orders, and then garbage over a page of
 * them: damaged where opening does not look.
 */
async function damagedFolder(name: string, before?: (db: Db) => Promise<void>): Promise<{ dataFolder: string; file: string }> {
  const dataFolder = mkdtempSync(join(root, name));
  await (await AppCore.open({ dataFolder, osUser: 'tester' })).close();
  const file = join(dataFolder, 'app.sqlite');
  const db = openDatabase(file);
  try {
    await before?.(db);
    new PeriodOrders(db).putMany(
      'sandbox',
      Array.from({ length: 20_000 }, (_, i) => cached(i)),
      Date.now(),
    );
  } finally {
    db.close();
  }
  damage(file);
  return { dataFolder, file };
}

describe("the data file's integrity check", () => {
  it('finds a whole file whole, off the main thread', async () => {
    const dataFolder = mkdtempSync(join(root, 'whole-'));
    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    await core.close();
    // Closed while its check may still run, the folder opens again at once: the check's connection went with it.
    await (await AppCore.open({ dataFolder, osUser: 'tester' })).close();
    await expect(checkIntegrity(join(dataFolder, 'app.sqlite')).checked).resolves.toBeUndefined();
  });

  it('opens a damaged file with a charge left open for look-ups, the charge still open and not sent', async () => {
    let open = { id: 0 };
    const { dataFolder, file } = await damagedFolder('open-charge-', async (db) => {
      open = await beginUnguarded(new SqliteChargeJournal(db), {
        environment: 'sandbox',
        orderNumber: 'LEFT-OPEN-1',
        amount: 100,
        currency: '643',
        bindingId: 'b',
        clientId: 'c',
        category: 'COMMON',
        operator: 'tester',
        at: Date.now(),
      });
    });

    // Reconciling the open charge at opening waits for the check, which finds the file damaged: it opens all the same.
    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      expect(core.services.environment).toBe('sandbox');
      expect(await core.services.orders.lookup('LEFT-OPEN-1')).toMatchObject({ kind: 'notFound' });
    } finally {
      await core.close();
    }
    const after = openDatabase(file, { integrity: 'later' });
    try {
      expect(await new SqliteChargeJournal(after).get(open.id)).toMatchObject({ state: 'PENDING' });
    } finally {
      after.close();
    }
  });

  it('opens a file damaged where opening does not look, and refuses to start a charge in it, in words', async () => {
    const { dataFolder, file } = await damagedFolder('damaged-');
    await expect(checkIntegrity(file).checked).rejects.toMatchObject({ problem: 'corrupt' });

    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      const clientId = uniqueNumber('client');
      const { bindings } = (await control(core.sandbox, 'POST', '/seed', { bindings: [{ clientId }] })) as {
        bindings: { bindingId: string }[];
      };
      const card = { clientId, bindingId: bindings[0]!.bindingId, category: 'COMMON' as const };
      const before = ((await control(core.sandbox, 'GET', `/orders?clientId=${clientId}`)) as { orders: unknown[] }).orders.length;
      const out = await core.services.charges.charge({ ...card, amount: 700, currency: '643' }).catch((err: Error) => err);
      expect(out).toMatchObject({ problem: 'corrupt', message: expect.stringContaining('left untouched') });
      // Nothing reached the gateway.
      expect(((await control(core.sandbox, 'GET', `/orders?clientId=${clientId}`)) as { orders: unknown[] }).orders).toHaveLength(before);
    } finally {
      await core.close();
    }
  });
});
