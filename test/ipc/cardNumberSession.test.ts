/**
 * Issue 25, item 2, as a whole: a full session driven through the IPC dispatcher of a real app core (its
 * SQLite files in a fresh data folder, the embedded sandbox over HTTP), with card numbers in every spelling
 * people paste entered everywhere a person can type text that is kept, searched or sent (look-ups, search,
 * a batch look-up's file, stored-card searches, operation reasons, a charge's description and reference, a
 * batch charge file, the list's and the journal's filters, the audit filter), and arriving from a gateway
 * in every text it answers (orderNumber, description, decline words, the card as `pan` only, a cardholder,
 * a client, stored cards' labels, an error message): the sandbox's answers rewritten by a gateway in front
 * of it, in the custom environment. Every export is saved into the data folder as the renderer saves it.
 *
 * Then every IPC result and refusal, every event, and every file of the data folder (app.sqlite and the
 * sandbox's file with their -wal and -shm files, the exports), read as bytes while the core is open and
 * again once it has closed, are searched for any run of 13 to 19 digits passing Luhn, after the one
 * normaliser and with every joiner between digits taken out (test/domain/cardRuns.ts): none is found.
 *
 * Not entered: the connection settings (API user name, merchant login, base URL) and a signing key's
 * subject, identifiers sent to the gateway or written into a certificate, which no check reads for card numbers.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, ExportFile, Input, IpcError, Result } from '../../main/ipc/contract.js';
import { Vault } from '../../main/vault/vault.js';
import { cardNumbersIn, cardNumbersInFolder, cardSpellings } from '../domain/cardRuns.js';
import { CARDS, control, payCard, register } from '../sandbox/client.js';
import { rewritingGateway, type Json, type RewritingGateway } from '../services/cardGateway.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { openIpcHarness, type IpcHarness } from './harness.js';
import { listed as listedView } from '../services/listedView.js';

/** The card the sandbox pays with, and another that arrives only as text. */
const PAN = CARDS.noThreeDS;
const OTHER = '4111111111111111';
const SPELLINGS = [...cardSpellings(OTHER), ...cardSpellings('5555555555554444').slice(1, 6)];

let h: IpcHarness;
let gateway: RewritingGateway;
let closed = false;
/** Every IPC answer and refusal of the session. */
const answers: unknown[] = [];
let exportsDir: string;

async function call<K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>> {
  const value = await h.call(channel, input);
  answers.push({ channel, value });
  return value;
}

async function refusal(channel: ChannelName, input: unknown): Promise<IpcError> {
  const error = await h.refusal(channel, input);
  answers.push({ channel, error });
  return error;
}

/** An answer or a refusal, whichever comes. */
async function either(channel: ChannelName, input: unknown): Promise<void> {
  const answer = await h.dispatch(channel, input);
  answers.push({ channel, answer });
}

/** Saves an export into the data folder, as the renderer's save dialog would. */
function save(file: ExportFile): void {
  writeFileSync(join(exportsDir, file.fileName), file.content);
}

