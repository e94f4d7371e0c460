/**
 * The orders of a period over IPC, on a real core (SQLite files, the embedded sandbox over HTTP): the sync
 * with its events, the view, the CSV, the reconciliation with its CSV, and what main refuses.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { CARDS, control, payCard, register } from '../sandbox/client.js';
import { openIpcHarness, type IpcHarness } from './harness.js';
import { listed } from '../services/listedView.js';

let h: IpcHarness;
let from: number;
beforeAll(async () => {
  h = await openIpcHarness('period-ipc-', 'desk');
  from = h.core.sandbox.core.clock.now() - 1000;
  for (let i = 0; i < 12; i++) {
    const orderId = await register(h.core.sandbox, { amount: 500 + i, currency: i % 2 ? '840' : '643', description: `Tea ${i}` });
    if (i % 3 === 0) await payCard(h.core.sandbox, orderId, CARDS.noThreeDS);
  }
}, 60_000);
afterAll(() => h.close());

const window = () => ({ from, to: h.core.sandbox.core.clock.now() + 1000 });

describe('the orders of a period over IPC', () => {
  it('syncs with progress events, then shows the orders, their totals and when they were synced', async () => {
    expect(await h.call('period.view', { query: window(), utcOffsetMinutes: 0 })).toMatchObject({ total: 0, complete: false });
    const result = await h.call('period.sync', window());
    expect(result).toMatchObject({ state: 'done', fetched: 12 });
    expect(h.events.filter((e) => e.type === 'period.progress').length).toBeGreaterThan(0);
    expect(h.events.at(-1)).toEqual({ type: 'period.synced', environment: 'sandbox', state: 'done' });

    const view = listed(await h.call('period.view', { query: { ...window(), paid: true }, page: { limit: 50 }, utcOffsetMinutes: 0 }));
    expect(view.total).toBe(4);
    expect(view.syncedAt).toBe(result.syncedAt);
    expect(view.complete).toBe(true);
    // A period never read says so, whatever the copy happens to hold of it.
    const lastMonth = { from: from - 30 * 86_400_000, to: from };
    expect(await h.call('period.view', { query: lastMonth, utcOffsetMinutes: 0 })).toMatchObject({ complete: false });
    expect(await h.call('period.view', { query: { ...window(), dateOf: 'operation' }, utcOffsetMinutes: 0 })).toMatchObject({
      complete: false,
    });
    expect(view.totals.reduce((n, t) => n + t.count, 0)).toBe(4);
    const text = listed(await h.call('period.view', { query: { ...window(), text: 'tea 1' }, utcOffsetMinutes: 0 }));
    expect(text.orders.map((o) => o.description).sort()).toEqual(['Tea 1', 'Tea 10', 'Tea 11']);
  });

  it('exports what the filters show', async () => {
    const file = await h.call('period.export', { query: { ...window(), currency: '840' }, sort: 'amountAsc' });
    const rows = parse(file.content, { columns: true }) as { amount: string; currency: string }[];
    expect(rows.map((r) => r.amount)).toEqual(['501', '503', '505', '507', '509', '511']);
    expect(file.fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('runs the reconciliation, audited, and exports the report it showed', async () => {
    const run = await h.call('period.reconcile', window());
    expect(run.sync).toBe('done');
    expect(run.reconciliation.rows).toEqual([]);
    const file = await h.call('period.reconciliation.export', { runId: run.runId });
    expect(file.content.split('\n')[0]).toMatch(/^class,orderNumber,orderId,differences/);
    expect(h.core.audit.query({ action: 'reconciliation.run' })).toHaveLength(1);
    const gone = await h.refusal('period.reconciliation.export', { runId: 'r0000' });
    expect(gone).toMatchObject({ code: 'notFound', said: [{ code: 'reconciliation.notKept' }] });
    expect(gone.message).toBe('That report is no longer kept; run the reconciliation again to export it');
  });

  it('says why the reading before a reconciliation failed, and that its gateway side is as of the last sync', async () => {
    await control(h.core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getLastOrdersForMerchants.do', mode: 'status', status: 503, count: 0 }],
    });
    const earlier = { from: from - 2 * 86_400_000, to: from };
    const run = await h.call('period.reconcile', earlier);
    await control(h.core.sandbox, 'DELETE', '/faults');
    expect(run).toMatchObject({ sync: 'failed', complete: false });
    expect(run.syncReason?.[0]).toEqual({ code: 'gateway.serverFault', params: { status: 503 } });
    expect(english(run.syncReason!)).toMatch(/503/);
    expect(h.events.at(-1)).toEqual({ type: 'period.synced', environment: 'sandbox', state: 'failed' });
    expect(h.core.audit.query({ action: 'reconciliation.run' })[0]).toMatchObject({ outcome: 'failure', facts: { sync: 'failed' } });
  });

  it('refuses a card number as search text, a period backwards or over 400 days, and a wrong state', async () => {
    const base = { ...window() };
    const refused = async (query: Record<string, unknown>) =>
      (await h.refusal('period.view', { query: { ...base, ...query }, utcOffsetMinutes: 0 })).fields?.[0]?.message;
    expect(await refused({ text: '4111 1111 1111 1111' })).toMatch(/card number; search by its first six and last four/);
    const backwards = await h.refusal('period.view', { query: { ...base, from: base.to, to: base.from }, utcOffsetMinutes: 0 });
    expect(backwards.fields?.[0]).toMatchObject({ path: 'query.from', said: { code: 'sync.startBeforeEnd' } });
    expect(await refused({ from: base.to, to: base.from })).toMatch(/start must be before the end/);
    expect(await refused({ statuses: [9] })).toBeDefined();
    expect(await refused({ minAmount: 10, maxAmount: 5 })).toMatch(/smallest amount/);
    expect((await h.refusal('period.sync', { from: base.from, to: base.from + 401 * 86_400_000 })).fields?.[0]?.message).toMatch(
      /400 days/,
    );
  });
});
