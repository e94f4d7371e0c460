/**
 * The demo data's 90 days and the seeded orders of the benchmarks, seen over HTTP as a merchant and the
 * control API see them: every state, several currencies, cards and clients with stored credentials of
 * each category, the named orders docs/sandbox.md lists, the same past for the same seed, one transaction
 * into the data file, and 100,000 orders that a page of getLastOrdersForMerchants.do still answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime14 } from '../../main/protocol/fields.js';
import { seedDemo } from '../../main/sandbox/demo.js';
import { PinnedClock } from '../../main/sandbox/history.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AUTH, control, postForm, startSandbox, type Json } from './client.js';

const DAY = 24 * 3_600_000;
const ALL = 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED';
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

async function list(sb: Sandbox | { url: string }, params: Record<string, unknown>): Promise<Json> {
  return postForm(sb as Sandbox, '/payment/rest/getLastOrdersForMerchants.do', { ...AUTH, transactionStates: ALL, ...params });
}

/** The last `days` days of the sandbox clock as a window. */
async function lastDays(sb: Sandbox, days: number) {
  const now = (await control(sb, 'GET', '/clock')).now as number;
  return { now, from: formatDateTime14(now - days * DAY), to: formatDateTime14(now) };
}

describe('the demo data', () => {
  it('spans the last 90 days with about 3,000 orders in every state, several currencies, cards and clients', async () => {
    const sb = await startSandbox({ demo: true });
    try {
      const w = await lastDays(sb, 90);
      const all = await list(sb, { ...w, searchByCreatedDate: true, size: 1 });
      expect(all.totalCount).toBeGreaterThan(2_800);
      expect(all.totalCount).toBeLessThan(3_200);
      const oldest = await list(sb, { ...w, searchByCreatedDate: true, size: 1, page: all.totalCount - 1 });
      expect(oldest.orderStatuses[0].date).toBeGreaterThanOrEqual(w.now - 90 * DAY - 1000);
      expect(oldest.orderStatuses[0].date).toBeLessThan(w.now - 89 * DAY);
      for (const state of ALL.split(',')) {
        const r = await list(sb, { ...w, transactionStates: state, size: 1 });
        expect(r.totalCount, state).toBeGreaterThan(state === 'CREATED' || state === 'APPROVED' ? 2 : 50);
      }
      // Orders of the last week and of today, for the list's default view.
      expect((await list(sb, { ...(await lastDays(sb, 1)), size: 1 })).totalCount).toBeGreaterThan(15);

      const { orders } = await control(sb, 'GET', '/orders?merchant=sandbox');
      const currencies = new Set(orders.map((o: Json) => o.currency));
      for (const c of ['643', '840', '978']) expect(currencies).toContain(c);
      expect(currencies.size).toBeGreaterThanOrEqual(5);
      expect(new Set(orders.map((o: Json) => o.maskedPan).filter(Boolean)).size).toBeGreaterThanOrEqual(6);
      const clients = new Set(orders.filter((o: Json) => o.bindingId).map((o: Json) => o.clientId));
      expect(clients.size).toBeGreaterThanOrEqual(8);
      const { bindings } = await control(sb, 'GET', '/bindings?merchant=sandbox');
      for (const category of ['COMMON', 'RECURRENT', 'INSTALLMENT']) {
        expect(bindings.filter((b: Json) => b.category === category).length, category).toBeGreaterThanOrEqual(2);
      }
      // Some stored-card payments were declined for an expired card (client-boris's second card).
      expect(orders.some((o: Json) => o.clientId === 'client-boris' && o.actionCode === 101)).toBe(true);
      // The other merchant's orders are not the sandbox merchant's list.
      expect((await control(sb, 'GET', '/orders?merchant=signed')).orders.length).toBeGreaterThan(20);
    } finally {
      await sb.close();
    }
  });

  it('keeps the named orders the README lists, one per status', async () => {
    const sb = await startSandbox({ demo: true });
    try {
      const statusOf = async (n: string) => (await control(sb, 'GET', `/orders?orderNumber=${n}`)).orders[0].status as number;
      const expected = [0, 1, 2, 3, 4, 2, 2, 5, 6, 6, 6];
      for (const [i, status] of expected.entries()) expect(await statusOf(`demo-${String(i + 1).padStart(4, '0')}`)).toBe(status);
      expect((await list(sb, { ...(await lastDays(sb, 1)), size: 200 })).orderStatuses.map((o: Json) => o.orderNumber)).toContain(
        'demo-0005',
      );
    } finally {
      await sb.close();
    }
  });

  it("has the README's examples of the past as it describes them", async () => {
    const sb = await startSandbox({ demo: true });
    try {
      const examples: [string, Json][] = [
        ['demo-h-03000', { status: 2, clientId: 'client-anna', currency: '643' }],
        ['demo-h-02999', { status: 2, currency: '840' }],
        ['demo-h-02989', { status: 2, currency: '978' }],
        ['demo-h-02970', { status: 2, currency: '392' }],
        ['demo-h-02998', { status: 0 }],
        ['demo-h-02997', { status: 1 }],
        ['demo-h-02944', { status: 3, approvedAmount: 0 }],
        ['demo-h-02875', { status: 3 }],
        ['demo-h-02795', { status: 4 }],
        ['demo-h-02849', { status: 2, refundedAmount: expect.any(Number) }],
        ['demo-h-02974', { status: 6, actionCode: 5 }],
        ['demo-h-02956', { status: 6, actionCode: 71015 }],
        ['demo-h-02836', { status: 6, actionCode: -2017 }],
        ['demo-h-02988', { status: 6, actionCode: -2025 }],
        ['demo-h-02990', { status: 6, actionCode: -2007 }],
        ['demo-h-02936', { status: 6, actionCode: -20010 }],
        ['demo-h-02926', { status: 6, actionCode: 101, clientId: 'client-boris' }],
        ['demo-h-02919', { status: 2, clientId: 'client-elena' }],
        ['demo-h-02968', { status: 2, clientId: 'client-farid' }],
      ];
      for (const [orderNumber, expected] of examples) {
        const { orders } = await control(sb, 'GET', `/orders?merchant=sandbox&orderNumber=${orderNumber}`);
        expect(orders[0], orderNumber).toMatchObject(expected);
      }
      const partly = (await control(sb, 'GET', '/orders?orderNumber=demo-h-02849')).orders[0];
      expect(partly.refundedAmount).toBeGreaterThan(0);
      expect(partly.refundedAmount).toBeLessThan(partly.depositedAmount);
    } finally {
      await sb.close();
    }
  });

  it('is the same past for the same seed', async () => {
    const at = Date.UTC(2026, 10, 23, 9, 30);
    const snapshot = async () => {
      const sb = await startSandbox({ seed: 7 });
      try {
        seedDemo({ ...sb.core, clock: new PinnedClock(at) });
        return sb.core.state
          .listOrders({}, -1)
          .map((o) => [
            o.id,
            o.orderNumber,
            o.status,
            o.amount,
            o.currency,
            o.createdAt,
            o.lastOperationAt,
            o.payment?.card.maskedPan,
            o.clientId,
          ])
          .sort();
      } finally {
        await sb.close();
      }
    };
    const first = await snapshot();
    expect(first.length).toBeGreaterThan(3_000);
    expect(await snapshot()).toEqual(first);
  });

  it('is written to the data file in one go and found again, listed, after a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'demo-history-'));
    folders.push(folder);
    const dataFile = join(folder, 'sandbox.sqlite');
    const sb = await startSandbox({ dataFile, demo: true });
    const w = await lastDays(sb, 90);
    const before = await list(sb, { ...w, size: 200, page: 3 });
    await sb.close();
    const again = await startSandbox({ dataFile, demo: true });
    try {
      expect(await list(again, { ...w, size: 200, page: 3 })).toEqual(before);
    } finally {
      await again.close();
    }
  });
});

