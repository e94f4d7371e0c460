/**
 * The client's getLastOrdersForMerchants.do and its page iterator against the sandbox over HTTP: the
 * request checked before sending, the answer typed, "nothing found" an empty page, and the iterator
 * going page by page through the client's limiter until it has seen totalCount orders.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../main/gateway/errors.js';
import { lastOrderPages, type LastOrdersPage } from '../../main/gateway/lastOrders.js';
import { orderIdOf } from '../../main/gateway/responses.js';
import { formatDateTime14 } from '../../main/protocol/fields.js';
import { clientFor, control } from './setup.js';
import { sandboxOfFile } from '../sandbox/fixture.js';

const DAY = 24 * 3_600_000;
const ALL = 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED';

const sb = sandboxOfFile();
beforeEach(async () => {
  await control(sb, 'POST', '/reset');
});

async function window90() {
  const now = (await control(sb, 'GET', '/clock')).now as number;
  return { from: formatDateTime14(now - 90 * DAY), to: formatDateTime14(now + 60_000) };
}

async function collect(pages: AsyncIterable<LastOrdersPage>): Promise<LastOrdersPage[]> {
  const out: LastOrdersPage[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('getLastOrdersForMerchants.do in the client', () => {
  it('checks the request before sending: every broken rule listed, nothing sent', async () => {
    const sent: string[] = [];
    const client = clientFor(sb, { hooks: { onRequest: (e) => sent.push(e.endpoint) } });
    const w = await window90();
    const refused = await client
      .getLastOrdersForMerchants({ from: w.to, to: w.from, transactionStates: 'PAID', size: 500 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).violations.map((v) => v.path).sort()).toEqual(['size', 'transactionStates']);
    const backwards = await client.getLastOrdersForMerchants({ from: w.to, to: w.from, transactionStates: ALL }).catch((e: unknown) => e);
    expect((backwards as ValidationError).violations).toEqual([{ path: 'from', kind: 'wrong', rule: 'a time before to' }]);
    expect(sent).toEqual([]);
    await client.close();
  });

  it('answers typed orders, and "nothing found" as an empty page rather than an error', async () => {
    const client = clientFor(sb);
    const w = await window90();
    expect(await client.getLastOrdersForMerchants({ ...w, transactionStates: ALL })).toMatchObject({ totalCount: 0, orderStatuses: [] });
    await control(sb, 'POST', '/seed', { orders: 30 });
    const answer = await client.getLastOrdersForMerchants({ ...w, transactionStates: ALL, size: 10, page: 1 });
    expect(answer).toMatchObject({ totalCount: 30, page: 1, pageSize: 10 });
    expect(answer.orderStatuses).toHaveLength(10);
    for (const o of answer.orderStatuses) {
      expect(orderIdOf(o)).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof o.amount).toBe('number');
      expect(o.paymentAmountInfo?.paymentState).toMatch(/^(CREATED|APPROVED|DEPOSITED|DECLINED|REVERSED|REFUNDED)$/);
    }
    await client.close();
  });
});

describe('lastOrderPages', () => {
  it('goes page by page through the limiter and stops at totalCount', async () => {
    await control(sb, 'POST', '/seed', { orders: 450 });
    const client = clientFor(sb, { limits: { rps: 1000 } });
    const acquire = vi.spyOn(client.limiter, 'acquire');
    const query = { ...(await window90()), transactionStates: ALL, size: 200, searchByCreatedDate: true };
    const pages = await collect(lastOrderPages(client, query));
    expect(pages.map((p) => [p.page, p.totalCount, p.orders.length])).toEqual([
      [0, 450, 200],
      [1, 450, 200],
      [2, 450, 50],
    ]);
    expect(acquire).toHaveBeenCalledTimes(3);
    const ids = pages.flatMap((p) => p.orders.map((o) => orderIdOf(o)));
    expect(new Set(ids).size).toBe(450);
    const dates = pages.flatMap((p) => p.orders.map((o) => o.date!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await client.close();
  });

  it('stops after the one empty page when nothing is found, and asks for no page the caller does not take', async () => {
    const client = clientFor(sb);
    const acquire = vi.spyOn(client.limiter, 'acquire');
    const w = await window90();
    expect(await collect(lastOrderPages(client, { ...w, transactionStates: ALL }))).toEqual([{ page: 0, totalCount: 0, orders: [] }]);
    await control(sb, 'POST', '/seed', { orders: 50 });
    for await (const page of lastOrderPages(client, { ...w, transactionStates: ALL, size: 10 })) {
      expect(page.page).toBe(0);
      break;
    }
    expect(acquire).toHaveBeenCalledTimes(2);
    await client.close();
  });

  it("follows the gateway's 429s down through the limiter and still reads every page", async () => {
    await control(sb, 'POST', '/seed', { orders: 120 });
    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 2 });
    const client = clientFor(sb, { limits: { rps: 50 } });
    try {
      const pages = await collect(lastOrderPages(client, { ...(await window90()), transactionStates: ALL, size: 20 }));
      expect(pages).toHaveLength(6);
      expect(pages.reduce((n, p) => n + p.orders.length, 0)).toBe(120);
      expect(client.limiter.throttledCount).toBeGreaterThan(0);
      expect(client.limiter.currentRate).toBeLessThan(50);
    } finally {
      await control(sb, 'PATCH', '/merchants/sandbox', { rps: 0 });
      await client.close();
    }
  });
});
