/**
 * Issue 25, item 2: card numbers are masked where rows are written, whatever spelling they come in and
 * whoever passes them, so no SQLite file holds one: the order view and the order cache from a gateway
 * answer with only `cardAuthInfo.pan` (a gateway in front of the sandbox answers so), each repository's
 * write (order cache, look-up history, period list, audit log, charge and operation journals, known
 * bindings), and a charge whose description, reference or client ID holds a card number, refused by ChargeService
 * itself (the path every charge takes, a batch row's too) before anything is journalled or sent.
 * Real SQLite files, read back as bytes with their WAL; the sandbox over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { phrase } from '../../main/phrases/phrase.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteKnownBindings } from '../../main/store/knownBindings.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { OrderCache } from '../../main/store/orderCache.js';
import { TeamOutbox } from '../../main/store/teamOutbox.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { cardNumbersIn, cardNumbersInFolder, cardSpellings } from '../domain/cardRuns.js';
import { AUTH, CARDS, control, payCard, register, uniqueNumber } from '../sandbox/client.js';
import { rewritingGateway, type Json, type RewritingGateway } from './cardGateway.js';
import { sandboxOfFile } from '../sandbox/fixture.js';
import { chargeServiceOn } from './chargeServiceOn.js';
import { orderServiceOn } from './orderServiceOn.js';

const PAN = CARDS.noThreeDS; // 4444555511113333, the card the sandbox pays with
const OTHER = '4111111111111111';
const sb = sandboxOfFile();
let gateway: RewritingGateway;
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cards-written-'));
  db = openDatabase(join(dir, 'app.sqlite'));
  // Answers as a gateway might give them: the card as `pan` only, card numbers in the texts.
  gateway = await rewritingGateway(
    () => sb.url,
    (endpoint, answer) => {
      if (endpoint !== 'getOrderStatusExtended.do' || answer.errorCode !== '0') return undefined;
      const card = (answer.cardAuthInfo ?? {}) as Json;
      delete card.maskedPan;
      return {
        ...answer,
        orderDescription: `paid with ${cardSpellings(OTHER).join('; ')}`,
        actionCodeDescription: `card ${cardSpellings(OTHER)[2]} declined`,
        cardAuthInfo: { ...card, pan: PAN, cardholderName: `HOLDER ${OTHER}` },
      };
    },
  );
});
afterAll(async () => {
  await gateway.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The SQLite file and its WAL, read as bytes, hold no card number. */
const expectNoCardInFiles = () => expect(cardNumbersInFolder(dir)).toEqual([]);
/** No card number in these tables' rows as SQLite keeps them, nor anywhere in the data folder's files. */
const expectNoCardInTables = (...tables: string[]) => {
  expect(cardNumbersIn(JSON.stringify(tables.map((table) => db.prepare(`SELECT * FROM ${table}`).all())))).toEqual([]);
  expectNoCardInFiles();
};

describe('the order view of a gateway answer with only cardAuthInfo.pan', () => {
  it('shows and caches the card masked, and every card number of the answer masked', async () => {
    const orderId = await register(sb, { orderNumber: uniqueNumber() });
    await payCard(sb, orderId, PAN);
    const client = new GatewayClient({ baseUrl: gateway.url, credentials: AUTH, language: 'en' });
    try {
      const orders = orderServiceOn(db, client);
      const found = await orders.lookup(orderId);
      expect(gateway.rewritten.get('getOrderStatusExtended.do')).toBeGreaterThan(0);
      if (found.kind !== 'found') throw new Error(`not found: ${found.kind}`);
      expect(found.order.card?.maskedPan).toBe('444455******3333');
      expect(found.order.card?.cardholderName).toBe('HOLDER 411111******1111');
      expect(cardNumbersIn(JSON.stringify(found))).toEqual([]);
      const cached = orders.cachedOrder(orderId)!;
      expect(cached.card?.maskedPan).toBe('444455******3333');
      expect(cardNumbersIn(JSON.stringify(cached))).toEqual([]);
      expect(cardNumbersIn(JSON.stringify(db.prepare('SELECT * FROM order_cache').all()))).toEqual([]);
      // Found again offline by what its masked card ends with.
      expect(orders.searchOffline('3333').map((o) => o.orderId)).toContain(orderId);
      expectNoCardInFiles();
    } finally {
      await client.close();
    }
  });
});

