/**
 * The reconciliation's classes against real SQLite stores: the charge and operations journals as the app
 * writes them, the gateway's orders as a sync keeps them. (The Playwright test runs it end to end against
 * the sandbox.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reconcile, reconciliationCsv } from '../../main/services/reconciliation.js';
import { openDatabase } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { PeriodOrders, type PeriodOrder } from '../../main/store/periodOrders.js';
import { beginUnguarded } from '../store/unguarded.js';

const dir = mkdtempSync(join(tmpdir(), 'reconciliation-'));
const db = openDatabase(join(dir, 'app.sqlite'));
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
const journal = new SqliteChargeJournal(db);
const operations = new SqliteOperationJournal(db);
const orders = new PeriodOrders(db);

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 20, 9);
const period = { from: Date.UTC(2026, 10, 20), to: Date.UTC(2026, 10, 21) };
let n = 0;
const number = () => `BO-20261120-${(++n).toString(16).padStart(16, '0')}`;
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A charge journalled and settled as the charge service does it. */
async function charge(state: 'PAID' | 'DECLINED' | 'PENDING', amount: number, at = T) {
  const c = await beginUnguarded(journal, {
    environment: 'sandbox',
    orderNumber: number(),
    amount,
    currency: '643',
    bindingId: `bnd-${n}`,
    clientId: 'client-1',
    category: 'COMMON',
    operator: 'finance@desk',
    at,
  });
  const orderId = uuid(c.id);
  if (state !== 'PENDING') await journal.settle(c.id, { state, orderId, orderStatus: state === 'PAID' ? 2 : 6, at: at + 1000 });
  return { ...c, orderId };
}

function atGateway(c: { orderNumber: string; orderId: string; amount: number }, o: Partial<PeriodOrder> = {}): void {
  orders.putMany(
    'sandbox',
    [
      {
        orderId: c.orderId,
        orderNumber: c.orderNumber,
        status: 2,
        amount: c.amount,
        held: 0,
        captured: c.amount,
        refunded: 0,
        currency: '643',
        registeredAt: T + 500,
        ...o,
      },
    ],
    T + DAY,
  );
}

const classOf = async (orderNumber: string) =>
  (await reconcile({ journal, operations, orders }, 'sandbox', period)).rows.find((r) => r.orderNumber === orderNumber);

