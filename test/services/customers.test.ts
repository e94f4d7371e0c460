/**
 * The Customers view over the sandbox (HTTP) and a real SQLite file: a storefront's clients pay orders by
 * card at the gateway, the period is synced, and a person who knows no client ID finds them by the beginning
 * of one, by a card's first six or last four digits or by a word of the name on the card, sees their orders' money as the test counts it from
 * what it did, their stored cards with category and expiry as the gateway lists them, and exports a batch
 * file that the batch-charge planner reads once the amounts are written in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { planBatch } from '../../main/services/batchCharges.js';
import { BindingService } from '../../main/services/bindings.js';
import { CustomerService } from '../../main/services/customers.js';
import { StoredCards } from '../../main/services/storedCards.js';
import { AuditRepository } from '../../main/store/audit.js';
import { CustomerDirectory } from '../../main/store/customers.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteKnownBindings } from '../../main/store/knownBindings.js';
import { AUTH, CARDS, control, payCard, register } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { orderListOn } from './orderListOn.js';

const dir = mkdtempSync(join(tmpdir(), 'customers-'));
const T0 = Date.UTC(2026, 10, 24, 9);
const today = { from: Date.UTC(2026, 10, 24), to: Date.UTC(2026, 10, 25) };
const sb = sandboxOfFile();
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: AUTH, language: 'en', timeoutMs: 2_000 }));
let db: Db;
let customers: CustomerService;
const PREAUTH = '/payment/rest/registerPreAuth.do';
let lastOfAnna: string;

/** The name each client types on the payment page (the seed's orders carry the sandbox's CARD HOLDER). */
const HOLDER: Record<string, string> = { 'shop-anna': 'ANNA IVANOVA', 'shop-anne': 'Anne Ivanova' };

/**
 * An order of the client paid by card at the storefront's checkout, its card stored for the client (the
 * gateway lists an order's client only with a stored card); returns its orderId.
 */