describe('each repository masks what it writes, whoever passes it', () => {
  const spellings = cardSpellings(OTHER);

  it('the order cache and the look-up history', () => {
    const cache = new OrderCache<Json>(db);
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    cache.put(
      'repo',
      { orderId, orderNumber: `INV-${OTHER}`, maskedPan: OTHER, view: { description: spellings, nested: { n: spellings[3] } } },
      1,
    );
    for (const [i, query] of spellings.entries()) cache.record('repo', { query, queryMasked: false, outcome: 'notFound', at: 10 + i });
    expect(cache.get('repo', orderId)).toMatchObject({ orderNumber: 'INV-411111******1111' });
    expect(cache.history('repo', 100).every((h) => h.queryMasked)).toBe(true);
    expectNoCardInTables('order_cache', 'lookup_history');
  });

  it('the period list: orderNumber, description and clientId, in the table, its index and what it answers', () => {
    const orders = new PeriodOrders(db);
    orders.putMany(
      'repo',
      spellings.map((s, i) => ({
        orderId: `0f8fad5b-d9cb-469f-a165-7086772895${String(i).padStart(2, '0')}`,
        orderNumber: i % 2 ? `ORD${OTHER}` : s,
        status: 2,
        amount: 100,
        held: 0,
        captured: 100,
        refunded: 0,
        currency: '643',
        registeredAt: 1_000 + i,
        description: `paid with ${s}`,
        clientId: s,
      })),
      2_000,
    );
    const answer = orders.answer('repo', { from: 0, to: 10_000 }, { limit: 100 });
    expect(answer.total).toBe(spellings.length);
    expect(answer.orders.map((o) => o.orderNumber)).toContain('ORD411111******1111');
    expect(cardNumbersIn(JSON.stringify(answer))).toEqual([]);
    expectNoCardInTables('period_orders');
  });

  it('the audit log: detail, object and facts; an entry is found by the number it was recorded under', () => {
    const audit = new AuditRepository(db);
    for (const s of spellings) {
      audit.record({
        at: 1,
        osUser: 'u',
        environment: 'repo',
        action: 'refund',
        outcome: 'success',
        objectType: 'order',
        objectId: `INV-${OTHER}`,
        detail: `refunded: ${s}`,
        facts: { state: 'DONE', reason: s, amount: 100 },
      });
    }
    expect(audit.query({ objectType: 'order', objectId: `INV-${OTHER}` })).toHaveLength(spellings.length);
    expectNoCardInTables('audit_log');
  });

  it("the journals: a charge's description and card, an operation's reason, a reason quoting the gateway", async () => {
    const charges = new SqliteChargeJournal(db);
    const operations = new SqliteOperationJournal(db);
    for (const [i, s] of spellings.entries()) {
      const begun = await charges.begin(
        {
          environment: 'repo',
          orderNumber: `repo-${i}`,
          amount: 100 + i,
          currency: '643',
          bindingId: `b-${i}`,
          clientId: 'c',
          category: 'COMMON',
          description: s,
          maskedPan: i === 0 ? OTHER : '４４４４５５５５１１１１３３３３',
          operator: 'op',
          at: i,
        },
        0,
        () => undefined,
      );
      if (begun.kind !== 'journalled') throw new Error('refused');
      await charges.markUnknown(begun.charge.id, phrase('charge.gatewayWords', { words: `card ${s}` }), i);
      const op = await operations.begin(
        { environment: 'repo', orderId: `o-${i}`, kind: 'refund', amount: 1, operator: 'op', operatorReason: s, at: i },
        () => undefined,
      );
      if (op.kind !== 'journalled') throw new Error('refused');
      await operations.settle(op.operation.id, 'REFUSED', i, phrase('charge.gatewayWords', { words: s }));
    }
    expect((await charges.get(1))?.maskedPan).toBe('411111******1111');
    expectNoCardInTables('charge_journal', 'order_operations');
  });

  it('the outbox of answers for the team database: a reason quoting the gateway, in every spelling', () => {
    const outbox = new TeamOutbox(db, '127.0.0.1:5432/team', 'charge');
    for (const [i, s] of spellings.entries()) {
      outbox.add(
        i,
        { kind: 'settle', settlement: { state: 'DECLINED', reason: phrase('charge.gatewayWords', { words: `card ${s}` }), at: i } },
        i,
      );
      outbox.add(i, { kind: 'markUnknown', reason: phrase('charge.gatewayWords', { words: s }), at: i }, i);
    }
    expect(outbox.pending()).toHaveLength(2 * spellings.length);
    expectNoCardInTables('team_outbox');
  });

  it("the known bindings: the card, a label, a client; a client's cards are found by the id it was written under", async () => {
    const known = new SqliteKnownBindings(db);
    await known.seen({
      environment: 'repo',
      bindingId: 'b1',
      clientId: spellings[2],
      category: 'COMMON',
      maskedPan: OTHER,
      displayLabel: spellings[9],
      seenAt: 1,
    });
    await known.markDisabled('repo', 'b1', 2);
    expect((await known.disabledOf('repo', spellings[2]!)).map((b) => b.bindingId)).toEqual(['b1']);
    expectNoCardInTables('known_bindings');
  });
});

