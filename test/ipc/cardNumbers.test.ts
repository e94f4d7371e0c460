/**
 * Issue 25, item 2, over IPC on a real core (SQLite files, the embedded sandbox over HTTP):
 *   - a card number inside a gateway orderNumber or description is kept masked in the period list's table
 *     and answered masked by period.view and period.export, as the batch look-up answers the same orders;
 *   - a refund reason holding a card number in a spelling people paste is refused, and neither the
 *     operations journal nor the audit log keeps it;
 *   - charges.create refuses a description (with its CVC), a reference or a client ID holding a card number,
 *     and a batch file's dry run marks such a row invalid; nothing is journalled or sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersIn, cardNumbersInFolder, cardSpellings } from '../domain/cardRuns.js';
import { CARDS, control, payCard, register } from '../sandbox/client.js';
import { openIpcHarness, type IpcHarness } from './harness.js';
import { listed as listedView } from '../services/listedView.js';

const OTHER = '4111111111111111';
let h: IpcHarness;
let from: number;
beforeAll(async () => {
  h = await openIpcHarness('cards-ipc-', 'desk');
  from = h.core.sandbox.core.clock.now() - 1000;
}, 60_000);
afterAll(() => h.close());

const window = () => ({ from, to: h.core.sandbox.core.clock.now() + 1000 });
/** The app's own files (the sandbox's file holds what merchants registered, as a gateway does). */
const appFiles = () => cardNumbersInFolder(h.folder).filter((f) => !f.includes('sandbox.sqlite'));

describe('a card number in a gateway orderNumber or description', () => {
  it('is kept masked by the period list, and period.view, period.export and the batch look-up answer it masked alike', async () => {
    const spellings = cardSpellings(OTHER).filter((s) => s.length <= 32);
    const registered: { orderId: string; orderNumber: string }[] = [];
    for (const [i, s] of spellings.entries()) {
      const orderNumber = i % 2 ? `ORD${OTHER}-${i}` : `${s}`;
      const orderId = await register(h.core.sandbox, { orderNumber, description: `paid with ${s}`, clientId: s });
      if (i % 3 === 0) await payCard(h.core.sandbox, orderId, CARDS.noThreeDS);
      registered.push({ orderId, orderNumber });
    }
    expect(await h.call('period.sync', window())).toMatchObject({ state: 'done', fetched: spellings.length });
    const view = listedView(await h.call('period.view', { query: window(), page: { limit: 100 }, utcOffsetMinutes: 0 }));
    expect(view.total).toBe(spellings.length);
    expect(cardNumbersIn(JSON.stringify(view))).toEqual([]);
    const exported = await h.call('period.export', { query: window(), sort: 'newest' });
    expect(cardNumbersIn(exported.content)).toEqual([]);
    const rows = listedView(await h.core.services.list.view(window(), { limit: 100 }, 0)).orders;
    expect(cardNumbersIn(JSON.stringify(rows))).toEqual([]);

    // The batch look-up masks the same orders the same way; each order is found by its orderId.
    const batch = await h.call('orders.batch.start', { text: registered.map((r) => r.orderId).join('\n') });
    let results = await h.call('orders.batch.results', { batchId: batch.batchId });
    while (results.state === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      results = await h.call('orders.batch.results', { batchId: batch.batchId });
    }
    const listed = new Map(view.orders.map((o) => [o.orderId, o.orderNumber]));
    for (const row of results.rows) {
      expect(row.result).toBe('found');
      expect(listed.get(row.orderId!)).toBe(row.orderNumber);
    }
    expect(listed.get(registered[1]!.orderId)).toBe('ORD411111******1111-1');
    expect(cardNumbersIn(JSON.stringify(results))).toEqual([]);
    expect(appFiles()).toEqual([]);
  });
});

