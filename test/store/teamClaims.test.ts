/**
 * Claims across desks in the team database: a payment step is sent by the one desk holding the charge's (or
 * the order operation's) claim; a desk that died lets it lapse, after which exactly one other desk takes it over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { PgOperationJournal } from '../../main/store/postgres/operationJournal.js';
import { deskNamed, type DeskIdentity } from '../../main/store/postgres/desks.js';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';
import { newCharge } from './rows.js';

const TTL = 400;

describePostgres('claims across desks', () => {
  let cluster: PostgresCluster;
  const pools: TeamDatabase[] = [];
  let url: string;
  const desk = (identity: DeskIdentity | string) => {
    const db = openTeamDatabase(url);
    pools.push(db);
    return new PgChargeJournal(db, { desk: typeof identity === 'string' ? deskNamed(identity) : identity, claimTtlMs: TTL });
  };
  const operationsAt = (identity: DeskIdentity | string) => {
    const db = openTeamDatabase(url);
    pools.push(db);
    return new PgOperationJournal(db, { desk: typeof identity === 'string' ? deskNamed(identity) : identity, claimTtlMs: TTL });
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.newDatabase();
    const first = openTeamDatabase(url);
    await migrateTeamDatabase(first);
    await first.pool.end();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.pool.end()));
    await cluster?.destroy();
  });

  it('keeps a charge to the desk that journalled it until its claim lapses; then exactly one desk takes it over', async () => {
    const fin1 = deskNamed('FIN-1');
    const [a, b, c] = [desk(fin1), desk('FIN-2'), desk('FIN-3')];
    const begun = await a.begin(newCharge('CLAIMED-1', { bindingId: 'card-claimed' }), 0, () => undefined, new Set());
    if (begun.kind !== 'journalled') throw new Error('refused');
    expect(begun.charge).toMatchObject({ desk: 'FIN-1', claim: { deskId: fin1.id } });
    // Desk FIN-1 is sending it: every other desk sees who, and neither claims nor renews it.
    const held = await b.claim(begun.charge.id, new Set());
    expect(held).toMatchObject({ kind: 'sending', row: { claim: { deskId: fin1.id } } });
    expect(await b.renewClaim(begun.charge.id, new Set([begun.charge.id]))).toBeUndefined();
    // FIN-1 dies without settling it. Once its claim lapses, two desks reconciling at once: one takes it.
    await new Promise((r) => setTimeout(r, TTL + 100));
    const [claimsB, claimsC] = [new Set<number>(), new Set<number>()];
    const both = await Promise.all([b.claim(begun.charge.id, claimsB), c.claim(begun.charge.id, claimsC)]);
    expect(both.map((x) => x.kind).sort()).toEqual(['claimed', 'sending']);
    const winner = both[0]!.kind === 'claimed' ? b : c;
    const winnerClaims = both[0]!.kind === 'claimed' ? claimsB : claimsC;
    expect(await winner.renewClaim(begun.charge.id, winnerClaims)).toMatchObject({ state: 'PENDING' });
    // FIN-1, back, cannot send on it any more: its claim is gone.
    expect(await a.renewClaim(begun.charge.id, new Set([begun.charge.id]))).toBeUndefined();
    expect(await winner.settle(begun.charge.id, { state: 'PAID', at: 0 })).toBe(true);
    expect(await a.get(begun.charge.id)).toMatchObject({ state: 'PAID' });
    expect((await a.get(begun.charge.id))?.claim).toBeUndefined();
  });

  it('lets a desk take back its own claim after it restarted (its sender of before is gone)', async () => {
    const fin1 = deskNamed('FIN-1');
    const begun = await desk(fin1).begin(newCharge('CLAIMED-2', { bindingId: 'card-claimed-2' }), 0, () => undefined, new Set());
    if (begun.kind !== 'journalled') throw new Error('refused');
    const again = desk(fin1);
    expect((await again.claim(begun.charge.id, new Set())).kind).toBe('claimed');
  });

  it('never gives a desk the claim of another desk of the same name', async () => {
    const begun = await desk('FINANCE').begin(newCharge('CLAIMED-3', { bindingId: 'card-claimed-3' }), 0, () => undefined, new Set());
    if (begun.kind !== 'journalled') throw new Error('refused');
    const namesake = desk('FINANCE');
    expect(await namesake.claim(begun.charge.id, new Set())).toMatchObject({ kind: 'sending' });
    expect(await namesake.renewClaim(begun.charge.id, new Set([begun.charge.id]))).toBeUndefined();
  });

  it('keeps an order operation to the desk that journalled it until its claim lapses; settled, unknown included, it lets it go', async () => {
    const fin1 = deskNamed('FIN-1');
    const [a, b, c] = [operationsAt(fin1), operationsAt('FIN-2'), operationsAt('FIN-3')];
    const deposit = { environment: 'sandbox', orderId: 'order-claimed', kind: 'deposit' as const, operator: 'FIN-1', at: 0 };
    const begun = await a.begin(deposit, () => undefined, new Set());
    if (begun.kind !== 'journalled') throw new Error('refused');
    const { id } = begun.operation;
    expect(await b.claim(id, new Set())).toMatchObject({ kind: 'sending' });
    expect(await b.renewClaim(id, new Set([id]))).toBeUndefined();
    await new Promise((r) => setTimeout(r, TTL + 100));
    const [claimsB, claimsC] = [new Set<number>(), new Set<number>()];
    const both = await Promise.all([b.claim(id, claimsB), c.claim(id, claimsC)]);
    expect(both.map((x) => x.kind).sort()).toEqual(['claimed', 'sending']);
    const [winner, winnerClaims] = both[0]!.kind === 'claimed' ? [b, claimsB] : [c, claimsC];
    expect(await a.renewClaim(id, new Set([id]))).toBeUndefined();
    // Its answer lost: unknown, and free at once for any desk to reconcile, not only after a lapse.
    expect(await winner.settle(id, 'UNKNOWN', 0)).toBe(true);
    expect(await a.claim(id, new Set())).toMatchObject({ kind: 'claimed' });
    expect(winnerClaims.has(id)).toBe(true);
  });
});
