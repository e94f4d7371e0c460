/**
 * "Looked up before" (issue 13, item 7): an order number that merely contains a long run of digits is shown
 * whole (one holding a card number masked: issue 25), a click looks the order up by the key main kept (its orderId), never by the text shown; each order
 * is listed once, newest first; the history keeps at most 1,000 entries. Real SQLite, the sandbox over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { OrderService, type OrderView } from '../../main/services/orders.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { HISTORY_CAP, OrderCache } from '../../main/store/orderCache.js';
import { cardNumbersIn } from '../domain/cardRuns.js';
import { register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
let db: Db;
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en' }));
let clock = 1_800_000_000_000;
const dir = mkdtempSync(join(tmpdir(), 'history-test-'));
const service = (environment: string) =>
  new OrderService({
    environment,
    client,
    cache: new OrderCache<OrderView>(db),
    charges: new SqliteChargeJournal(db),
    operations: new SqliteOperationJournal(db),
    now: () => (clock += 1000),
  });

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('look-up history', () => {
  it('shows an order number with a long digit run whole, and keeps the orderId as the key a click looks up', async () => {
    const orders = service('unmasked');
    // Fails Luhn: a long number, no card number; shown whole.
    const orderNumber = 'seed-1627751397641903';
    const orderId = await register(sb, { orderNumber });
    expect(await orders.lookup(orderNumber)).toMatchObject({ kind: 'found' });
    const [entry] = orders.history(1);
    expect(entry).toEqual({ label: orderNumber, outcome: 'found', at: expect.any(Number), key: { orderId } });
    // What a click sends is the key, and it finds the same order.
    if (!entry?.key || !('orderId' in entry.key)) throw new Error('no orderId key');
    expect(await orders.lookup(entry.key.orderId)).toMatchObject({ kind: 'found', order: { orderId, orderNumber } });
    expect(orders.history(1)[0]).toMatchObject({ label: orderNumber, key: { orderId } });
  });

  it('masks a card number inside an order number (issue 25): shown and kept masked, the order found again by its orderId', async () => {
    const orders = service('masked-number');
    const orderId = await register(sb, { orderNumber: 'seed-4111111111111111' });
    expect(await orders.lookup('seed-4111111111111111')).toMatchObject({ kind: 'found', order: { orderNumber: 'seed-411111******1111' } });
    const [entry] = orders.history(1);
    expect(entry).toEqual({ label: 'seed-411111******1111', outcome: 'found', at: expect.any(Number), key: { orderId } });
    expect(await orders.lookup(orderId)).toMatchObject({ kind: 'found', order: { orderId, orderNumber: 'seed-411111******1111' } });
    const kept = JSON.stringify(db.prepare("SELECT * FROM lookup_history WHERE environment = 'masked-number'").all());
    const cached = JSON.stringify(db.prepare("SELECT * FROM order_cache WHERE environment = 'masked-number'").all());
    for (const text of [kept, cached]) expect(text).not.toContain('4111111111111111');
  });

  it('keeps a card number typed in any spelling masked in the history, with no key (issue 25)', async () => {
    const orders = service('spellings');
    const spellings = [
      '4444\u00a05555\u00a01111\u00a03333',
      '4444\u202f5555\u202f1111\u202f3333',
      '4444.5555.1111.3333',
      '4444_5555_1111_3333',
      '4444/5555/1111/3333',
      '４４４４５５５５１１１１３３３３',
      '4444\u200b5555\u200b1111\u200b3333',
      '4444 55551111 3333',
      '44 44 55 55 11 11 33 33',
    ];
    for (const query of spellings) await orders.lookup(query);
    // Spellings that mask alike (the whole number in full-width digits, or with zero-width spaces) are one entry.
    const history = orders.history();
    expect(history.length).toBeGreaterThanOrEqual(7);
    for (const h of history) {
      expect(h.key).toBeUndefined();
      expect(h.label.replace(/[^\d*]/g, '')).toBe('444455******3333');
    }
    const kept = db.prepare("SELECT query, query_masked FROM lookup_history WHERE environment = 'spellings'").all() as {
      query: string;
      query_masked: number;
    }[];
    expect(kept).toHaveLength(history.length);
    for (const row of kept) {
      expect(row.query_masked).toBe(1);
      expect(cardNumbersIn(row.query)).toEqual([]);
    }
  });

  it('keeps a card number typed as a query masked, with no key: the masked text is never looked up', async () => {
    const orders = service('card');
    await orders.lookup('4444555511113333');
    await orders.lookup('4444555511113333');
    await orders.lookup('no-such-order');
    expect(orders.history()).toEqual([
      { label: 'no-such-order', outcome: 'notFound', at: expect.any(Number), key: { query: 'no-such-order' } },
      { label: '444455******3333', outcome: 'notFound', at: expect.any(Number) },
    ]);
  });

  it('lists each order once, newest first, however it was looked up', async () => {
    const orders = service('once');
    const a = await register(sb, { orderNumber: 'once-a' });
    const b = await register(sb, { orderNumber: 'once-b' });
    await orders.lookup('once-a');
    await orders.lookup('once-b');
    await orders.lookup(a);
    await orders.lookup('once-b');
    await orders.lookup('once-a');
    await orders.lookup('missing-1');
    await orders.lookup('missing-1');
    expect(orders.history().map((h) => [h.label, h.key])).toEqual([
      ['missing-1', { query: 'missing-1' }],
      ['once-a', { orderId: a }],
      ['once-b', { orderId: b }],
    ]);
  });

  it(`keeps the newest ${HISTORY_CAP} entries, pruned in the store`, () => {
    const cache = new OrderCache<OrderView>(db);
    for (let i = 0; i < HISTORY_CAP + 25; i++)
      cache.record('cap', { query: `n-${i}`, queryMasked: false, outcome: 'notFound', at: 1_000 + i });
    cache.record('other', { query: 'elsewhere', queryMasked: false, outcome: 'notFound', at: 1 });
    const kept = db.prepare("SELECT count(*) AS n FROM lookup_history WHERE environment = 'cap'").get() as { n: number };
    expect(kept.n).toBe(HISTORY_CAP);
    const history = cache.history('cap', 5000);
    expect(history).toHaveLength(HISTORY_CAP);
    expect(history[0]?.query).toBe(`n-${HISTORY_CAP + 24}`);
    expect(history.at(-1)?.query).toBe('n-25');
    // Another environment's history is its own.
    expect(cache.history('other')).toHaveLength(1);
  });

  it('cleans a history an older version kept: duplicates and masked queries', () => {
    const file = join(dir, 'old.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 8) });
    const insert = old.prepare('INSERT INTO lookup_history (environment, query, order_id, outcome, at) VALUES (?, ?, ?, ?, ?)');
    insert.run('sandbox', 'seed-162775******1903', 'id-1', 'found', 1);
    insert.run('sandbox', 'id-1', 'id-1', 'found', 2);
    insert.run('sandbox', 'seed-162775******1903', null, 'notFound', 3);
    insert.run('sandbox', 'seed-162775******1903', null, 'notFound', 4);
    insert.run('sandbox', 'plain', null, 'notFound', 5);
    old.close();
    const upgraded = openDatabase(file);
    try {
      expect(new OrderCache<OrderView>(upgraded).history('sandbox')).toEqual([
        { query: 'plain', queryMasked: false, outcome: 'notFound', at: 5 },
        { query: 'seed-162775******1903', queryMasked: true, outcome: 'notFound', at: 4 },
        { query: 'id-1', queryMasked: false, orderId: 'id-1', outcome: 'found', at: 2 },
      ]);
    } finally {
      upgraded.close();
    }
  });
});