async function paid(clientId: string, amount: number, currency = '643', path?: string): Promise<string> {
  const orderId = await register(sb, { clientId, amount, currency, features: 'FORCE_CREATE_BINDING' }, path);
  expect((await payCard(sb, orderId, CARDS.noThreeDS, { TEXT: HOLDER[clientId] })).errorCode).toBe(0);
  await control(sb, 'POST', '/clock', { advanceMs: 60_000 });
  return orderId;
}

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: T0 });
  // Each card stored by the seed comes with an order of RUB 1.00 charged on it.
  await control(sb, 'POST', '/seed', {
    bindings: [
      { clientId: 'shop-anna', category: 'COMMON', pan: CARDS.noThreeDS },
      { clientId: 'shop-anna', category: 'RECURRENT', pan: '4111111111111111', expiry: '202901' },
      { clientId: 'shop-anna', category: 'COMMON', pan: '5555555555555599', expiry: '202001' },
      { clientId: 'shop-anne', category: 'INSTALLMENT', pan: '5555555555555599' },
      ...[0, 1, 2, 3].map((i) => ({ clientId: `other-${i}`, category: 'COMMON', pan: '4111111111111111' })),
    ],
  });
  await control(sb, 'POST', '/clock', { advanceMs: 60_000 });
  const charged = await paid('shop-anna', 10_000);
  await control(sb, 'POST', `/orders/${charged}/actions`, { action: 'refund', amount: 2_500 });
  await paid('shop-anna', 800, '643', PREAUTH);
  lastOfAnna = await paid('shop-anna', 1_500, '840');
  await paid('shop-anne', 4_200);

  db = openDatabase(join(dir, 'app.sqlite'));
  const list = orderListOn(db, client, () => sb.core.clock.now(), { osUser: 'support@desk' });
  expect((await list.syncPeriod(today)).state).toBe('done');
  const bindings = new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit: new AuditRepository(db), now: () => T0 });
  const known = new SqliteKnownBindings(db);
  customers = new CustomerService({
    environment: 'sandbox',
    directory: new CustomerDirectory(db),
    storedCards: () => new StoredCards({ environment: 'sandbox', bindings, known, now: () => T0 }),
  });
}, 60_000);
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('finding a customer without knowing their client ID', () => {
  it('finds customers by the beginning of a client ID, each with their orders, money per currency and last order', () => {
    const found = customers.search('shop-an');
    expect(found).toMatchObject({ query: 'shop-an', searchedBy: ['clientId'], more: false });
    expect(found.customers.map((c) => c.clientId)).toEqual(['shop-anna', 'shop-anne']);
    const anna = found.customers[0]!;
    expect(anna).toMatchObject({ orderCount: 6 });
    expect(anna.moneyOfNewest).toBeUndefined();
    expect([...anna.orderCards].sort()).toEqual(['411111******1111', '444455******3333', '555555******5599']);
    // Counted from what the test did: three seed orders of 100 and a charge of 10,000 with 2,500 of it
    // refunded, 800 held, USD 15.00 charged.
    expect(anna.money).toEqual([
      { currency: '643', held: 800, captured: 300 + 10_000, refunded: 2_500 },
      { currency: '840', held: 0, captured: 1_500, refunded: 0 },
    ]);
    expect(anna.lastOrder).toMatchObject({ orderId: lastOfAnna, amount: 1_500, currency: '840', status: 2 });
    expect(found.customers[1]).toMatchObject({ orderCount: 2, money: [{ currency: '643', held: 0, captured: 4_300, refunded: 0 }] });
  });

  it('finds them by a card’s first six or last four digits, and says what it looked in', () => {
    const last4 = customers.search('5599');
    expect(last4.searchedBy).toEqual(['clientId', 'last4']);
    expect(last4.customers.map((c) => c.clientId)).toEqual(['shop-anna', 'shop-anne']);
    const first6 = customers.search('411111');
    expect(first6.searchedBy).toEqual(['clientId', 'first6']);
    expect(first6.customers.map((c) => c.clientId)).toEqual(['other-0', 'other-1', 'other-2', 'other-3', 'shop-anna']);
    expect(customers.search('000000').customers).toEqual([]);
  });

  it('finds them by the start of any word of the name on their card, however it is typed', () => {
    const byName = customers.search('ivanova');
    expect(byName.searchedBy).toEqual(['clientId', 'cardholder']);
    expect(byName.customers.map((c) => c.clientId)).toEqual(['shop-anna', 'shop-anne']);
    // A non-breaking space, two spaces, lower case, full-width letters: read as the gateway writes names.
    expect(customers.search('anna\u00a0 iva').customers.map((c) => c.clientId)).toEqual(['shop-anna']);
    expect(customers.search('ＡＮＮＥ').customers.map((c) => c.clientId)).toEqual(['shop-anne']);
    // The start of a word, not any part of one.
    expect(customers.search('vanova').customers).toEqual([]);
    const anna = byName.customers[0]!;
    expect(anna.names).toEqual(['ANNA IVANOVA', 'CARD HOLDER']);
    expect(byName.customers[1]!.names).toEqual(['ANNE IVANOVA', 'CARD HOLDER']);
  });

  it('bounds what one search answers, and says there is more', () => {
    const few = customers.search('other-', 3);
    expect(few.customers.map((c) => c.clientId)).toEqual(['other-0', 'other-1', 'other-2']);
    expect(few.more).toBe(true);
    expect(customers.search('other-', 4).more).toBe(false);
  });

  it('never keeps or echoes a whole card number typed into the search', () => {
    const found = customers.search('4111111111111111');
    expect(found.query).toBe('411111******1111');
    expect(found.customers).toEqual([]);
  });

  it('opens a customer with their stored cards as the gateway lists them: category and expiry', async () => {
    const anna = await customers.detail('shop-anna');
    expect(anna.orderCount).toBe(6);
    expect(anna.cards.map((c) => [c.category, c.maskedPan, c.expiry, c.expired])).toEqual(
      expect.arrayContaining([
        ['COMMON', '444455******3333', '203012', false],
        ['RECURRENT', '411111******1111', '202901', false],
        ['COMMON', '555555******5599', '202001', true],
      ]),
    );
    expect(anna.cards).toHaveLength(3);
  });

  it('exports a batch-charge file of their usable cards that the batch planner reads once amounts are written in', async () => {
    const { csv, rows } = await customers.batchFile(['shop-anna', 'shop-anne', 'shop-nobody']);
    const lines = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toBe(4);
    expect(Object.keys(lines[0]!)).toEqual(['clientId', 'bindingId', 'category', 'card', 'expiry', 'amount', 'currency', 'description']);
    // The expired card is left out; the currency is the one of the customer's last order.
    expect(lines.map((l) => [l.clientId, l.category, l.card, l.amount, l.currency])).toEqual(
      expect.arrayContaining([
        ['shop-anna', 'COMMON', '444455******3333', '', 'USD'],
        ['shop-anna', 'RECURRENT', '411111******1111', '', 'USD'],
        ['shop-anne', 'INSTALLMENT', '555555******5599', '', 'RUB'],
        ['shop-anne', 'COMMON', '444455******3333', '', 'RUB'],
      ]),
    );
    const filled = csv.replace(/,,(USD|RUB),/g, ',12.50,$1,');
    const plan = await planBatch(filled, {
      bindings: new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit: new AuditRepository(db) }),
      perChargeMaximum: 1_000_000,
    });
    expect(plan.invalid).toEqual([]);
    expect(plan.charges.map((c) => [c.clientId, c.bindingId, c.category, c.amount])).toEqual(
      lines.map((l) => [l.clientId, l.bindingId, l.category, 1_250]),
    );
  });
});
