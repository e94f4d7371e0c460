/**
 * Reasons kept in SQLite are phrases as JSON; rows written before (plain English text) are read back as
 * that text, quoted, never lost: the operations journal's reason, a sync's failure, and an order cached
 * with its status, header and timeline in English words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { phrase } from '../../main/phrases/phrase.js';
import { OrderService, type OrderView } from '../../main/services/orders.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { OrderCache } from '../../main/store/orderCache.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { storedSaid, storeSaid } from '../../main/store/storedSaid.js';
import { GatewayClient } from '../../main/gateway/client.js';

const dir = mkdtempSync(join(tmpdir(), 'stored-phrases-test-'));
let db: Db;
beforeAll(() => {
  db = openDatabase(join(dir, 'app.sqlite'));
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ORDER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('a stored reason', () => {
  it('is written as JSON and read back as the same phrases', () => {
    const said = [
      phrase('gateway.refused', { said: 'Сумма возврата превышает остаток', errorCode: '7' }),
      phrase('gateway.effect.nothing'),
    ];
    expect(storedSaid(storeSaid(said))).toEqual(said);
    expect(storedSaid(storeSaid(said[0]!))).toEqual([said[0]]);
  });

  it('written before reasons were phrases is read as its text, quoted; so is text that only looks like JSON', () => {
    expect(storedSaid('The gateway did not answer in time.')).toEqual([
      phrase('app.quoted', { text: 'The gateway did not answer in time.' }),
    ]);
    expect(storedSaid('{not json')).toEqual([phrase('app.quoted', { text: '{not json' })]);
    expect(storedSaid('{"code":"no.such.code"}')).toEqual([phrase('app.quoted', { text: '{"code":"no.such.code"}' })]);
  });

  it('in a legacy row of the operations journal is kept, and an operation settled now keeps its phrase', async () => {
    const journal = new SqliteOperationJournal(db);
    const begin = async () => {
      const r = await journal.begin(
        { environment: 'sandbox', orderId: ORDER_ID, kind: 'refund', amount: 100, operator: 'finance', at: 1 },
        () => undefined,
      );
      if (r.kind !== 'journalled') throw new Error('refused');
      return r.operation;
    };
    const legacy = await begin();
    db.prepare("UPDATE order_operations SET state = 'REFUSED', reason = ? WHERE id = ?").run(
      'The gateway refused the request: too much (error code 7).',
      legacy.id,
    );
    expect((await journal.get(legacy.id))?.reason).toEqual(
      phrase('app.quoted', { text: 'The gateway refused the request: too much (error code 7).' }),
    );

    const now = await begin();
    await journal.settle(now.id, 'REFUSED', 2, phrase('operation.inStatus', { status: 3 }));
    expect((await journal.get(now.id))?.reason).toEqual({ code: 'operation.inStatus', params: { status: 3 } });
    expect(english((await journal.get(now.id))!.reason!)).toBe('The order is in status 3');
  });

  it("in a legacy row of a sync's record is kept", () => {
    const syncs = new OrderSyncs(db, new PeriodOrders(db));
    const sync = syncs.begin('sandbox', 'registration', { from: 0, to: 1000 }, 1);
    db.prepare("UPDATE order_syncs SET state = 'failed', error = ? WHERE id = ?").run('The gateway is not answering (HTTP 503).', sync.id);
    expect(syncs.get(sync.id)?.error).toEqual([phrase('app.quoted', { text: 'The gateway is not answering (HTTP 503).' })]);
    const failed = syncs.finish(syncs.resume(syncs.get(sync.id)!), 'failed', 2, [phrase('gateway.serverFault', { status: 503 })]);
    expect(syncs.get(failed.id)?.error).toEqual([{ code: 'gateway.serverFault', params: { status: 503 } }]);
  });
});

describe('an order cached with English words', () => {
  it('is shown with its status and header as phrases, its timeline read back, nothing dropped', () => {
    const cache = new OrderCache<OrderView>(db);
    const legacy = {
      orderId: ORDER_ID,
      orderNumber: 'legacy-1',
      status: 2,
      statusWords: 'Charged',
      headline: 'Partially refunded',
      paid: true,
      amount: 10_000,
      approvedAmount: 10_000,
      depositedAmount: 10_000,
      refundedAmount: 2_500,
      currency: '643',
      currencyAlpha: 'RUB',
      exponent: 2,
      refunds: [],
      timeline: [
        { key: 'registered', source: 'gateway', at: 1, what: 'Registered', amount: 10_000 },
        { key: 'operation:1', source: 'app', at: 2, what: 'Refund', amount: 2_500, by: 'finance', outcome: 'refused', detail: 'too much' },
        { key: 'odd', source: 'gateway', at: 3, what: 'Something older versions said' },
      ],
    } as unknown as OrderView;
    cache.put('sandbox', { orderId: ORDER_ID, orderNumber: 'legacy-1', view: legacy }, 1);
    // The client is never asked: the order is read from the cache only.
    const client = new GatewayClient({ baseUrl: 'http://127.0.0.1:1', credentials: { token: 't' } });
    const service = new OrderService({
      environment: 'sandbox',
      client,
      cache,
      charges: new SqliteChargeJournal(db),
      operations: new SqliteOperationJournal(db),
    });
    const [view] = service.searchOffline('legacy-1');
    expect(view).toMatchObject({
      statusWords: { code: 'order.status.charged' },
      headline: { code: 'order.headline.partlyRefunded' },
      timeline: [
        { key: 'registered', what: { code: 'order.timeline.registered' } },
        { key: 'operation:1', what: { code: 'order.timeline.refund' }, detail: { code: 'app.quoted', params: { text: 'too much' } } },
        { key: 'odd', what: { code: 'app.quoted', params: { text: 'Something older versions said' } } },
      ],
    });
    void client.close();
  });
});
