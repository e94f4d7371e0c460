/**
 * Two desks of one team, one PostgreSQL, one gateway (the sandbox over HTTP): a paid order refunded, or a
 * hold captured, from both desks at once moves the money once. Each desk has its own file (its audit log,
 * for now) and its own order operations; the operations journal, and so the guard, is the team's.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { PgOperationJournal } from '../../main/store/postgres/operationJournal.js';
import { OutboxedOperationJournal } from '../../main/store/postgres/outboxedOperationJournal.js';
import { TeamOutbox } from '../../main/store/teamOutbox.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { control, faultSeen, paidOrder, status } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
const dir = folderOfFile('team-operations-');
afterEach(() => control(sb, 'DELETE', '/faults'));
const DAY = 86_400_000;

interface Desk {
  readonly ops: OrderOperations;
  readonly audit: AuditRepository;
  readonly journal: PgOperationJournal;
}

/** The requests the gateway was sent for an order at one endpoint. */
const sent = async (endpoint: string, orderId: string) =>
  ((await control(sb, 'GET', `/requests?endpoint=${endpoint}&orderId=${orderId}`)) as { requests: unknown[] }).requests.length;

/** Holds the first answer of an endpoint back, so that the other desk comes while the first desk's operation is open. */
const slow = (endpoint: string) =>
  control(sb, 'POST', '/faults', { rules: [{ path: `/payment/rest/${endpoint}`, mode: 'latency', latencyMs: 800, count: 1 }] });

