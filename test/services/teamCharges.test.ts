/**
 * Two desks of one team, one PostgreSQL, one gateway (the sandbox over HTTP): the measurements that charged
 * twice when each desk kept its own journal. Each desk has its own file (its audit log of refusals) and its
 * own charge service; the charge journal, and so the guard, is the team's.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { chargeView } from '../../main/services/chargeViews.js';
import type { ChargeService, ChargeServiceOptions } from '../../main/services/charges.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import type { ChargeRow } from '../../main/store/journal.js';
import { reconcile as reconcilePeriod } from '../../main/services/reconciliation.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { PgChargeJournal } from '../../main/store/postgres/chargeJournal.js';
import { deskNamed } from '../../main/store/postgres/desks.js';
import { PgOperationJournal } from '../../main/store/postgres/operationJournal.js';
import { OutboxedChargeJournal } from '../../main/store/postgres/outboxedChargeJournal.js';
import { TeamOutbox } from '../../main/store/teamOutbox.js';
import { migrateTeamDatabase } from '../../main/store/postgres/migrate.js';
import { openTeamDatabase, type TeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { control, faultSeen, uniqueNumber } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
const dir = folderOfFile('team-charges-');

async function card() {
  const [c] = (await control(sb, 'POST', '/seed', { bindings: [{ clientId: uniqueNumber('team'), category: 'RECURRENT' }] })).bindings as {
    clientId: string;
    bindingId: string;
  }[];
  return { ...c!, category: 'RECURRENT' as const, amount: 25_000, currency: '643' };
}

/** Orders charged to a client that the sandbox holds as paid: what the customer's statement would show. */
async function paidFor(clientId: string): Promise<number> {
  const { orders } = (await control(sb, 'GET', `/orders?clientId=${clientId}`)) as { orders: { orderNumber: string; status: number }[] };
  return orders.filter((o) => /^(BO-|CASE-)/.test(o.orderNumber) && (o.status === 1 || o.status === 2)).length;
}