describe('a charge whose description or reference holds a card number', () => {
  it('is refused by ChargeService itself, a batch row too: nothing journalled, nothing sent, the refusal audited without it', async () => {
    const client = new GatewayClient({ baseUrl: sb.url, credentials: AUTH, language: 'en' });
    const audit = new AuditRepository(db);
    const journal = new SqliteChargeJournal(db);
    const charges = chargeServiceOn(db, client, { environment: 'refused', journal, audit, perChargeMaximum: 10_000_000 });
    try {
      await control(sb, 'POST', '/reset');
      const card = { bindingId: 'b', clientId: 'c', category: 'COMMON', amount: 100, currency: '643' } as const;
      for (const s of cardSpellings(OTHER)) {
        for (const origin of ['form', 'batch'] as const) {
          const r = { ...card, description: `card ${s} cvc 123` };
          expect(
            await (origin === 'form' ? charges.charge({ ...r, origin }) : charges.charge({ ...r, origin, batchId: 'abcdefabcdef' })),
          ).toEqual({
            kind: 'refused',
            reason: phrase('charge.refused.descriptionHasCard'),
          });
        }
      }
      expect(await charges.charge({ ...card, reference: `INV-${OTHER}` })).toEqual({
        kind: 'refused',
        reason: phrase('charge.refused.referenceHasCard'),
      });
      expect(await charges.charge({ ...card, origin: 'batch', batchId: 'abcdefabcdef', clientId: cardSpellings(OTHER)[2]! })).toEqual({
        kind: 'refused',
        reason: phrase('charge.refused.clientIsCard'),
      });
      expect(await journal.list({ environment: 'refused' })).toEqual([]);
      expect((await control(sb, 'GET', '/requests')).requests).toEqual([]);
      const refusals = audit.query({ action: 'charge', outcome: 'refused' }).filter((e) => e.environment === 'refused');
      expect(refusals.length).toBe(2 * cardSpellings(OTHER).length + 2);
      expect(refusals[1]!.detail).toBe('The reference is a card number; not charged. Use the invoice or case number');
      expect(cardNumbersIn(JSON.stringify(refusals))).toEqual([]);
      expectNoCardInFiles();
    } finally {
      await client.close();
    }
  });
});
