/**
 * The Orders list's reading of getLastOrdersForMerchants.do (gateway/responses.ts listedOrder and
 * services/listedOrder.ts), against the sandbox's demo data over HTTP: every order's row says what the
 * full order view says of the same order; and a gateway whose page breaks what the list's table takes
 * fails the sync naming the field, keeps nothing of that page, and the next sync goes on from it.
 */
import { cardholderName } from '../../main/domain/cardholderName.js';
import { orderMoney, type OrderMoney } from '../../main/domain/orderMoney.js';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { orderIdOf } from '../../main/gateway/responses.js';
import { formatDateTime14 } from '../../main/protocol/fields.js';
import { PAYMENT_STATES } from '../../main/protocol/requests/reports.js';
import { failureText } from '../../main/services/failureWords.js';
import { periodOrderOf } from '../../main/services/listedOrder.js';
import { orderView } from '../../main/services/orders.js';
import { lastOrdersSource, OrderSync } from '../../main/services/orderSync.js';
import type { PeriodOrder } from '../../main/services/periodViews.js';
import type { OrderView } from '../../main/services/views.js';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { AUTH } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'listed-order-'));
const sb = sandboxOfFile({ demo: true });
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH }));

beforeAll(async () => {}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** The demo data's whole span: the 90 days before the sandbox's now, and a day more either side. */
const demoWindow = () => ({ from: sb.core.clock.now() - 92 * DAY, to: sb.core.clock.now() + DAY });

const heldCapturedRefunded = ({ held, captured, refunded }: OrderMoney) => ({ held, captured, refunded });

/** The list's row as the order view tells the order: the reference the list's own reading must agree with. */
function rowOfView(view: OrderView): PeriodOrder {
  const digits = /^(\d{6})[\dX*]*?(\d{4})$/.exec(view.card?.maskedPan ?? '');
  const operated = [view.authorisedAt, ...view.refunds.map((r) => r.at)].filter((t): t is number => t !== undefined);
  return {
    orderId: view.orderId,
    orderNumber: view.orderNumber,
    status: view.status as PeriodOrder['status'],
    amount: view.amount,
    ...heldCapturedRefunded(
      orderMoney({
        status: view.status!,
        amount: view.amount,
        approvedAmount: view.approvedAmount,
        depositedAmount: view.depositedAmount,
        refundedAmount: view.refundedAmount,
      }),
    ),
    currency: view.currency,
    registeredAt: view.registeredAt!,
    ...(operated.length > 0 ? { operatedAt: Math.max(...operated) } : {}),
    ...(digits ? { first6: digits[1], last4: digits[2] } : {}),
    ...(view.card?.paymentSystem ? { paymentSystem: view.card.paymentSystem } : {}),
    ...(view.card?.cardholderName ? { cardholder: cardholderName(view.card.cardholderName) } : {}),
    ...(view.binding?.clientId ? { clientId: view.binding.clientId } : {}),
    ...(view.description ? { description: view.description } : {}),
    ...(view.actionCode !== undefined ? { actionCode: view.actionCode } : {}),
  };
}

describe("the list's reading of a page of orders", () => {
  it('gives every demo order the row its full order view gives it', async () => {
    const w = demoWindow();
    const query = (page: number) => ({
      from: formatDateTime14(w.from),
      to: formatDateTime14(w.to),
      transactionStates: PAYMENT_STATES.join(','),
      page,
      size: 200,
      searchByCreatedDate: true,
    });
    const rows: PeriodOrder[] = [];
    for (let page = 0; ; page++) {
      const [full, listed] = await Promise.all([client.getLastOrdersForMerchants(query(page)), client.getLastOrdersListed(query(page))]);
      expect(listed.totalCount).toBe(full.totalCount);
      expect(listed.orderStatuses).toHaveLength(full.orderStatuses.length);
      full.orderStatuses.forEach((status, i) => {
        const expected = rowOfView(orderView(status, orderIdOf(status)!));
        const row = periodOrderOf(listed.orderStatuses[i]!);
        expect(row).toEqual(expected);
        rows.push(row!);
      });
      if ((page + 1) * 200 >= full.totalCount) break;
    }
    // The demo data has every kind of order the mapping treats apart.
    expect(rows.length).toBeGreaterThan(1000);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(rows.some((r) => r.refunded > 0 && r.operatedAt !== undefined && r.operatedAt > r.registeredAt)).toBe(true);
    expect(rows.some((r) => r.clientId !== undefined)).toBe(true);
    expect(rows.some((r) => r.last4 === undefined)).toBe(true);
    expect(new Set(rows.map((r) => r.currency)).size).toBeGreaterThan(1);
  });
});

describe('a page the list cannot keep', () => {
  /**
   * A gateway in front of the sandbox that passes every request on and, on the third page asked for, gives
   * one order a currency by letters (the interface's codes are numeric).
   */
  async function tamperingGateway(): Promise<{ url: string; server: Server }> {
    let pages = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const answer = await fetch(`${sb.url}${req.url}`, {
            method: 'POST',
            headers: { 'content-type': req.headers['content-type'] ?? '' },
            body: Buffer.concat(chunks),
          });
          let text = await answer.text();
          if (req.url?.endsWith('getLastOrdersForMerchants.do') && pages++ === 2) {
            const body = JSON.parse(text) as { orderStatuses: { currency: string }[] };
            body.orderStatuses[3]!.currency = 'RUB';
            text = JSON.stringify(body);
          }
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        })();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
  }

  it('fails the sync naming the field, keeps the pages before it, and the next sync goes on from it', async () => {
    const gateway = await tamperingGateway();
    const tampered = new GatewayClient({ baseUrl: gateway.url, credentials: AUTH, retry: { attempts: 1 } });
    const db = openDatabase(join(dir, 'tampered.sqlite'));
    const orders = new PeriodOrders(db);
    const syncs = new OrderSyncs(db, orders);
    const syncWith = (c: GatewayClient) =>
      new OrderSync({ syncs, environment: 'sandbox', source: lastOrdersSource(c), pageSize: 100, now: () => sb.core.clock.now() });
    try {
      const window = demoWindow();
      const outcome = await syncWith(tampered).sync(window);
      expect(outcome.state).toBe('failed');
      const words = failureText((outcome as { error: unknown }).error);
      expect(words.detail).toContain('orderStatuses.3.currency');
      const [left] = syncs.unfinished('sandbox');
      expect(left).toMatchObject({ state: 'failed', nextPage: 2 });
      expect(orders.count('sandbox')).toBe(200);

      const again = await syncWith(client).sync(window);
      expect(again.state).toBe('done');
      expect(syncs.unfinished('sandbox')).toEqual([]);
      expect(orders.count('sandbox')).toBe(left!.total);
    } finally {
      await tampered.close();
      await new Promise((resolve) => gateway.server.close(resolve));
      db.close();
    }
  });
});