async function batchDone(batchId: string) {
  for (;;) {
    const r = await call('orders.batch.results', { batchId });
    if (r.state !== 'running') return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a hostile or careless gateway answers for an order: card numbers in every text it holds. */
function hostileOrder(order: Json, k: number): Json {
  if (typeof order.orderNumber !== 'string' || !order.orderNumber.startsWith('shop-')) return order;
  const card = (order.cardAuthInfo ?? {}) as Json;
  delete card.maskedPan;
  return {
    ...order,
    orderNumber: SPELLINGS[k % SPELLINGS.length],
    orderDescription: `paid with ${SPELLINGS.join(', ')}`,
    actionCodeDescription: `card ${SPELLINGS[(k + 3) % SPELLINGS.length]} declined`,
    cardAuthInfo: { ...card, pan: PAN, cardholderName: `HOLDER ${OTHER}` },
    ...(order.bindingInfo ? { bindingInfo: { ...(order.bindingInfo as Json), clientId: SPELLINGS[2] } } : {}),
    merchantOrderParams: [{ name: 'note', value: SPELLINGS[5] }],
  };
}

beforeAll(async () => {
  h = await openIpcHarness('card-session-', 'desk', { vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked') });
  exportsDir = join(h.folder, 'exports');
  mkdirSync(exportsDir);
  let k = 0;
  gateway = await rewritingGateway(
    () => h.core.sandbox.url,
    (endpoint, answer) => {
      if (endpoint === 'getOrderStatusExtended.do') {
        if (answer.errorCode !== '0' && answer.errorCode !== 0) return { ...answer, errorMessage: `card ${SPELLINGS[1]} is not an order` };
        return hostileOrder(answer, k++);
      }
      if (endpoint === 'getLastOrdersForMerchants.do' && Array.isArray(answer.orderStatuses))
        return { ...answer, orderStatuses: (answer.orderStatuses as Json[]).map((o, i) => hostileOrder(o, i)) };
      if ((endpoint === 'getBindings.do' || endpoint === 'getBindingsByCardOrId.do') && Array.isArray(answer.bindings))
        return {
          ...answer,
          bindings: (answer.bindings as Json[]).map((b) => ({ ...b, maskedPan: PAN, displayLabel: `card ${SPELLINGS[9]}` })),
        };
      return undefined;
    },
  );
}, 60_000);

afterAll(async () => {
  await gateway.close();
  if (!closed) await h.core.close();
  rmSync(h.folder, { recursive: true, force: true });
});

describe('a full session with card numbers entered everywhere and arriving from the gateway', () => {
  it('leaves no card number in any IPC result, event, export or SQLite file (with its WAL)', { timeout: 240_000 }, async () => {
    const sb = h.core.sandbox;
    const from = sb.core.clock.now() - 1000;
    const window = () => ({ from, to: sb.core.clock.now() + 1000 });

    // ---- The shop's orders and stored cards, at the sandbox.
    const clientId = `session-client-${Date.now().toString(36)}`;
    const seeded = await control(sb, 'POST', '/seed', {
      bindings: [
        { clientId, pan: PAN, expiry: '203012' },
        { clientId, pan: '5555555555555599', expiry: '203012' },
      ],
    });
    const bindingIds = (seeded.bindings as { bindingId: string }[]).map((b) => b.bindingId);
    /** A charge of the first card, which each refusal below changes in one field. */
    const aCharge = {
      environment: 'sandbox',
      clientId,
      bindingId: bindingIds[0],
      category: 'COMMON',
      amount: 1_000,
      currency: '643',
    } as const;
    const shop: { orderId: string; orderNumber: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const orderNumber = `shop-${i}-${Date.now().toString(36)}`;
      const orderId = await register(sb, { orderNumber, amount: 10_000 + i, description: `Tea ${i}`, clientId });
      if (i % 2 === 0) await payCard(sb, orderId, PAN);
      shop.push({ orderId, orderNumber });
    }

    // ---- Typed everywhere, in the sandbox environment.
    for (const s of SPELLINGS) {
      await either('orders.lookup', { query: s });
      await either('orders.search', { text: s });
      await either('cards.find', { clientId: s });
      await either('cards.find', { bindingId: s });
      await either('charges.journal', { text: s });
      await either('audit.query', { objectId: s });
      await either('period.view', { query: { ...window(), text: s }, utcOffsetMinutes: 0 });
      const refunded = await refusal('orders.refund', { environment: 'sandbox', orderId: shop[0]!.orderId, amount: 1, reason: `to ${s}` });
      expect(refunded.fields?.[0]?.said.code).toBe('operation.reasonHasCard');
      await refusal('orders.deposit', { environment: 'sandbox', orderId: shop[0]!.orderId, amount: 1, reason: s });
      await refusal('orders.reverse', { environment: 'sandbox', orderId: shop[0]!.orderId, reason: s });
      const charged = await refusal('charges.create', { ...aCharge, description: `card ${s} cvc 123` });
      expect(charged.fields?.[0]?.said.code).toBe('charge.input.descriptionHasCard');
      await refusal('charges.create', { ...aCharge, clientId: s });
    }
    for (const reference of [OTHER, `INV-${OTHER}`, '4111.1111.1111.1111', '4111_1111_1111_1111', '4111/1111/1111/1111'])
      await refusal('charges.create', { ...aCharge, reference });
    await call('cards.find', { cardNumber: PAN });
    await call('cards.find', { clientId });
    await call('orders.lookup', { query: shop[0]!.orderId });
    await call('orders.lookup', { query: shop[1]!.orderNumber });
    await call('orders.refund', { environment: 'sandbox', orderId: shop[0]!.orderId, amount: 100, reason: 'customer asked' });
    await call('charges.create', {
      environment: 'sandbox',
      clientId,
      bindingId: bindingIds[0]!,
      category: 'COMMON',
      amount: 2_000,
      currency: '643',
      description: 'March subscription',
    });
    const batchFile = [
      'clientId,bindingId,amount,currency,description',
      ...SPELLINGS.map((s, i) => `${clientId},${bindingIds[i % 2]},${(1 + i / 100).toFixed(2)},RUB,"card ${s} cvc 123"`),
      ...SPELLINGS.map((s, i) => `"${s}",${bindingIds[i % 2]},${(2 + i / 100).toFixed(2)},RUB,May`),
      `${clientId},${bindingIds[1]},3.00,RUB,April`,
    ].join('\n');
    const plan = await call('charges.batch.plan', { text: batchFile });
    expect(plan.invalid).toHaveLength(2 * SPELLINGS.length);
    await call('charges.batch.run', { batchId: plan.batchId, environment: 'sandbox' });
    for (let s = await call('charges.batch.status', { batchId: plan.batchId }); s.state === 'running' || s.state === 'planned';) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      s = await call('charges.batch.status', { batchId: plan.batchId });
    }
    save(await call('charges.batch.export', { batchId: plan.batchId }));
    save(await call('charges.export', {}));
    await call('charges.reconcile', {});
    const lookups = await call('orders.batch.start', {
      text: [...SPELLINGS, ...shop.map((o) => o.orderId), ...shop.map((o) => o.orderNumber)].join('\n'),
    });
    await batchDone(lookups.batchId);
    save(await call('orders.batch.export', { batchId: lookups.batchId }));
    const retried = await call('orders.batch.retry', { batchId: lookups.batchId }).catch(() => undefined);
    if (retried) await batchDone(retried.batchId);
    await call('period.sync', window());
    await call('period.view', { query: window(), page: { limit: 100 }, utcOffsetMinutes: 0 });
    save(await call('period.export', { query: window(), sort: 'newest' }));
    const run = await call('period.reconcile', window());
    save(await call('period.reconciliation.export', { runId: run.runId }));

    // ---- The custom environment: the same sandbox behind a gateway that puts card numbers in its answers.
    await call('settings.setConnection', { environment: 'custom', baseUrl: gateway.url, authMode: 'password', userName: 'sandbox-api' });
    await call('settings.setCredential', { environment: 'custom', kind: 'password', secret: 'sandbox-pass' });
    await call('settings.updateGeneral', { environment: 'custom' });
    for (const o of shop) {
      await call('orders.lookup', { query: o.orderId });
      await either('orders.lookup', { query: o.orderNumber });
    }
    await either('orders.lookup', { query: 'no-such-order' });
    await call('orders.history', {});
    await call('orders.search', { text: '3333' });
    await call('orders.refund', { environment: 'custom', orderId: shop[2]!.orderId, amount: 100, reason: 'goods returned' });
    await call('cards.find', { clientId });
    await call('cards.find', { cardNumber: PAN });
    const hostile = await call('orders.batch.start', { text: [...shop.map((o) => o.orderId), 'no-such-order'].join('\n') });
    await batchDone(hostile.batchId);
    save(await call('orders.batch.export', { batchId: hostile.batchId }));
    await call('period.sync', window());
    const listed = listedView(await call('period.view', { query: window(), page: { limit: 100 }, utcOffsetMinutes: 0 }));
    save(await call('period.export', { query: window(), sort: 'newest' }));
    const hostileRun = await call('period.reconcile', window());
    save(await call('period.reconciliation.export', { runId: hostileRun.runId }));
    save(await call('audit.export', {}));
    await call('audit.query', {});
    await call('app.info', {});
    await call('settings.get', {});

    // The gateway did answer with card numbers, and they reached the app.
    expect(gateway.rewritten.get('getOrderStatusExtended.do')).toBeGreaterThanOrEqual(shop.length);
    expect(gateway.rewritten.get('getLastOrdersForMerchants.do')).toBeGreaterThan(0);
    expect(gateway.rewritten.get('getBindings.do')).toBeGreaterThan(0);
    expect(listed.orders.filter((o) => o.orderNumber.includes('**')).length).toBeGreaterThanOrEqual(shop.length);

    // ---- Nothing whole anywhere.
    expect(cardNumbersIn(JSON.stringify(answers))).toEqual([]);
    expect(cardNumbersIn(JSON.stringify(h.events))).toEqual([]);
    expect(cardNumbersInFolder(h.folder)).toEqual([]);
    await h.core.close();
    closed = true;
    expect(cardNumbersInFolder(h.folder)).toEqual([]);
  });
});
