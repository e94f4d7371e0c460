/**
 * A desk's own journals moved into the team database, on a real PostgreSQL and a real desk file: every settled
 * row but the sandbox's, once (a second move copies nothing again), each keeping its desk; one whose outcome
 * the desk has not learnt yet stays for the desk's file to reconcile, and one the team's journal cannot take
 * stays in the desk's file only; both are named.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { moveDeskJournals } from '../../main/store/postgres/deskRecords.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { query } from '../../main/store/postgres/teamDatabase.js';
import { folderOfFile } from './folderOfFile.js';
import { describePostgres } from './postgresCluster.js';
import { migratedTeamDatabase } from './migratedTeamDatabase.js';
import { newCharge } from './rows.js';

const dir = folderOfFile('desk-records-');
const none = () => undefined;

describePostgres('moving a desk’s records to the team database', () => {
  const shared = migratedTeamDatabase();

  it('copies every settled row but the sandbox’s once, and names what stays in the file: rows not settled yet, and charges whose reference the team has', async () => {
    const file = openDatabase(join(dir, 'desk.sqlite'));
    const charges = new SqliteChargeJournal(file, 'FIN-OLD');
    const operations = new SqliteOperationJournal(file);
    const charge = async (orderNumber: string, bindingId: string, environment = 'test') => {
      const begun = await charges.begin(newCharge(orderNumber, { environment, bindingId }), 0, none);
      if (begun.kind !== 'journalled') throw new Error('an empty guard refused nothing');
      return begun.charge.id;
    };
    await charges.settle(await charge('PAID-1', 'card-1'), { state: 'PAID', orderId: 'order-1', orderStatus: 2, at: 1_700_000_001_000 });
    await charges.settle(await charge('DECLINED-1', 'card-2'), { state: 'DECLINED', actionCode: 116, at: 1_700_000_002_000 });
    await charges.markUnknown(await charge('LOST-1', 'card-3'), { code: 'app.quoted', params: { text: 'no answer' } }, 1_700_000_003_000);
    await charge('PENDING-1', 'card-4');
    await charges.settle(await charge('CLASH-1', 'card-5'), { state: 'PAID', at: 1_700_000_004_000 });
    await charges.settle(await charge('SANDBOX-1', 'card-6', 'sandbox'), { state: 'PAID', at: 1_700_000_005_000 });
    const refund = await operations.begin(
      { environment: 'test', orderId: 'order-1', kind: 'refund', amount: 500, operator: 'finance', at: 1 },
      none,
    );
    if (refund.kind !== 'journalled') throw new Error('refused');
    await operations.settle(refund.operation.id, 'DONE', 2);
    const open = await operations.begin({ environment: 'test', orderId: 'order-9', kind: 'deposit', operator: 'finance', at: 3 }, none);
    if (open.kind !== 'journalled') throw new Error('refused');

    // The team's journal already has another desk's charge under the reference CLASH-1.
    const other = deskNamed('FIN-OTHER');
    await new PgChargeJournal(shared.team, { desk: other }).begin(
      newCharge('CLASH-1', { environment: 'test', bindingId: 'card-x' }),
      0,
      none,
    );

    const desk = deskNamed('FIN-OLD');
    expect(await moveDeskJournals(shared.team, file, desk)).toEqual({
      charges: { moved: 2, already: 0, kept: ['CLASH-1'], open: ['LOST-1', 'PENDING-1'] },
      operations: { moved: 1, already: 0, kept: [], open: ['order-9'] },
    });
    const rows = await query<Record<string, unknown>>(
      shared.team,
      'SELECT order_number, state, desk, order_id, created_at, moved_from FROM charge_journal WHERE moved_from IS NOT NULL ORDER BY order_number',
    );
    expect(rows).toEqual([
      expect.objectContaining({ order_number: 'DECLINED-1', state: 'DECLINED', desk: 'FIN-OLD' }),
      expect.objectContaining({ order_number: 'PAID-1', state: 'PAID', order_id: 'order-1', created_at: 1_700_000_000_000 }),
    ]);
    expect(rows.every((r) => String(r.moved_from).startsWith(`${desk.id}/`))).toBe(true);
    expect(await query(shared.team, 'SELECT state FROM order_operations WHERE moved_from IS NOT NULL')).toEqual([{ state: 'DONE' }]);

    // Again: nothing copied twice; what the team's journal could not take still cannot be.
    expect(await moveDeskJournals(shared.team, file, desk)).toEqual({
      charges: { moved: 0, already: 2, kept: ['CLASH-1'], open: ['LOST-1', 'PENDING-1'] },
      operations: { moved: 0, already: 1, kept: [], open: ['order-9'] },
    });
    // Reconciled in the desk's own file, an open charge goes with the next move; so does one journalled since.
    const [lost] = (await charges.open('test')).filter((r) => r.orderNumber === 'LOST-1');
    await charges.settle(lost!.id, { state: 'PAID', at: 1_700_000_007_000 });
    // A charge journalled after the move goes with the next one.
    await charges.settle(await charge('LATER-1', 'card-7'), { state: 'PAID', at: 1_700_000_006_000 });
    expect((await moveDeskJournals(shared.team, file, desk)).charges).toEqual({
      moved: 2,
      already: 2,
      kept: ['CLASH-1'],
      open: ['PENDING-1'],
    });
    file.close();
  });
});