describe('seeded orders for benchmarks', () => {
  it('seeds 100,000 orders (SandboxOptions.seedOrders) that a page of the list answers from', { timeout: 60_000 }, async () => {
    const sb = await startSandbox({ seedOrders: 100_000 });
    try {
      const w = await lastDays(sb, 90);
      const first = await list(sb, { ...w, size: 200 });
      expect(first.totalCount).toBe(100_000);
      expect(first.orderStatuses).toHaveLength(200);
      const deep = await list(sb, { ...w, size: 200, page: 300, transactionStates: 'DEPOSITED,REFUNDED' });
      expect(deep).toMatchObject({ errorCode: '0', page: 300 });
      expect(deep.orderStatuses).toHaveLength(200);
      const states = deep.orderStatuses.map((o: Json) => o.paymentAmountInfo.paymentState as string);
      expect(new Set(states)).toEqual(new Set(['DEPOSITED', 'REFUNDED']));
    } finally {
      await sb.close();
    }
  });

  it('adds N more orders through the control API, numbered in a batch of their own', async () => {
    const sb = await startSandbox();
    try {
      expect(await control(sb, 'POST', '/seed', { orders: 500 })).toMatchObject({ ok: true, orders: { orders: 500, prefix: 'bulk-1-' } });
      expect(await control(sb, 'POST', '/seed', { orders: 300 })).toMatchObject({ orders: { orders: 300, prefix: 'bulk-2-' } });
      expect((await list(sb, { ...(await lastDays(sb, 90)), size: 1 })).totalCount).toBe(800);
      expect((await control(sb, 'GET', '/orders?orderNumber=bulk-2-00300')).orders).toHaveLength(1);
      const refused = await fetch(`${sb.url}/sandbox/seed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sb.controlToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ orders: 0 }),
      });
      expect(refused.status).toBe(400);
    } finally {
      await sb.close();
    }
  });

  it('npm run sandbox -- --seed-orders N seeds them at start', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0', '--seed-orders', '250'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const now = Date.now();
      const r = await list({ url }, { from: formatDateTime14(now - 91 * DAY), to: formatDateTime14(now + 60_000), size: 1 });
      expect(r.totalCount).toBe(250);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
