/**
 * What the order view says about money, against the sandbox over HTTP and a real SQLite file: the timeline
 * only grows (a hold, a part-charge, a same-day reversal and refunds each add an entry with its real
 * amount, and nothing seen before is dropped), the header says "Partially charged" / "Partially refunded",
 * a view from the cache is marked as such while the gateway answers 503 and nothing is sent on it, and an
 * operator's reason is kept in the operations journal and the audit log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import type { ZodError } from 'zod';
import { CONTRACT } from '../../main/ipc/contract.js';
import { invalidInput } from '../../main/ipc/errors.js';
import { english } from '../../main/phrases/english.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { OrderService, type OrderView } from '../../main/services/orders.js';
import type { TimelineEntry } from '../../main/services/views.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal, type OperationJournal } from '../../main/store/operations.js';
import { OrderCache } from '../../main/store/orderCache.js';
import { control, paidOrder, status, uniqueNumber } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { newCharge } from '../store/rows.js';

const sb = sandboxOfFile();
let db: Db;
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', retry: { attempts: 1 } }),
);
let orders: OrderService;
let ops: OrderOperations;
let journal: OperationJournal;
let charges: ChargeJournal;
let audit: AuditRepository;
const dir = mkdtempSync(join(tmpdir(), 'order-view-test-'));
const PREAUTH = '/payment/rest/registerPreAuth.do';
const STATUS_PATH = '/payment/rest/getOrderStatusExtended.do';

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  // One attempt per request: a 503 is reported at once instead of after the client's backoff.
  journal = new SqliteOperationJournal(db);
  charges = new SqliteChargeJournal(db);
  audit = new AuditRepository(db);
  orders = new OrderService({ environment: 'sandbox', client, cache: new OrderCache<OrderView>(db), charges, operations: journal });
  ops = new OrderOperations({ environment: 'sandbox', operator: 'finance', osUser: 'finance', client, journal, audit });
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => control(sb, 'DELETE', '/faults'));

async function lookUp(orderId: string): Promise<OrderView> {
  const r = await orders.lookup(orderId);
  if (r.kind !== 'found') throw new Error(`not found live: ${JSON.stringify(r)}`);
  return r.order;
}

/** The timeline as "what amount by outcome" lines, for readable comparisons. */
const lines = (o: OrderView) =>
  o.timeline.map((e: TimelineEntry) => [english(e.what), e.amount ?? '-', e.by ?? '', e.outcome ?? ''].join(' ').trim());

/** Every entry seen before is still there, with the same words and amount. */
function expectGrown(before: OrderView, after: OrderView) {
  for (const e of before.timeline) {
    const now = after.timeline.find((x) => x.key === e.key);
    expect(now, `entry ${e.key} (${english(e.what)}) was dropped`).toBeDefined();
    if (e.source === 'gateway') expect({ what: now!.what, amount: now!.amount }).toEqual({ what: e.what, amount: e.amount });
  }
}

