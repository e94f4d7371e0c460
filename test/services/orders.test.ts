import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { decimalText, formatMoney } from '../../main/services/money.js';
import { english } from '../../main/phrases/english.js';
import { type OrderService, orderView, resultsCsv, statusWords, type BatchProgress } from '../../main/services/orders.js';
import type { LookupResult } from '../../main/services/views.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { AUTH, CARDS, payCard, postForm, register, uniqueNumber } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { orderServiceOn } from './orderServiceOn.js';

const sb = sandboxOfFile();
let db: Db;
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', limits: { maxInFlight: 32 } }),
);
let service: OrderService;
const dir = mkdtempSync(join(tmpdir(), 'orders-test-'));

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  service = orderServiceOn(db, client);
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function order(pan: string, extra: Record<string, unknown> = {}) {
  const orderNumber = uniqueNumber('SUP');
  const orderId = await register(sb, { orderNumber, amount: 123_456, ...extra });
  await payCard(sb, orderId, pan);
  return { orderId, orderNumber };
}

describe('order look-up', () => {
  it('finds a paid order by orderId and by orderNumber, with a normalised view', async () => {
    const { orderId, orderNumber } = await order(CARDS.noThreeDS);
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId, amount: 456 });
    for (const query of [orderId, orderNumber, `  ${orderNumber} `]) {
      const r = await service.lookup(query);
      expect(r.kind).toBe('found');
      if (r.kind !== 'found') return;
      expect(r.order).toMatchObject({
        orderId,
        orderNumber,
        status: 2,
        statusWords: { code: 'order.status.charged' },
        paid: true,
        amount: 123_456,
        refundedAmount: 456,
        currency: '643',
        currencyAlpha: 'RUB',
        exponent: 2,
        card: { maskedPan: '444455******3333', paymentSystem: 'VISA' },
        refunds: [{ amount: 456, at: expect.any(Number), referenceNumber: expect.any(String) }],
      });
    }
  });

  it('says why a declined order was declined, with its 3-D Secure result', async () => {
    const orderNumber = uniqueNumber('SUP');
    const orderId = await register(sb, { orderNumber });
    const first = await payCard(sb, orderId, CARDS.declined);
    await payCard(sb, orderId, CARDS.declined, { threeDSServerTransId: first.threeDSServerTransId });
    const r = await service.lookup(orderNumber);
    expect(r).toMatchObject({
      kind: 'found',
      order: {
        status: 6,
        statusWords: { code: 'order.status.declined' },
        paid: false,
        actionCode: -2025,
        actionCodeDescription: expect.any(String),
        threeDS: { version: '2.2.0' },
      },
    });
  });

  it('reports a missing order by either kind of number, and refuses text that cannot be one', async () => {
    expect(await service.lookup('00000000-0000-4000-8000-000000000000')).toMatchObject({ kind: 'notFound' });
    expect(await service.lookup('no-such-order')).toMatchObject({ kind: 'notFound' });
    expect(await service.lookup('x'.repeat(40))).toMatchObject({ kind: 'failed' });
  });

  it('keeps what it found for offline search, by number, orderId prefix or the card’s last digits, and a history', async () => {
    const { orderId, orderNumber } = await order(CARDS.noThreeDS);
    await service.lookup(orderNumber);
    expect(service.searchOffline(orderNumber.slice(4)).map((o) => o.orderId)).toContain(orderId);
    expect(service.searchOffline(orderId.slice(0, 8)).map((o) => o.orderNumber)).toContain(orderNumber);
    expect(service.searchOffline('3333').map((o) => o.orderId)).toContain(orderId);
    expect(service.searchOffline('%')).toEqual([]);
    expect(service.history(1)[0]).toMatchObject({ label: orderNumber, outcome: 'found', key: { orderId } });
  });
});

