/**
 * Desks hear each other: a write to the team's journals reaches every listening desk as it commits, with the
 * orders it touched, and a desk that lost the database says, once it is back, that anything may have changed
 * meanwhile.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { PgOperationJournal } from '../../main/store/postgres/operationJournal.js';
import { PgOperators } from '../../main/store/postgres/operators.js';
import { listenForChanges, type TeamChange } from '../../main/store/postgres/teamChanges.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';
import { newCharge } from './rows.js';

const HASH = { salt: 'c2FsdHNhbHRzYWx0c2FsdA==', key: 'a2V5a2V5a2V5a2V5a2V5a2V5', N: 2 ** 14, r: 8, p: 1 };

/** Resolves with the first change heard that the test is waiting for, or fails after five seconds. */
function heard(changes: TeamChange[], which: TeamChange): Promise<void> {
  const said = (c: TeamChange) => JSON.stringify(c);
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 5_000;
    const look = () => {
      if (changes.some((c) => said(c) === said(which))) return resolve();
      if (Date.now() > deadline) return reject(new Error(`never heard ${said(which)}; heard ${changes.map(said).join(', ') || 'nothing'}`));
      setTimeout(look, 10);
    };
    look();
  });
}

describePostgres('changes between desks', () => {
  let cluster: PostgresCluster;
  let url: string;
  const pools: TeamDatabase[] = [];
  const open = () => {
    const db = openTeamDatabase(url);
    pools.push(db);
    return db;
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.newDatabase();
    await migrateTeamDatabase(open());
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.pool.end()));
    await cluster?.destroy();
  });

  it('reaches the other desk as the write commits, for charges and for operations, and after the database came back', async () => {
    const changes: TeamChange[] = [];
    const listener = listenForChanges(open(), (c) => changes.push(c), 100);
    try {
      // Listening before the first write: wait until the listener's session is up.
      await new Promise((r) => setTimeout(r, 300));
      const desk = open();
      const charges = new PgChargeJournal(desk, { desk: deskNamed('FIN-1') });
      const begun = await charges.begin(newCharge('LIVE-1', { bindingId: 'card-live' }), 0, () => undefined);
      await heard(changes, 'charge_journal');
      const operations = new PgOperationJournal(desk, { desk: deskNamed('FIN-1') });
      await operations.begin({ environment: 'sandbox', orderId: 'o-live', kind: 'deposit', operator: 'FIN-1', at: 0 }, () => undefined);
      await heard(changes, 'order_operations');
      // With the order it touched: a desk showing that order reads it again.
      await heard(changes, { orders: [{ environment: 'sandbox', orderId: 'o-live' }] });

      // A refused charge writes nothing and says nothing.
      changes.length = 0;
      await charges.begin(newCharge('LIVE-2', { bindingId: 'card-live' }), 0, () => 'refused');
      await new Promise((r) => setTimeout(r, 300));
      expect(changes).toEqual([]);

      // The database goes away and comes back: what was missed is "everything", then changes are heard again.
      await cluster.stop('immediate');
      await cluster.start();
      await heard(changes, '*');
      if (begun.kind !== 'journalled') throw new Error('refused');
      await charges.settle(begun.charge.id, { state: 'PAID', orderId: 'o-charged', at: 0 });
      await heard(changes, 'charge_journal');
      await heard(changes, { orders: [{ environment: 'sandbox', orderId: 'o-charged' }] });
    } finally {
      await listener.close();
    }
  });

  it('tells the other desks of a change to a person (a role, disabled), not of a sign-in attempt', async () => {
    const changes: TeamChange[] = [];
    const listener = listenForChanges(open(), (c) => changes.push(c), 100);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const people = new PgOperators(open());
      const ann = await people.add({ login: 'ann', displayName: 'Ann', role: 'administrator', password: HASH }, 'first', 0);
      if (ann.kind !== 'done') throw new Error(ann.refusal);
      const added = await people.add({ login: 'fin', displayName: 'Finn', role: 'finance', password: HASH }, ann.value, 0);
      if (added.kind !== 'done') throw new Error(added.refusal);
      await heard(changes, 'operators');
      await new Promise((r) => setTimeout(r, 300)); // the second addition's too
      changes.length = 0;
      await people.beginAttempt('fin', 0);
      await people.signedIn('fin');
      await new Promise((r) => setTimeout(r, 300));
      expect(changes).toEqual([]);
      await people.change(added.value.id, { active: false }, ann.value.id, 0);
      await heard(changes, 'operators');
    } finally {
      await listener.close();
    }
  });
});
