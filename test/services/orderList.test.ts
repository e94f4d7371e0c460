/**
 * The Orders list service against the sandbox over HTTP and a real SQLite file: the totals agree with the
 * sandbox's own record of its orders, the CSV is the list row for row (formula-safe), and the
 * reconciliation finds a charge refunded at the gateway behind the app's back, audited.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { type OrderList } from '../../main/services/orderList.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { beginUnguarded } from '../store/unguarded.js';
import { AUTH, CARDS, control, payCard, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { orderListOn } from './orderListOn.js';
import { listed } from './listedView.js';

const dir = mkdtempSync(join(tmpdir(), 'order-list-'));
const T0 = Date.UTC(2026, 10, 2, 8);
const DAY = 86_400_000;
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH }));
let db: Db;
let list: OrderList;
let journal: ChargeJournal;
let audit: AuditRepository;
const appNumber = (i: number) => `BO-20261102-${i.toString(16).padStart(16, '0')}`;

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: T0 });
  const currencies = ['643', '840', '978'];
  for (let i = 0; i < 36; i++) {
    const orderId = await register(sb, {
      amount: 1000 + i * 10,
      currency: currencies[i % 3],
      orderNumber: i < 5 ? appNumber(i) : `WEB-${i}`,
      description: i === 5 ? '=HYPERLINK("http://evil.example")' : `Order ${i}`,
    });
    if (i % 2 === 0) await payCard(sb, orderId, i % 4 === 0 ? CARDS.noThreeDS : CARDS.declined);
    if (i % 12 === 0) await control(sb, 'POST', '/clock', { advanceMs: DAY / 4 });
  }
  await control(sb, 'POST', '/clock', { advanceMs: DAY });
  db = openDatabase(join(dir, 'app.sqlite'));
  journal = new SqliteChargeJournal(db);
  audit = new AuditRepository(db);
  list = orderListOn(db, client, () => sb.core.clock.now(), { journal, audit });
}, 60_000);
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const period = { from: T0 - 1000, to: T0 + 3 * DAY };
const everything = { from: 0, to: T0 + 30 * DAY };

describe('the Orders list of a period', () => {
  it('shows after a sync what the gateway holds, with totals per state and currency that match its own record', async () => {
    // Two windows asking at once: one sync runs after the other, and nothing is kept twice.
    const before = sb.core.clock.now();
    const [a, b] = await Promise.all([list.syncPeriod(period), list.syncPeriod(period)]);
    expect([a.state, b.state]).toEqual(['done', 'done']);
    const view = listed(await list.view(period, { limit: 10 }, 180));
    expect(view.total).toBe(36);
    expect(view.orders).toHaveLength(10);
    expect(view.syncedAt).toBeGreaterThanOrEqual(before);
    expect(view.syncedAt).toBeLessThanOrEqual(sb.core.clock.now());
    expect(view.syncing).toBe(false);

    const { orders } = await control(sb, 'GET', '/orders?limit=1000');
    // Paid in one step: what was captured is the order's amount; the declined and the unpaid moved nothing.
    const expected = new Map<string, { count: number; captured: number }>();
    for (const o of orders as { status: number; currency: string; amount: number }[]) {
      const key = `${o.status}/${o.currency}`;
      const t = expected.get(key) ?? { count: 0, captured: 0 };
      expected.set(key, { count: t.count + 1, captured: t.captured + (o.status === 2 ? o.amount : 0) });
    }
    expect(new Map(view.totals.map((t) => [`${t.status}/${t.currency}`, { count: t.count, captured: t.captured }]))).toEqual(expected);
    expect(view.perDay.reduce((n, d) => n + d.count, 0)).toBe(36);
  });

  it('exports exactly the rows the filters show, in their order, with a formula written as text', async () => {
    const query = { ...everything, statuses: [0, 6] as const };
    const shown = listed(await list.view({ ...query, statuses: [...query.statuses] }, { limit: 1000, sort: 'amountDesc' }, 0)).orders;
    const { csv, rows } = await list.exportCsv({ ...query, statuses: [...query.statuses] }, 'amountDesc');
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toBe(shown.length);
    expect(parsed.map((r) => r.orderId)).toEqual(shown.map((o) => o.orderId));
    expect(parsed.map((r) => Number(r.amount))).toEqual(shown.map((o) => o.amount));
    expect(parsed.find((r) => r.orderNumber === 'WEB-5')?.description).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('reconciles the journal with the period: a charge refunded behind the app’s back, an app order the journal lacks; audited', async () => {
    const paid = (await control(sb, 'GET', '/orders?limit=1000')).orders as {
      orderId: string;
      orderNumber: string;
      amount: number;
      status: number;
    }[];
    const charged = paid.find((o) => o.orderNumber === appNumber(0))!;
    expect(charged.status).toBe(2);
    const c = await beginUnguarded(journal, {
      environment: 'sandbox',
      orderNumber: charged.orderNumber,
      amount: charged.amount,
      currency: '643',
      bindingId: 'b',
      clientId: 'c',
      category: 'COMMON',
      operator: 'finance@desk',
      at: T0,
    });
    await journal.settle(c.id, { state: 'PAID', orderId: charged.orderId, orderStatus: 2, at: T0 + 1 });
    await client.refund({ orderId: charged.orderId, amount: charged.amount });

    const run = await list.reconcile(period);
    expect(run.sync).toBe('done');
    const rows = run.reconciliation.rows;
    expect(rows.find((r) => r.orderNumber === charged.orderNumber)).toMatchObject({
      class: 'disagrees',
      differences: [
        { kind: 'status', actual: 4 },
        { kind: 'refunded', expected: 0, actual: charged.amount },
      ],
    });
    // appNumber(4) was paid at the gateway and the journal never wrote it; 1 and 3 were never paid, 2 declined.
    expect(rows.filter((r) => r.class === 'notInJournal').map((r) => r.orderNumber)).toEqual([appNumber(4)]);
    const [entry] = audit.query({ action: 'reconciliation.run' });
    expect(entry).toMatchObject({ outcome: 'success', osUser: 'finance@desk', facts: { disagrees: 1, notInJournal: 1, sync: 'done' } });
  });
});

describe('the Orders list just after start, over a large copy', () => {
  const largeOrder = (i: number) => ({
    orderId: `large-${i}`,
    orderNumber: `LARGE-${i}`,
    status: 2 as const,
    amount: 100,
    held: 0,
    captured: 100,
    refunded: 0,
    currency: '643',
    registeredAt: T0 - (i % 90) * DAY,
  });

  it('answers at once while the copy is read, says how far it has got, then lists all of it', async () => {
    const large = openDatabase(join(dir, 'large.sqlite'));
    try {
      const n = 100_000;
      new PeriodOrders(large).putMany(
        'sandbox',
        Array.from({ length: n }, (_, i) => largeOrder(i)),
        T0,
      );
      const fresh = orderListOn(large, client, () => T0);
      const ninetyDays = { from: T0 - 90 * DAY, to: T0 + DAY };
      const first = await fresh.view(ninetyDays, { limit: 10 }, 0);
      // A hundred thousand orders take longer to read than the view waits: nothing counted, only how far.
      expect(first).toMatchObject({ preparing: { of: n }, syncing: false });
      expect(first.preparing!.read).toBeLessThan(n);
      let view = first;
      for (let read = 0; view.preparing; view = await fresh.view(ninetyDays, { limit: 10 }, 0)) {
        expect(view.preparing.read).toBeGreaterThanOrEqual(read);
        read = view.preparing.read;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(listed(view)).toMatchObject({ total: n, totals: [{ status: 2, currency: '643', count: n, captured: 100 * n }] });
      // Loaded, it reads what a sync (another connection, as the page keeper's worker) wrote since, however much,
      // and lists it: "preparing" is only ever said of the first load.
      const writer = openDatabase(join(dir, 'large.sqlite'));
      try {
        for (let p = 0; p < 100; p++)
          new PeriodOrders(writer).putMany(
            'sandbox',
            Array.from({ length: 1000 }, (_, i) => ({ ...largeOrder(i), orderId: `later-${p}-${i}`, orderNumber: `LATER-${p}-${i}` })),
            T0,
          );
      } finally {
        writer.close();
      }
      expect(listed(await fresh.view(ninetyDays, { limit: 10 }, 0))).toMatchObject({ total: 2 * n });
    } finally {
      large.close();
    }
  });
});