describe('batch look-up', () => {
  it('looks up 1,000 numbers with progress to the end, and exports them as CSV with exact amounts', async () => {
    const known = await Promise.all(Array.from({ length: 20 }, () => order(CARDS.noThreeDS)));
    const queries = Array.from({ length: 1_000 }, (_, i) => (i % 50 === 0 ? known[i / 50]!.orderNumber : `missing-${i}`));
    const progress: BatchProgress[] = [];
    const results = await service.lookupMany(queries, { onProgress: (p) => progress.push(p) });
    expect(results.filter((r) => r.kind === 'found')).toHaveLength(20);
    expect(results.filter((r) => r.kind === 'notFound')).toHaveLength(980);
    expect(progress.at(-1)).toEqual({ total: 1_000, done: 1_000, found: 20, notFound: 980, failed: 0, cancelled: 0 });
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    const csv = resultsCsv(results);
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1_001);
    expect(lines[0]).toBe(
      'query,result,orderId,orderNumber,status,statusWords,paid,amount,refunded,currency,card,actionCode,reason,registeredAt,detail',
    );
    expect(lines[1]).toContain(',found,');
    expect(lines[1]).toContain(',1234.56,0.00,RUB,444455******3333,');
  });

  it('stops when cancelled and marks the rest as cancelled', async () => {
    const controller = new AbortController();
    const queries = Array.from({ length: 500 }, (_, i) => `gone-${i}`);
    const results = await service.lookupMany(queries, {
      signal: controller.signal,
      onProgress: (p) => p.done === 100 && controller.abort(),
    });
    const cancelled = results.filter((r) => r.kind === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(300);
    expect(results.filter((r) => r.kind === 'notFound').length + cancelled).toBe(500);
  });
});

describe('a batch’s found orders in the cache', () => {
  const unpaid = () => Promise.all(Array.from({ length: 250 }, () => register(sb, { orderNumber: uniqueNumber('CACHE'), amount: 100 })));
  const cachedAll = (results: readonly LookupResult[]) =>
    results.filter((r) => r.kind === 'found').every((r) => r.kind === 'found' && service.cachedOrder(r.order.orderId) !== undefined);

  it('are all cached when the batch ends, more than one group of them', async () => {
    const orderIds = await unpaid();
    const results = await service.lookupMany(orderIds);
    expect(results.every((r) => r.kind === 'found')).toBe(true);
    expect(cachedAll(results)).toBe(true);
    const first = results[0]!;
    expect(service.searchOffline(first.kind === 'found' ? first.order.orderNumber : '')).toHaveLength(1);
  });

  it('are all cached when the batch is cancelled midway', async () => {
    const orderIds = await unpaid();
    const controller = new AbortController();
    const results = await service.lookupMany(orderIds, {
      signal: controller.signal,
      onProgress: (p) => p.done === 120 && controller.abort(),
    });
    const found = results.filter((r) => r.kind === 'found').length;
    expect(found).toBeGreaterThanOrEqual(120);
    expect(found).toBeLessThan(250);
    expect(cachedAll(results)).toBe(true);
    expect(orderIds.filter((id) => service.cachedOrder(id) !== undefined)).toHaveLength(found);
  });
});

describe('money and status in words', () => {
  it('writes amounts exactly for each currency’s exponent', () => {
    expect(decimalText(123_456, 2)).toBe('1234.56');
    expect(decimalText(5, 2)).toBe('0.05');
    expect(decimalText(-5, 3)).toBe('-0.005');
    expect(decimalText(999_999_999_999, 2)).toBe('9999999999.99');
    expect(formatMoney(12_345, '643', 'en')).toMatch(/123\.45/);
    expect(formatMoney(1_500, '392', 'en')).toMatch(/1,500/);
    expect(formatMoney(1_500, '048', 'en')).toMatch(/1\.500/);
    expect(formatMoney(100, '001', 'en')).toBe('1.00 (001)');
  });

  it('shows an unknown status with its number and never as paid', () => {
    expect(english(statusWords(9))).toBe('Unknown status 9');
    expect(statusWords(9)).toEqual({ code: 'order.status.other', params: { status: 9 } });
    const view = orderView({ orderNumber: 'x', orderStatus: 9, amount: 1, currency: '643' }, 'id');
    expect(view).toMatchObject({ paid: false, statusWords: { code: 'order.status.other', params: { status: 9 } } });
  });
});