describePostgres('two desks operating on orders through one team database', () => {
  let cluster: PostgresCluster;
  const pools: TeamDatabase[] = [];
  const files: Db[] = [];
  let url: string;
  let a: Desk;
  let b: Desk;
  /** A desk on the team database; `now`, its own clock (the host's unless a test sets it wrong). */
  const desk = async (name: string, now?: () => number): Promise<Desk> => {
    const team = openTeamDatabase(url);
    pools.push(team);
    await migrateTeamDatabase(team);
    const db = openDatabase(join(dir, `${name}.sqlite`));
    files.push(db);
    const journal = new PgOperationJournal(team, { desk: deskNamed(name) });
    const audit = new AuditRepository(db);
    const ops = new OrderOperations({
      environment: 'sandbox',
      operator: name,
      osUser: name,
      client,
      journal,
      audit,
      ...(now ? { now } : {}),
    });
    return { ops, audit, journal };
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.newDatabase();
    [a, b] = [await desk('FIN-1'), await desk('FIN-2')];
  }, 60_000);
  afterAll(async () => {
    for (const f of files) f.close();
    await Promise.all(pools.map((p) => p.pool.end()));
    await cluster?.destroy();
  });

  it('the same paid order refunded in full from both desks at once: refunded once, the other desk told whose refund is open', async () => {
    const orderId = await paidOrder(sb);
    await slow('refund.do');
    const outcomes = await Promise.all([a.ops.refund(orderId, 10_000), b.ops.refund(orderId, 10_000)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['done', 'notSent']);
    const done = outcomes.find((o) => o.kind === 'done');
    const first = done && 'operation' in done ? done.operation.operator : '';
    expect(outcomes.find((o) => o.kind === 'notSent')).toMatchObject({
      reason: { code: 'operation.stillOpen', params: { operator: first } },
    });
    expect(await sent('refund.do', orderId)).toBe(1);
    const s = await status(sb, { orderId });
    expect(s.refunds).toHaveLength(1);
    expect(s.paymentAmountInfo.refundedAmount).toBe(10_000);
    // The refusal is audited by the desk that was refused, in its own file.
    const refused = (first === 'FIN-1' ? b : a).audit.query({ objectId: orderId });
    expect(refused.map((e) => `${e.action}:${e.outcome}`)).toEqual(['refund:refused']);
  });

  it('a hold captured from both desks at once: deposited once', async () => {
    const orderId = await paidOrder(sb, {}, '/payment/rest/registerPreAuth.do');
    await slow('deposit.do');
    const outcomes = await Promise.all([a.ops.deposit(orderId, 0), b.ops.deposit(orderId, 0)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['done', 'notSent']);
    expect(await sent('deposit.do', orderId)).toBe(1);
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 2, paymentAmountInfo: { depositedAmount: 10_000 } });
  });

  it('the same refund from desk B after desk A’s was done: B is asked to confirm, naming A’s refund', async () => {
    const orderId = await paidOrder(sb);
    expect((await a.ops.refund(orderId, 2_000)).kind).toBe('done');
    expect(await b.ops.refund(orderId, 2_000)).toMatchObject({
      kind: 'needsConfirmation',
      earlier: [{ operator: 'FIN-1', kind: 'refund', amount: 2_000, state: 'DONE' }],
    });
    expect(await sent('refund.do', orderId)).toBe(1);
    expect((await b.ops.refund(orderId, 2_000, { confirmRepeat: true })).kind).toBe('done');
    expect((await status(sb, { orderId })).paymentAmountInfo.refundedAmount).toBe(4_000);
  });

  it('an operation desk A left open is reconciled by desk B, whose start-up finds it in the team’s journal', async () => {
    const orderId = await paidOrder(sb);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost', count: 1 }] });
    const lost = await a.ops.refund(orderId, 3_000);
    expect(lost.kind).toBe('unknown');
    expect(await b.ops.reconcileAll()).toEqual([
      expect.objectContaining({ kind: 'done', operation: expect.objectContaining({ orderId }) }),
    ]);
    // The resend carried A's externalRefundId: the gateway refunded once.
    expect((await status(sb, { orderId })).refunds).toHaveLength(1);
    expect(await a.journal.open('sandbox')).toEqual([]);
  });

  it('an operation desk A is sending is left to desk A by desk B’s reconciliation meanwhile: its request is sent once', async () => {
    const orderId = await paidOrder(sb, {}, '/payment/rest/registerPreAuth.do');
    await slow('deposit.do');
    const sending = a.ops.deposit(orderId, 0);
    // Journalled (and claimed) before it is sent: once the row is there, desk A's request is on its way or about to be.
    while ((await b.journal.open('sandbox')).every((op) => op.orderId !== orderId)) await new Promise((r) => setTimeout(r, 10));
    expect(await b.ops.reconcileAll()).toEqual([]);
    expect((await sending).kind).toBe('done');
    expect(await sent('deposit.do', orderId)).toBe(1);
    expect(await b.journal.open('sandbox')).toEqual([]);
  });

  it('the team database stopped while a refund is on its way: refunded once, the answer kept in the outbox and then written', async () => {
    const team = openTeamDatabase(url);
    pools.push(team);
    const db = openDatabase(join(dir, 'FIN-OUTBOX.sqlite'));
    files.push(db);
    const outbox = new TeamOutbox(db, team.name, 'operation');
    const journal = new OutboxedOperationJournal(new PgOperationJournal(team, { desk: deskNamed('FIN-OUTBOX') }), outbox);
    const ops = new OrderOperations({
      environment: 'sandbox',
      operator: 'FIN-OUTBOX',
      osUser: 'FIN-OUTBOX',
      client,
      journal,
      audit: new AuditRepository(db),
    });
    const orderId = await paidOrder(sb);
    const { rules } = await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/refund.do', mode: 'latency', latencyMs: 1_500, count: 1 }],
    });
    const refunding = ops.refund(orderId, 4_000);
    let stopped = false;
    try {
      await faultSeen(sb, (rules as { id: number }[])[0]!.id);
      await cluster.stop('immediate');
      stopped = true;
      expect(await refunding).toMatchObject({ kind: 'done', operation: { orderId, state: 'DONE' } });
      expect(outbox.size).toBe(1);
    } finally {
      if (!stopped) await refunding.catch(() => undefined);
      await cluster.start();
    }
    // Back: the order's operation was open for every desk until the outbox was written; then it is done, once.
    expect((await b.journal.open('sandbox')).map((op) => op.orderId)).toEqual([orderId]);
    expect((await b.ops.refund(orderId, 1_000)).kind).toBe('notSent');
    await journal.flush();
    expect(outbox.size).toBe(0);
    expect(await b.journal.forOrder('sandbox', orderId)).toEqual([
      expect.objectContaining({ kind: 'refund', state: 'DONE', amount: 4_000 }),
    ]);
    expect((await status(sb, { orderId })).refunds).toHaveLength(1);
    journal.close();
  });

  it('a desk whose clock is a day behind is told what the team database’s clock decides: the reversal its dialog promises is sent', async () => {
    // The charge's day is the gateway's and the database's (both this host's clock here): not one that ends mid-test.
    const toMidnight = DAY - (Date.now() % DAY);
    if (toMidnight < 10_000) await new Promise((r) => setTimeout(r, toMidnight + 1_000));
    const behind = await desk('FIN-BEHIND', () => Date.now() - DAY);
    const orderId = await paidOrder(sb);
    expect(await behind.ops.refundPlan(orderId)).toEqual({ chance: 'today', reversible: 10_000 });
    expect(await behind.ops.refund(orderId, 10_000, { way: 'reverse' })).toMatchObject({ kind: 'done', operation: { kind: 'reverse' } });
    expect(await sent('refund.do', orderId)).toBe(0);
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 3 });
  });
});