describe('the order timeline only grows, with real amounts', () => {
  it('a hold, a part-charge of 2,000 of 2,499 and a partial refund each add an entry; the header says what is partial', async () => {
    const orderId = await paidOrder(sb, { amount: 2_499 }, PREAUTH);
    const held = await lookUp(orderId);
    expect(lines(held)).toEqual(['Registered 2499', 'Held 2499']);
    expect(english(held.headline)).toBe('Amount held');

    expect((await ops.deposit(orderId, 2_000)).kind).toBe('done');
    const charged = await lookUp(orderId);
    expectGrown(held, charged);
    expect(lines(charged)).toContain('Charge of the held amount 2000 finance done');
    expect(english(charged.headline)).toBe('Partially charged');

    expect((await ops.refund(orderId, 500)).kind).toBe('done');
    const refunded = await lookUp(orderId);
    expectGrown(charged, refunded);
    expect(lines(refunded)).toEqual(expect.arrayContaining(['Refunded 500', 'Refund 500 finance done']));
    expect(english(refunded.headline)).toBe('Partially charged, partially refunded');
  });

  it('a hold charged in part elsewhere reads "Held 800", then "Charged 600, 200 released", with no time the gateway never gave', async () => {
    const orderId = await paidOrder(sb, { amount: 80_000 }, PREAUTH);
    await client.deposit({ orderId, amount: 60_000 });
    const view = await lookUp(orderId);
    expect(view.timeline.map((e) => [english(e.what), e.amount, e.released])).toEqual([
      ['Registered', 80_000, undefined],
      ['Held', 80_000, undefined],
      ['Charged', 60_000, 20_000],
    ]);
    // The gateway dates the registration and the authorisation, never the deposit.
    expect(view.timeline.map((e) => e.at !== undefined)).toEqual([true, true, false]);
  });

  it('a partial refund of a full charge reads "Partially refunded", not "Charged"', async () => {
    const orderId = await paidOrder(sb, { amount: 10_000 });
    expect((await ops.refund(orderId, 2_500)).kind).toBe('done');
    const o = await lookUp(orderId);
    expect(english(o.headline)).toBe('Partially refunded');
    expect(english(o.statusWords)).toBe('Charged');
    expect(lines(o)).toContain('Refunded 2500');
  });

  it('a same-day reversal keeps "Paid" with its amount and adds "Reversal" with what it cancelled, by whom', async () => {
    const orderId = await paidOrder(sb, { amount: 4_200 });
    const paid = await lookUp(orderId);
    expect(lines(paid)).toEqual(['Registered 4200', 'Paid 4200']);

    expect((await ops.reverse(orderId)).kind).toBe('done');
    expect((await status(sb, { orderId })).paymentAmountInfo).toMatchObject({ approvedAmount: 0, depositedAmount: 0 });
    const reversed = await lookUp(orderId);
    expectGrown(paid, reversed);
    expect(lines(reversed)).toEqual(['Registered 4200', 'Paid 4200', 'Reversal 4200 finance done']);
    expect(reversed.timeline.every((e) => e.amount !== 0)).toBe(true);
    expect(english(reversed.headline)).toBe('Reversed');
  });

  it('an order first seen after its reversal still shows it was paid, and that it was reversed', async () => {
    const orderId = await paidOrder(sb, { amount: 3_100 }, PREAUTH);
    // Reversed by someone else (another desk, the merchant portal): the app's journal knows nothing of it.
    await ops.reverse(orderId);
    db.prepare('DELETE FROM order_operations WHERE order_id = ?').run(orderId);
    const o = await lookUp(orderId);
    expect(lines(o)).toEqual(['Registered 3100', 'Paid 3100', 'Reversed -']);
  });

  it("adds this app's own charge from the charge journal: who, when, how much, how it ended", async () => {
    const orderNumber = uniqueNumber('journal');
    const orderId = await paidOrder(sb, { orderNumber, amount: 1_250 });
    const begun = await charges.begin(newCharge(orderNumber, { operator: 'cashier', at: Date.now() }), 0, () => undefined);
    if (begun.kind !== 'journalled') throw new Error('not journalled');
    await charges.settle(begun.charge.id, { state: 'PAID', orderId, orderStatus: 2, at: Date.now() });
    expect(lines(await lookUp(orderId))).toContain('Charge of the stored card 1250 cashier done');
  });
});

