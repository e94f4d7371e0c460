/**
 * The Customers channels through the IPC dispatcher over a real app core (the embedded sandbox over HTTP,
 * SQLite files): what main refuses of the untrusted renderer, a search after the orders were synced, one
 * customer with their cards, the batch file, and who may use which (support finds customers, finance writes
 * the batch file of their binding IDs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leastRole, mayUse } from '../../main/ipc/permissions.js';
import { CARDS, control } from '../sandbox/client.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

let h: IpcHarness;
beforeAll(async () => {
  h = await openIpcHarness('customers-ipc-', 'finance');
  await control(h.core.sandbox, 'POST', '/seed', {
    bindings: [
      { clientId: 'ipc-vera', category: 'RECURRENT', pan: CARDS.noThreeDS, expiry: '203105' },
      { clientId: 'ipc-viktor', category: 'COMMON', pan: '4111111111111111' },
    ],
  });
  const now = Date.now();
  expect((await h.call('period.sync', { from: now - 86_400_000, to: now + 60_000 })).state).toBe('done');
}, 60_000);
afterAll(() => h.close());

describe('the Customers channels', () => {
  it('refuses what the contract does not allow: no text, an unknown field, too many customers in one file', async () => {
    expect(await h.refusal('customers.search', { text: '   ' })).toMatchObject({ code: 'invalidInput' });
    expect(await h.refusal('customers.search', { text: 'ipc', limit: 1_000 })).toMatchObject({ code: 'invalidInput' });
    expect(await h.refusal('customers.get', { clientId: '' })).toMatchObject({ code: 'invalidInput' });
    const many = Array.from({ length: 51 }, (_, i) => `c-${i}`);
    expect(await h.refusal('customers.exportBatch', { clientIds: many })).toMatchObject({ code: 'invalidInput' });
    expect(await h.refusal('customers.exportBatch', { clientIds: [] })).toMatchObject({ code: 'invalidInput' });
  });

  it('finds the synced orders’ customers, opens one with their cards, and writes the batch file', async () => {
    const found = await h.call('customers.search', { text: 'ipc-v' });
    expect(found.customers.map((c) => [c.clientId, c.orderCount])).toEqual([
      ['ipc-vera', 1],
      ['ipc-viktor', 1],
    ]);
    const vera = await h.call('customers.get', { clientId: 'ipc-vera' });
    expect(vera.cards.map((c) => [c.category, c.maskedPan, c.expiry])).toEqual([['RECURRENT', '444455******3333', '203105']]);
    const file = await h.call('customers.exportBatch', { clientIds: ['ipc-vera', 'ipc-viktor'] });
    expect(file).toMatchObject({
      mimeType: 'text/csv',
      rows: 2,
      fileName: expect.stringMatching(/^batch-charges-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    expect(file.content.split('\n')[0]).toBe('clientId,bindingId,category,card,expiry,amount,currency,description');
    expect(file.content).toContain(`ipc-vera,${vera.cards[0]!.bindingId},RECURRENT,444455******3333,203105,,RUB,`);
  });

  it('lets support find customers and see their cards, and keeps the batch file of binding IDs to finance', () => {
    expect(mayUse('support', 'customers.search')).toBe(true);
    expect(mayUse('support', 'customers.get')).toBe(true);
    expect(mayUse('support', 'customers.exportBatch')).toBe(false);
    expect(leastRole('customers.exportBatch')).toBe('finance');
  });
});