describe('a refund reason holding a card number', () => {
  it('is refused in every spelling, and neither the journal nor the audit log keeps it', async () => {
    const orderId = await register(h.core.sandbox, { amount: 5_000 });
    await payCard(h.core.sandbox, orderId, CARDS.noThreeDS);
    for (const s of cardSpellings(OTHER)) {
      const refused = await h.refusal('orders.refund', { environment: 'sandbox', orderId, amount: 100, reason: `refund to ${s}` });
      expect(refused, s).toMatchObject({ code: 'invalidInput', fields: [{ path: 'reason', said: { code: 'operation.reasonHasCard' } }] });
    }
    // Said without it, the refund goes through and its reason is kept.
    expect(await h.call('orders.refund', { environment: 'sandbox', orderId, amount: 100, reason: 'customer asked' })).toMatchObject({
      outcome: 'done',
    });
    const audit = await h.call('audit.query', { objectId: orderId });
    expect(audit.entries.some((e) => e.detail?.includes('customer asked'))).toBe(true);
    expect(cardNumbersIn(JSON.stringify(audit))).toEqual([]);
    expect(appFiles()).toEqual([]);
  });
});

describe('a charge whose description or reference holds a card number', () => {
  it('is refused by charges.create, and a dry run marks such a row: nothing journalled or sent', async () => {
    const clientId = `client-${Date.now().toString(36)}`;
    const seeded = await control(h.core.sandbox, 'POST', '/seed', { bindings: [{ clientId, expiry: '203012' }] });
    const bindingId = (seeded.bindings as { bindingId: string }[])[0]!.bindingId;
    await control(h.core.sandbox, 'DELETE', '/callbacks');
    const requestsBefore = ((await control(h.core.sandbox, 'GET', '/requests?endpoint=register.do')).requests as unknown[]).length;
    const charge = { environment: 'sandbox', clientId, bindingId, category: 'COMMON', amount: 1_000, currency: '643' } as const;
    for (const s of cardSpellings(OTHER)) {
      const refused = await h.refusal('charges.create', { ...charge, description: `card ${s} cvc 123` });
      expect(refused, s).toMatchObject({
        code: 'invalidInput',
        fields: [{ path: 'description', said: { code: 'charge.input.descriptionHasCard' } }],
      });
    }
    for (const reference of [OTHER, `INV-${OTHER}`, '4111.1111.1111.1111', '4111_1111_1111_1111']) {
      const refused = await h.refusal('charges.create', { ...charge, reference });
      expect(refused, reference).toMatchObject({
        code: 'invalidInput',
        fields: [{ path: 'reference', said: { code: 'charge.input.referenceHasCard' } }],
      });
    }
    for (const s of cardSpellings(OTHER)) {
      const refused = await h.refusal('charges.create', { ...charge, clientId: s });
      expect(refused, s).toMatchObject({
        code: 'invalidInput',
        fields: [{ path: 'clientId', said: { code: 'charge.input.clientIsCard' } }],
      });
    }
    const plan = await h.call('charges.batch.plan', {
      text: [
        'clientId,bindingId,amount,currency,description',
        `${clientId},${bindingId},10.00,RUB,card ${OTHER} cvc 123`,
        `${OTHER},${bindingId},10.00,RUB,April`,
      ].join('\n'),
    });
    expect(plan.charges).toEqual([]);
    expect(plan.invalid).toEqual([
      { line: 2, errors: [expect.objectContaining({ code: 'charge.batch.descriptionHasCard' })] },
      { line: 3, errors: [expect.objectContaining({ code: 'charge.batch.clientIsCard' })] },
    ]);
    expect((await h.call('charges.journal', { text: clientId })).entries).toEqual([]);
    expect(((await control(h.core.sandbox, 'GET', '/requests?endpoint=register.do')).requests as unknown[]).length).toBe(requestsBefore);
    // Said without it, the charge goes through and shows its description back.
    expect(await h.call('charges.create', { ...charge, description: 'March subscription' })).toMatchObject({
      outcome: 'paid',
      charge: { description: 'March subscription' },
    });
    expect(appFiles()).toEqual([]);
  });
});
