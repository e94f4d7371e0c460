/**
 * The reconciliation covers every operation the app journalled, not only its own charges: storefront
 * orders registered and paid through the sandbox over HTTP, then captured, refunded and reversed by the
 * app's operations service, and the period synced from the sandbox into a real SQLite file. Each order is
 * listed once with its class, and each class's totals are what moved on its orders, counted here from the
 * operations the test applied (not by the app's rule).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { type OrderList } from '../../main/services/orderList.js';
import type { ReconciliationRun } from '../../main/services/periodViews.js';
import { reconciliationCsv, type Reconciliation } from '../../main/services/reconciliation.js';
import { AUTH, CARDS, control, payCard, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { ENGINES } from '../store/journalEngines.js';
import { operationsOfFile } from './operationsOfFile.js';
import { orderListOn } from './orderListOn.js';

const DAY = 86_400_000;
// The sandbox's clock at the real time: on the team's database the journal's times are the server's clock.
const T0 = Date.now();
/** The period reconciled: the day around T0, which yesterday's order is not in. */
const period = { from: T0 - DAY / 2, to: T0 + DAY / 2 };
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH, language: 'en', timeoutMs: 2_000 }));
const now = () => sb.core.clock.now();

const PREAUTH = '/payment/rest/registerPreAuth.do';

/** A storefront's order (its own number), paid by card at the gateway: the app never charged it. */
async function storefront(amount: number, currency = '643', path?: string): Promise<string> {
  const orderId = await register(sb, { amount, currency, orderNumber: `WEB-${Math.random().toString(36).slice(2, 12)}` }, path);
  const paid = await payCard(sb, orderId, CARDS.noThreeDS);
  if (paid.errorCode !== 0) throw new Error(`not paid: ${JSON.stringify(paid)}`);
  return orderId;
}

afterAll(async () => {
  await control(sb, 'DELETE', '/faults').catch(() => undefined);
});