describe('reconciling the journal with the gateway', () => {
  it('matches a paid charge the gateway shows charged, and one refunded by the app that the gateway shows refunded', async () => {
    const paid = await charge('PAID', 1500);
    atGateway(paid);
    expect(await classOf(paid.orderNumber)).toMatchObject({ class: 'matched', differences: [] });

    const refunded = await charge('PAID', 2000);
    const op = await operations.begin(
      { environment: 'sandbox', orderId: refunded.orderId, kind: 'refund', amount: 2000, operator: 'f', at: T + 2000 },
      () => undefined,
    );
    if (op.kind !== 'journalled') throw new Error('refused');
    await operations.settle(op.operation.id, 'DONE', T + 3000);
    atGateway(refunded, { status: 4, refunded: 2000 });
    expect(await classOf(refunded.orderNumber)).toMatchObject({ class: 'matched', journal: { refunded: 2000 } });
  });

  it('counts a hold the gateway reversed in part at what is still held, on the row and in its CSV', async () => {
    const held = await charge('PAID', 800);
    // RUB 8.00 held, RUB 3.00 of it released: the sync kept what still moved, as orderMoney counted it.
    atGateway(held, { status: 1, held: 500, captured: 0 });
    const { rows, totals } = await reconcile({ journal, operations, orders }, 'sandbox', period);
    const row = rows.find((r) => r.orderNumber === held.orderNumber)!;
    expect(row.gateway).toMatchObject({ status: 1, amount: 800, held: 500, captured: 0, refunded: 0 });
    expect(totals[row.class].amounts.find((a) => a.currency === '643')?.held).toBeGreaterThanOrEqual(500);
    const csv = reconciliationCsv({ ...(await reconcile({ journal, operations, orders }, 'sandbox', period)), rows: [row] });
    const [header, line] = csv.trim().split(/\r?\n/);
    const column = (name: string) => line!.split(',')[header!.split(',').indexOf(name)];
    expect(column('gatewayHeld')).toBe('500');
    expect(column('gatewayAmount')).toBe('800');
  });

  it('finds a charge refunded at the gateway behind the app’s back, and one whose amount differs', async () => {
    const behind = await charge('PAID', 3000);
    atGateway(behind, { status: 4, refunded: 3000 });
    expect(await classOf(behind.orderNumber)).toMatchObject({
      class: 'disagrees',
      differences: [
        { kind: 'status', expected: [1, 2], actual: 4 },
        { kind: 'refunded', expected: 0, actual: 3000 },
      ],
    });
    const amount = await charge('PAID', 4000);
    atGateway(amount, { amount: 400 });
    expect(await classOf(amount.orderNumber)).toMatchObject({
      class: 'disagrees',
      differences: [{ kind: 'amount', expected: 4000, actual: 400 }],
    });
  });

  it('says when a paid charge is not among the gateway’s orders, and when a declined one was paid after all', async () => {
    const missing = await charge('PAID', 5000);
    expect(await classOf(missing.orderNumber)).toMatchObject({ class: 'disagrees', differences: [{ kind: 'notAtGateway' }] });
    const declined = await charge('DECLINED', 600);
    atGateway(declined, { status: 2 });
    expect(await classOf(declined.orderNumber)).toMatchObject({
      class: 'disagrees',
      differences: [{ kind: 'status', expected: [0, 3, 6], actual: 2 }],
    });
  });

  it('lists an app-numbered paid order of the period the journal never wrote, but not someone else’s numbers', async () => {
    const lost = { orderNumber: number(), orderId: uuid(9001), amount: 7000 };
    atGateway(lost);
    atGateway({ orderNumber: 'WEB-42', orderId: uuid(9002), amount: 100 });
    atGateway({ orderNumber: 'BO-not-ours', orderId: uuid(9003), amount: 100 });
    const result = await reconcile({ journal, operations, orders }, 'sandbox', period);
    expect(result.rows.filter((r) => r.class === 'notInJournal').map((r) => r.orderNumber)).toEqual([lost.orderNumber]);
  });

  it('keeps charges and operations without an outcome open, and totals each class per currency', async () => {
    const pending = await charge('PENDING', 800);
    const paid = await charge('PAID', 900);
    atGateway(paid);
    await operations.begin(
      { environment: 'sandbox', orderId: paid.orderId, kind: 'refund', amount: 100, operator: 'f', at: T + 5000 },
      () => undefined,
    );
    expect((await classOf(pending.orderNumber))?.class).toBe('open');
    expect((await classOf(paid.orderNumber))?.class).toBe('open');
    // Outside the period: not in this reconciliation.
    const yesterday = await charge('PAID', 100, T - DAY);
    expect(await classOf(yesterday.orderNumber)).toBeUndefined();

    const { totals, rows } = await reconcile({ journal, operations, orders }, 'sandbox', period);
    for (const cls of ['matched', 'disagrees', 'notInJournal', 'open'] as const) {
      const mine = rows.filter((r) => r.class === cls);
      expect(totals[cls].count).toBe(mine.length);
      // What moved, as the gateway's orders the test kept say (held, charged, refunded), else as a paid charge's journal says.
      const moved = mine.map((r) => {
        const g = r.gateway;
        if (g) return { held: g.held, captured: g.captured, refunded: g.refunded };
        const j = r.journal?.source === 'charge' && r.journal.state === 'PAID' ? r.journal : undefined;
        return { held: 0, captured: j?.amount ?? 0, refunded: j?.refunded ?? 0 };
      });
      const sum = (k: 'held' | 'captured' | 'refunded') => moved.reduce((s, m) => s + m[k], 0);
      expect(totals[cls].amounts).toEqual(
        mine.some((r) => r.gateway || (r.journal?.source === 'charge' && r.journal.state === 'PAID'))
          ? [{ currency: '643', held: sum('held'), captured: sum('captured'), refunded: sum('refunded') }]
          : [],
      );
    }
    expect(totals.open.count).toBe(2);
  });

  it('lists a refund made in the period on a charge of before, held against that charge', async () => {
    const earlier = await charge('PAID', 2_400, T - DAY);
    atGateway(earlier, { registeredAt: T - DAY + 500, status: 4, refunded: 2_400 });
    expect(await classOf(earlier.orderNumber)).toBeUndefined();
    const op = await operations.begin(
      { environment: 'sandbox', orderId: earlier.orderId, kind: 'refund', amount: 2_400, operator: 'f', at: T + 6000 },
      () => undefined,
    );
    if (op.kind !== 'journalled') throw new Error('refused');
    await operations.settle(op.operation.id, 'DONE', T + 7000);
    expect(await classOf(earlier.orderNumber)).toMatchObject({
      class: 'matched',
      orderId: earlier.orderId,
      journal: { source: 'charge', chargeId: earlier.id, refunded: 2_400 },
      gateway: { status: 4 },
    });
  });
});