describePostgres('two desks charging through one team database', () => {
  let cluster: PostgresCluster;
  const pools: TeamDatabase[] = [];
  let a: ChargeService;
  let b: ChargeService;
  let url: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.newDatabase();
    const desk = async (name: string) => {
      const team = openTeamDatabase(url);
      pools.push(team);
      await migrateTeamDatabase(team);
      const db = openDatabase(join(dir, `${name}.sqlite`));
      return chargeServiceOn(db, client, {
        journal: new PgChargeJournal(team, { desk: deskNamed(name) }),
        audit: new AuditRepository(db),
        operator: name,
        osUser: name,
      });
    };
    [a, b] = [await desk('FIN-1'), await desk('FIN-2')];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.pool.end()));
    await cluster?.destroy();
  });

  /** A desk as AppCore builds one on the team database: its own file and outbox, the team's journal. */
  const outboxedDesk = (name: string, parts: Partial<ChargeServiceOptions> = {}) => {
    const team = openTeamDatabase(url);
    pools.push(team);
    const db = openDatabase(join(dir, `${name}.sqlite`));
    const outbox = new TeamOutbox(db, team.name, 'charge');
    const audit = new AuditRepository(db);
    const journal = new OutboxedChargeJournal(new PgChargeJournal(team, { desk: deskNamed(name), own: audit }), outbox);
    const charges = chargeServiceOn(db, client, { journal, audit, operator: name, osUser: name, ...parts });
    return {
      db,
      team,
      outbox,
      journal,
      audit,
      charges,
      close() {
        journal.close();
        db.close();
      },
    };
  };

  it('the same customer and amount from both desks at once, no reference: charged once', async () => {
    const c = await card();
    const outcomes = await Promise.all([a.charge(c), b.charge(c)]);
    // The second, depending on when it got the card's lock: refused while the first was open, or asked to confirm once it was paid.
    const second = outcomes.find((o) => o.kind !== 'paid');
    expect(outcomes.filter((o) => o.kind === 'paid')).toHaveLength(1);
    expect(second?.kind === 'refused' ? second.reason : second?.kind === 'needsConfirmation' ? second.why : second?.kind).toSatisfy(
      (r: unknown) => r === 'sameLately' || (r as { code?: string }).code === 'charge.refused.notSettled',
    );
    expect(await paidFor(c.clientId)).toBe(1);
  });

  it('the same again from desk B after desk A was answered "paid": B is asked to confirm, naming A’s charge', async () => {
    const c = await card();
    const first = await a.charge(c);
    expect(first.kind).toBe('paid');
    const again = await b.charge(c);
    expect(again).toMatchObject({
      kind: 'needsConfirmation',
      why: 'sameLately',
      earlier: [{ operator: 'FIN-1', desk: 'FIN-1', state: 'PAID' }],
    });
    expect(await paidFor(c.clientId)).toBe(1);
  });

  it('the same reference from both desks: charged once, and the other desk refused in words before the gateway is asked', async () => {
    const c = await card();
    const reference = `CASE-${uniqueNumber('ref')}`;
    const before = (await control(sb, 'GET', '/requests')).requests.length as number;
    const outcomes = await Promise.all([a.charge({ ...c, reference }), b.charge({ ...c, reference })]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['paid', 'refused']);
    // Refused by the guard: either the card's charge still open, or the reference used, never the gateway's "duplicated".
    expect(outcomes.find((o) => o.kind === 'refused')).toMatchObject({
      reason: { code: expect.stringMatching(/^charge\.refused\.(notSettled|referenceUsed)$/) },
    });
    expect(outcomes.some((o) => o.kind === 'failed')).toBe(false);
    expect(await paidFor(c.clientId)).toBe(1);
    expect((await control(sb, 'GET', '/requests')).requests.length - before).toBeGreaterThan(0);
  });

  it('what desk A charged is in desk B’s journal at once', async () => {
    const c = await card();
    const paid = await a.charge(c);
    expect(paid.kind).toBe('paid');
    const seen = await b.journal.list({ environment: 'sandbox', text: c.clientId });
    expect(seen).toEqual([expect.objectContaining({ operator: 'FIN-1', state: 'PAID', clientId: c.clientId, amount: 25_000 })]);
  });

  it('the team database stopped mid-charge and started again: charged once, the answer kept in the outbox and then written', async () => {
    const c = await card();
    let stopped: Promise<void> | undefined;
    const {
      outbox,
      journal,
      charges: desk3,
      close,
    } = outboxedDesk('FIN-3', {
      // The payment request is on its way (its answer held back a moment by the gateway) when the database dies.
      onStep: (step) => {
        if (step === 'paymentSent') stopped ??= cluster.stop('immediate');
      },
    });
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/recurrentPayment.do', mode: 'latency', latencyMs: 1_500 }] });
    try {
      const outcome = await desk3.charge(c);
      await stopped;
      expect(outcome).toMatchObject({ kind: 'paid', charge: { state: 'PAID', operator: 'FIN-3' } });
      expect(outbox.size).toBe(1);
      // Meanwhile no desk charges anything: there is no journal to write it in.
      await expect(b.charge({ ...c, amount: 100 })).rejects.toMatchObject({ problem: 'unreachable' });
    } finally {
      await stopped;
      await cluster.start();
    }
    // Back: the card's row was open for every desk until the outbox was written; then it is PAID, and nothing was lost.
    expect((await b.journal.open('sandbox')).map((r) => r.clientId)).toEqual([c.clientId]);
    await journal.flush();
    expect(outbox.size).toBe(0);
    expect(await b.journal.list({ text: c.clientId })).toEqual([
      expect.objectContaining({ state: 'PAID', operator: 'FIN-3', desk: 'FIN-3' }),
    ]);
    expect(await paidFor(c.clientId)).toBe(1);
    close();
  });

  /** The last hour's reconciliation on a desk, against what its file knows of the gateway's orders (nothing synced). */
  const periodOf = ({ db, team, journal }: ReturnType<typeof outboxedDesk>) =>
    reconcilePeriod(
      { journal, operations: new PgOperationJournal(team, { desk: deskNamed('FIN-PERIOD') }), orders: new PeriodOrders(db) },
      'sandbox',
      {
        from: Date.now() - 3_600_000,
        to: Date.now() + 60_000,
      },
    );

  it('a charge whose answer was lost, reconciled on one desk as the team database dies: reported paid from the kept answer, then written', async () => {
    const c = await card();
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/recurrentPayment.do', mode: 'lost' }] });
    const lost = await a.charge(c);
    expect(lost).toMatchObject({ kind: 'unknown', charge: { state: 'UNKNOWN' } });
    const { id, orderNumber } = (lost as { charge: ChargeRow }).charge;
    // Another desk, just opened (it has read nothing of this charge), reconciles it from the journal screen.
    const desk4 = outboxedDesk('FIN-4');
    // The gateway holds the status request back, and the database dies while the desk waits for the answer.
    const { rules } = await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 1_500 }],
    });
    let stopped: Promise<void> | undefined;
    try {
      const reconciled = desk4.charges.reconcile({ id });
      await faultSeen(sb, rules[0].id);
      stopped = cluster.stop('immediate');
      await stopped;
      expect(await reconciled).toMatchObject({ kind: 'paid', charge: { id, orderNumber, state: 'PAID' } });
      expect(desk4.outbox.size).toBe(1);
      // Its entry is kept with the answer, to be written with it to the team, and is in the desk's own log at once.
      expect(desk4.audit.query({ action: 'charge' })).toEqual([expect.objectContaining({ outcome: 'success', objectId: orderNumber })]);
      // The period's reconciliation reads the team's journal: while it is away, it says so rather than show the charge open.
      await expect(periodOf(desk4)).rejects.toMatchObject({ problem: 'unreachable' });
    } finally {
      await stopped;
      await cluster.start();
    }
    // Back: the kept answer is written before anything is read, so the period's reconciliation has the charge paid.
    expect((await periodOf(desk4)).rows.find((r) => r.orderNumber === orderNumber)?.journal).toMatchObject({ state: 'PAID' });
    expect(desk4.outbox.size).toBe(0);
    expect(await b.journal.get(id)).toMatchObject({ state: 'PAID', orderNumber });
    const { rows } = await desk4.team.pool.query(
      "SELECT desk, os_user, detail FROM team_audit WHERE action = 'charge' AND outcome = 'success' AND object_id = $1",
      [orderNumber],
    );
    expect(rows).toEqual([{ desk: 'FIN-4', os_user: 'FIN-4', detail: expect.stringMatching(/^PAID /) }]);
    // One entry, in each log: the team's writes of it and the desk's copy are the same entry by its key.
    expect(desk4.audit.query({ action: 'charge' })).toHaveLength(1);
    expect(await paidFor(c.clientId)).toBe(1);
    desk4.close();
  });

  it('reconciling all as the team database dies after the first answer: that answer is told, the rest stay open for the next run', async () => {
    const [c1, c2] = [await card(), await card()];
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/recurrentPayment.do', mode: 'lost', count: 2 }] });
    const lost = [await a.charge(c1), await a.charge(c2)].map((o) => (o as { charge: ChargeRow }).charge);
    expect(lost.map((r) => r.state)).toEqual(['UNKNOWN', 'UNKNOWN']);
    const desk5 = outboxedDesk('FIN-5');
    const { rules } = await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 1_500, count: 1 }],
    });
    let stopped: Promise<void> | undefined;
    try {
      const reconciled = desk5.charges.reconcileAll();
      await faultSeen(sb, rules[0].id);
      stopped = cluster.stop('immediate');
      await stopped;
      const told = await reconciled;
      expect(told).toEqual([expect.objectContaining({ kind: 'paid' })]);
      expect(desk5.outbox.size).toBe(1);
    } finally {
      await stopped;
      await cluster.start();
    }
    // The next run settles the other; each customer charged once.
    await desk5.charges.reconcileAll();
    for (const r of lost) expect(await b.journal.get(r.id)).toMatchObject({ state: 'PAID' });
    expect([await paidFor(c1.clientId), await paidFor(c2.clientId)]).toEqual([1, 1]);
    desk5.close();
  });

  it('desk A killed mid-payment leaves the card blocked for every desk until its claim lapses; then exactly one desk reconciles it, once', async () => {
    const c = await card();
    const reference = `CASE-${uniqueNumber('killed')}`;
    // The gateway holds the payment long enough for desk A to die while it waits for the answer.
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/recurrentPayment.do', mode: 'latency', latencyMs: 500 }] });
    const exit = await new Promise<string | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/services/charge-child.ts'], {
        env: {
          ...process.env,
          SANDBOX_URL: sb.url,
          DB_FILE: join(dir, 'killed-desk.sqlite'),
          TEAM_DATABASE_URL: url,
          DESK: 'FIN-KILLED',
          CLAIM_TTL_MS: '1500',
          KILL_AT: 'paymentSent',
          KILL_DELAY_MS: '100',
          BINDING_ID: c.bindingId,
          CLIENT_ID: c.clientId,
          CATEGORY: 'RECURRENT',
          REFERENCE: reference,
        },
        stdio: 'ignore',
      });
      child.on('exit', (_code, signal) => resolve(signal));
    });
    expect(exit).toBe('SIGKILL');
    // While its claim holds: open for every desk, reconciled by none, and the card refused.
    expect(await a.reconcileAll()).toEqual([]);
    expect(await a.charge(c)).toMatchObject({ kind: 'refused', reason: { code: 'charge.refused.notSettled' } });
    const [open] = await b.journal.open('sandbox');
    expect(open).toMatchObject({ orderNumber: reference, state: 'PENDING', desk: 'FIN-KILLED', claim: { elsewhere: 'FIN-KILLED' } });
    // Every screen of desk B says who has it, and counts it as on its way rather than unknown.
    expect(b.sender(open!)).toEqual({ desk: 'other', name: 'FIN-KILLED' });
    expect(chargeView(open!, b.sender(open!))).toMatchObject({
      sending: true,
      stateWords: { code: 'charge.state.sendingElsewhere', params: { desk: 'FIN-KILLED' } },
    });
    // Lapsed: two desks reconciling at once, and one of them settles it, from the gateway's answer.
    await new Promise((r) => setTimeout(r, 1_600));
    expect(b.sender(open!)).toBeUndefined();
    expect(chargeView(open!, b.sender(open!))).toMatchObject({ sending: false, stateWords: { code: 'charge.state.stopped' } });
    const [byA, byB] = await Promise.all([a.reconcileAll(), b.reconcileAll()]);
    expect([byA.length, byB.length].sort()).toEqual([0, 1]);
    expect([...byA, ...byB]).toEqual([
      expect.objectContaining({ kind: 'paid', charge: expect.objectContaining({ orderNumber: reference }) }),
    ]);
    expect(await paidFor(c.clientId)).toBe(1);
    expect(await b.journal.open('sandbox')).toEqual([]);
  });
});