// The same report whether the operations journal is the desk's own file or the team's database. Each block
// sets the sandbox's clock itself; an earlier block's orders are in its period too, untouched by this desk.
for (const engine of ENGINES)
  engine.describe(`the reconciliation of the operations the app sent on a storefront’s orders (${engine.name})`, () => {
    const desk = operationsOfFile('reconcile-operations-', client, { now }, engine);
    let list: OrderList;
    const id = {} as Record<
      'yesterday' | 'refunded' | 'captured' | 'reversed' | 'refundedAll' | 'behind' | 'believed' | 'lost' | 'refused' | 'untouched',
      string
    >;
    let run: ReconciliationRun;
    const row = (orderId: string) => run.reconciliation.rows.filter((r) => r.orderId === orderId);

    beforeAll(async () => {
      await control(sb, 'POST', '/clock', { setEpochMs: T0 });
      list = orderListOn(desk.db, client, now, { operations: desk.journal, audit: desk.audit });
      // Yesterday's storefront order, refunded by the app today: the sync of the period does not read it.
      await control(sb, 'POST', '/clock', { setEpochMs: T0 - DAY });
      id.yesterday = await storefront(4_000);
      await control(sb, 'POST', '/clock', { setEpochMs: T0 });

      id.refunded = await storefront(10_000);
      expect((await desk.ops.refund(id.refunded, 300)).kind).toBe('done');
      id.captured = await storefront(800, '643', PREAUTH);
      expect((await desk.ops.deposit(id.captured, 600)).kind).toBe('done');
      id.reversed = await storefront(2_500, '840', PREAUTH);
      expect((await desk.ops.reverse(id.reversed)).kind).toBe('done');
      id.refundedAll = await storefront(1_900, '840');
      expect((await desk.ops.refund(id.refundedAll, 1_900)).kind).toBe('done');
      // The app refunded 200, and someone refunded 100 more at the gateway behind its back.
      id.behind = await storefront(5_000);
      expect((await desk.ops.refund(id.behind, 200)).kind).toBe('done');
      await control(sb, 'POST', `/orders/${id.behind}/actions`, { action: 'refund', amount: 100 });
      // The journal says a refund of 700 was done; the gateway never refunded anything.
      id.believed = await storefront(7_000);
      const begun = await desk.journal.begin(
        { environment: 'sandbox', orderId: id.believed, kind: 'refund', amount: 700, operator: 'finance@desk', at: sb.core.clock.now() },
        () => undefined,
      );
      if (begun.kind !== 'journalled') throw new Error('refused');
      await desk.journal.settle(begun.operation.id, 'DONE', sb.core.clock.now());
      // A refund whose answer was lost: the journal does not know yet.
      id.lost = await storefront(3_000);
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
      expect((await desk.ops.refund(id.lost, 1_000)).kind).toBe('unknown');
      await control(sb, 'DELETE', '/faults');
      // A refund the gateway refused moved nothing, and the gateway shows nothing moved.
      id.refused = await storefront(900);
      expect((await desk.ops.refund(id.refused, 90_000)).kind).toBe('refused');
      expect((await desk.ops.refund(id.yesterday, 4_000)).kind).toBe('done');
      // Paid today but never touched by the app: none of the report's business.
      id.untouched = await storefront(1_234);

      await control(sb, 'POST', '/clock', { advanceMs: 60_000 });
      run = await list.reconcile(period);
      expect(run.sync).toBe('done');
    }, 60_000);

    it('lists each order the app operated on once, with the class of what the gateway shows against the journal', () => {
      const classes = Object.fromEntries(Object.entries(id).map(([name, orderId]) => [name, row(orderId).map((r) => r.class)]));
      expect(classes).toEqual({
        yesterday: ['open'],
        refunded: ['matched'],
        captured: ['matched'],
        reversed: ['matched'],
        refundedAll: ['matched'],
        behind: ['disagrees'],
        believed: ['disagrees'],
        lost: ['open'],
        refused: ['matched'],
        untouched: [],
      });
      expect(row(id.refunded)[0]).toMatchObject({
        orderNumber: expect.stringMatching(/^WEB-/),
        journal: { source: 'operations', refunded: 300, done: 1, openOperations: 0, operator: 'finance@desk' },
        gateway: { status: 2, refunded: 300 },
        differences: [],
      });
      expect(row(id.captured)[0]?.journal).toMatchObject({ source: 'operations', captured: 600, refunded: 0 });
      expect(row(id.reversed)[0]?.journal).toMatchObject({ source: 'operations', reversed: true });
      expect(row(id.behind)[0]?.differences).toEqual([{ kind: 'refunded', expected: 200, actual: 300 }]);
      expect(row(id.believed)[0]?.differences).toEqual([{ kind: 'refunded', expected: 700, actual: 0 }]);
      expect(row(id.lost)[0]?.journal).toMatchObject({ openOperations: 1 });
      expect(row(id.refused)[0]?.journal).toMatchObject({ done: 0, refused: 1 });
      // The order the sync did not read has no gateway side to compare yet, and no number the app knows.
      expect(row(id.yesterday)[0]).toMatchObject({ orderId: id.yesterday, journal: { refunded: 4_000 }, differences: [] });
      expect(row(id.yesterday)[0]?.gateway).toBeUndefined();
    });

    it('totals each class: its orders and, per currency, what was held, captured and refunded on them', () => {
      const r: Reconciliation = run.reconciliation;
      expect(r.totals.matched).toEqual({
        count: 5,
        amounts: [
          // refunded: 10,000 captured, 300 back; captured: 600 of an 800 hold; refused: 900 captured.
          { currency: '643', held: 0, captured: 10_000 + 600 + 900, refunded: 300 },
          // reversed: nothing moved; refundedAll: 1,900 captured and all of it back.
          { currency: '840', held: 0, captured: 1_900, refunded: 1_900 },
        ],
      });
      expect(r.totals.disagrees).toEqual({
        count: 2,
        amounts: [{ currency: '643', held: 0, captured: 5_000 + 7_000, refunded: 300 }],
      });
      // The lost refund's order as the gateway shows it (refunded: the answer, not the refund, was lost); the unread one has no figures.
      expect(r.totals.open).toEqual({ count: 2, amounts: [{ currency: '643', held: 0, captured: 3_000, refunded: 1_000 }] });
    });

    it('exports the operations rows with what the app did and what moved at the gateway', () => {
      const lines = parse(reconciliationCsv(run.reconciliation), { columns: true }) as Record<string, string>[];
      expect(lines.find((l) => l.orderId === id.captured)).toMatchObject({
        class: 'matched',
        journal: 'operations',
        journalState: '',
        journalCaptured: '600',
        journalRefunded: '0',
        gatewayStatus: '2',
        gatewayAmount: '800',
        gatewayCaptured: '600',
        gatewayRefunded: '0',
      });
      expect(lines.find((l) => l.orderId === id.believed)).toMatchObject({
        class: 'disagrees',
        differences: 'refunded:700>0',
        journalRefunded: '700',
        gatewayRefunded: '0',
      });
    });
  });
