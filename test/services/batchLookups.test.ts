/**
 * Batch look-ups that can be followed up (issue 13, item 8): results are read while the batch runs, each read
 * giving only what arrived since the last; failed and cancelled lines are counted, and a retry looks up
 * those lines only. Real SQLite, the sandbox over HTTP with its fault controls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { english } from '../../main/phrases/english.js';
import { BatchLookups, type BatchLine, type BatchState } from '../../main/services/batchLookups.js';
import { type BatchProgress } from '../../main/services/orders.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { control, register, uniqueNumber } from '../sandbox/client.js';
import { sandboxOfFile } from '../sandbox/fixture.js';
import { orderServiceOn } from './orderServiceOn.js';

const sb = sandboxOfFile();
let db: Db;
let client: GatewayClient;
/** The orderNumbers the gateway was asked about, in order. */
const asked: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'batch-lookups-test-'));
const reports: { batchId: string; state: BatchState; progress: BatchProgress }[] = [];
let batches: BatchLookups;
let environment = 'sandbox';

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  client = new GatewayClient({
    baseUrl: sb.url,
    credentials: { token: 'sandbox-token' },
    language: 'en',
    // One attempt, so that a fault the sandbox is told to answer fails the line it hits.
    retry: { attempts: 1 },
    logBodies: true,
    hooks: { onRequest: (e) => asked.push(String((e.params as { orderNumber?: string }).orderNumber)) },
  });
  const orders = orderServiceOn(db, client, { batchConcurrency: 4 });
  batches = new BatchLookups({
    orders: () => orders,
    environment: () => environment,
    onProgress: (batchId, state, progress) => reports.push({ batchId, state, progress }),
    progressEveryMs: 0,
  });
});
afterEach(() => control(sb, 'DELETE', '/faults'));
afterAll(async () => {
  await client.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a batch from where the last read stopped until it has stopped, keeping every increment. */
async function follow(batchId: string) {
  const increments: { state: BatchState; lines: readonly BatchLine[] }[] = [];
  let from = 0;
  for (;;) {
    const r = batches.read(batchId, from);
    increments.push({ state: r.state, lines: r.lines });
    from += r.lines.length;
    if (r.state !== 'running' && r.lines.length === 0) return { increments, last: r };
    await sleep(20);
  }
}

describe('batch look-ups', () => {
  it('gives rows while the batch runs, each read only what arrived since the one before', async () => {
    const real = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const orderNumber = uniqueNumber('stream');
        await register(sb, { orderNumber, amount: 2_500 });
        return orderNumber;
      }),
    );
    const queries = [...real, ...Array.from({ length: 30 }, () => uniqueNumber('none'))];
    // Slow answers, so the batch is read many times while it runs.
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 40, count: 0 }],
    });
    const { batchId } = batches.start(queries.join('\n'));
    const { increments, last } = await follow(batchId);

    const whileRunning = increments.filter((i) => i.state === 'running').flatMap((i) => i.lines);
    expect(whileRunning.length).toBeGreaterThan(0);
    expect(whileRunning.length).toBeLessThan(queries.length);
    // Every line exactly once over all the reads, no repeats between increments.
    const lines = increments.flatMap((i) => i.lines.map((l) => l.line));
    expect(lines.toSorted((a, b) => a - b)).toEqual(queries.map((_, i) => i));
    expect(last.progress).toEqual({ total: 40, done: 40, found: 10, notFound: 30, failed: 0, cancelled: 0 });
    // A found row carries the order's registration date.
    const found = increments.flatMap((i) => i.lines).find((l) => l.result.kind === 'found');
    expect(found?.result.kind === 'found' && found.result.order.registeredAt).toEqual(expect.any(Number));
    // Reading from the start again gives all of them, in the order they arrived.
    expect(batches.read(batchId).lines.map((l) => l.line)).toEqual(lines);
  });

  it('counts cancelled lines, and a retry looks up only the failed and cancelled ones', async () => {
    const real = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const orderNumber = uniqueNumber('retry');
        await register(sb, { orderNumber });
        return orderNumber;
      }),
    );
    const queries = [...real, ...Array.from({ length: 54 }, () => uniqueNumber('gone'))];
    await control(sb, 'POST', '/faults', {
      rules: [
        { path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 3, skip: 2 },
        { path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 30, count: 0 },
      ],
    });
    const { batchId } = batches.start(queries.join('\n'));
    // Cancelled part way: once 20 lines are known.
    for (;;) {
      if (batches.read(batchId).progress.done >= 20) break;
      await sleep(5);
    }
    batches.cancel(batchId);
    const first = (await follow(batchId)).last;
    expect(first.state).toBe('cancelled');
    const p = first.progress;
    expect(p.failed).toBe(3);
    expect(p.cancelled).toBeGreaterThan(0);
    expect(p.done + p.cancelled).toBe(60);
    expect(reports.filter((r) => r.batchId === batchId).at(-1)).toMatchObject({ state: 'cancelled', progress: p });
    const all = batches.read(batchId).lines;
    const again = all.filter((l) => l.result.kind === 'failed' || l.result.kind === 'cancelled');
    expect(again).toHaveLength(p.failed + p.cancelled);
    // A failed line says what happened in words, and keeps the technical account for its Details.
    for (const l of all.filter((x) => x.result.kind === 'failed')) {
      expect(l.result).toMatchObject({
        reason: [
          { code: 'gateway.serverFault', params: { status: 503 } },
          { code: 'gateway.effect.nothing' },
          { code: 'gateway.tryLater' },
        ],
        detail: expect.stringMatching(/getOrderStatusExtended\.do/),
      });
      if (l.result.kind === 'failed') expect(english(l.result.reason)).toMatch(/^The gateway is not answering \(HTTP 503\)/);
    }

    await control(sb, 'DELETE', '/faults');
    asked.length = 0;
    const retried = batches.retry(batchId);
    expect(retried).toEqual({ batchId: expect.not.stringMatching(batchId), total: 60, retrying: again.length });
    const second = await follow(retried.batchId);
    // The gateway was asked about those lines only, each once.
    expect(asked.toSorted()).toEqual(again.map((l) => queries[l.line]).toSorted());
    expect(second.last.progress).toEqual({ total: 60, done: 60, found: 6, notFound: 54, failed: 0, cancelled: 0 });
    // The lines already answered keep their results and come first.
    const lines = second.increments.flatMap((i) => i.lines);
    const kept = all.filter((l) => l.result.kind === 'found' || l.result.kind === 'notFound');
    expect(lines.slice(0, kept.length)).toEqual(kept);
    // The batch retried is as it was; a finished batch with nothing left to retry says so.
    expect(batches.read(batchId).progress).toEqual(p);
    expect(() => batches.retry(retried.batchId)).toThrow(/nothing to retry/);
  });

  it('refuses to retry a batch that is still running', async () => {
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 200, count: 0 }],
    });
    const { batchId } = batches.start(Array.from({ length: 8 }, () => uniqueNumber('busy')).join('\n'));
    expect(() => batches.retry(batchId)).toThrow(/still running/);
    batches.cancel(batchId);
    await follow(batchId);
  });

  it('refuses to retry a batch of another environment than the one now in use', async () => {
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'latency', latencyMs: 200, count: 0 }],
    });
    const { batchId } = batches.start(Array.from({ length: 8 }, () => uniqueNumber('moved')).join('\n'));
    // What the app does before switching: the batch is cancelled, then the environment changes.
    batches.cancelAll();
    await follow(batchId);
    environment = 'test';
    try {
      expect(() => batches.retry(batchId)).toThrow(/ran in the sandbox environment and the app is now on test/);
    } finally {
      environment = 'sandbox';
    }
  });
});