describe('a cached order while the gateway cannot be reached', () => {
  it('is returned as cached with when it was fetched, never as found; no operation is sent on it', async () => {
    const orderId = await paidOrder(sb, { amount: 5_000 });
    const live = await lookUp(orderId);
    await control(sb, 'POST', '/faults', { rules: [{ path: STATUS_PATH, mode: 'status', status: 503, count: 0 }] });

    for (const query of [orderId, live.orderNumber]) {
      const r = await orders.lookup(query);
      expect(r.kind).toBe('cached');
      if (r.kind !== 'cached') return;
      expect(r.order.orderId).toBe(orderId);
      expect(r.fetchedAt).toBeLessThanOrEqual(Date.now());
      expect(english(r.reason)).toMatch(/503/);
      expect(r.reason[0]).toEqual({ code: 'gateway.serverFault', params: { status: 503 } });
    }
    // An order never cached is a plain failure.
    expect((await orders.lookup(uniqueNumber('never'))).kind).toBe('failed');

    // The operation decides on a live read: with none, nothing is journalled or sent, and the audit says why.
    const refused = await ops.refund(orderId, 1_000);
    expect(refused).toMatchObject({ kind: 'notSent', reason: { code: 'operation.statusUnreadable' } });
    if (refused.kind !== 'notSent') return;
    expect(english(refused.reason)).toMatch(/status could not be read, so nothing was sent\. The gateway is not answering \(HTTP 503\)/);
    expect(await journal.forOrder('sandbox', orderId)).toEqual([]);
    expect(audit.query({ objectId: orderId })[0]).toMatchObject({ action: 'refund', outcome: 'refused' });
    await control(sb, 'DELETE', '/faults');
    expect((await status(sb, { orderId })).paymentAmountInfo.refundedAmount).toBe(0);
    expect((await orders.lookup(orderId)).kind).toBe('found');
  });

  it('refuses on the live status an operation a stale view would offer (a refund of an order reversed meanwhile)', async () => {
    const orderId = await paidOrder(sb);
    await lookUp(orderId);
    await ops.reverse(orderId);
    const r = await ops.refund(orderId, 1_000);
    expect(r).toMatchObject({ kind: 'notSent', reason: { code: 'operation.onlyCharged', params: { code: 3 } } });
    if (r.kind === 'notSent') expect(english(r.reason)).toContain('the order is now Reversed (status 3)');
  });
});

describe("the operator's reason", () => {
  it('is kept in the operations journal, the audit entry and the timeline', async () => {
    const orderId = await paidOrder(sb);
    const done = await ops.refund(orderId, 300, { reason: '  goods returned  ' });
    expect(done).toMatchObject({ kind: 'done', operation: { operatorReason: 'goods returned' } });
    expect((await journal.forOrder('sandbox', orderId))[0]?.operatorReason).toBe('goods returned');
    expect(audit.query({ objectId: orderId })[0]?.detail).toContain("operator's reason: goods returned");
    const entry = (await lookUp(orderId)).timeline.find((e) => e.what.code === 'order.timeline.refund');
    expect(entry).toMatchObject({ note: 'goods returned', amount: 300, by: 'finance', outcome: 'done' });
  });

  it('is validated by the contract: optional, at most 200 characters, no card number, no control characters', () => {
    const refund = CONTRACT['orders.refund'].input;
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(refund.safeParse({ environment: 'sandbox', orderId, amount: 100 }).success).toBe(true);
    expect(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'duplicate charge' }).success).toBe(true);
    expect(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'x'.repeat(201) }).success).toBe(false);
    expect(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'card 4111111111111111' }).success).toBe(false);
    expect(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'a\u0007b' }).success).toBe(false);
    expect(CONTRACT['orders.reverse'].input.safeParse({ environment: 'sandbox', orderId, reason: 'same-day mistake' }).success).toBe(true);
    // Each refusal reaches the screen as a phrase of its own, its English as before.
    const fieldOf = (r: { success: boolean; error?: unknown }) => invalidInput(r.error as ZodError).fields?.[0];
    const long = fieldOf(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'x'.repeat(201) }));
    expect(long).toEqual({ path: 'reason', said: { code: 'operation.reasonTooLong' }, message: 'has at most 200 characters' });
    const card = fieldOf(refund.safeParse({ environment: 'sandbox', orderId, amount: 100, reason: 'card 4111111111111111' }));
    expect(card).toMatchObject({ path: 'reason', said: { code: 'operation.reasonHasCard' } });
    expect(fieldOf(CONTRACT['orders.lookup'].input.safeParse({ query: ' ' }))).toMatchObject({ said: { code: 'order.typeQuery' } });
    expect(fieldOf(CONTRACT['orders.batch.start'].input.safeParse({ text: '' }))).toMatchObject({ said: { code: 'batch.fileEmpty' } });
    expect(fieldOf(CONTRACT['orders.batch.cancel'].input.safeParse({ batchId: 'x' }))).toMatchObject({ said: { code: 'batch.badId' } });
  });
});
