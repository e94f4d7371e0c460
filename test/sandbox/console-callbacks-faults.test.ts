/**
 * What the developer console shows of callbacks and faults: each delivery with its order, every attempt
 * (the merchant's status or the error, the time it took) and when the next retry is due; each fault rule
 * with a sentence saying what it does, removable on its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, controlHeaders, register, type Json } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile({ callbacks: { retryDelaysMs: [150, 150] } });
let receiver: Server;
let receiverUrl: string;
/** How the receiver answers its next requests; 200 once this runs out. */
const answers: number[] = [];
beforeAll(async () => {
  receiver = createServer((_req, res) => res.writeHead(answers.shift() ?? 200).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const deliveryOf = async (orderId: string): Promise<Json> =>
  ((await control(sb, 'GET', '/callbacks')).deliveries as Json[]).find((d) => d.mdOrder === orderId)!;

async function until(orderId: string, done: (d: Json) => boolean): Promise<Json> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const d = await deliveryOf(orderId);
    if ((d && done(d)) || Date.now() > deadline) return d;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET /sandbox/callbacks', () => {
  it('shows each attempt with the merchant’s answer, and when the next retry is due', async () => {
    answers.push(503);
    const before = Date.now();
    const orderId = await register(sb, { dynamicCallbackUrl: receiverUrl });
    const { order } = await control(sb, 'GET', `/orders/${orderId}`);
    await control(sb, 'POST', `/orders/${orderId}/actions`, { action: 'pay' });

    const waiting = await until(orderId, (d) => d.attemptsLog.length === 1);
    expect(waiting).toMatchObject({
      orderNumber: (order as Json).orderNumber,
      operation: 'deposited',
      state: 'pending',
      attempts: 1,
      lastError: 'HTTP 503',
      attemptsLog: [{ httpStatus: 503, error: 'HTTP 503', durationMs: expect.any(Number) }],
    });
    expect(waiting.createdAt).toBeGreaterThanOrEqual(before);
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual((waiting.attemptsLog as Json[])[0]!.at + 150);

    const delivered = await until(orderId, (d) => d.state === 'delivered');
    expect(delivered).toMatchObject({ attempts: 2, nextAttemptAt: null });
    expect((delivered.attemptsLog as Json[]).map((a) => [a.httpStatus, a.error])).toEqual([
      [503, 'HTTP 503'],
      [200, null],
    ]);
  });

  it('a merchant that cannot be reached: the error, no status, then failed with no retry due', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/cb`;
    await new Promise((resolve) => closed.close(resolve));
    const orderId = await register(sb, { dynamicCallbackUrl: deadUrl });
    await control(sb, 'POST', `/orders/${orderId}/actions`, { action: 'decline' });
    const failed = await until(orderId, (d) => d.state === 'failed');
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: null });
    for (const a of failed.attemptsLog as Json[]) {
      expect(a.httpStatus).toBeNull();
      expect(a.error).toEqual(expect.any(String));
    }
  });
});

describe('fault rules in the console', () => {
  it('GET /sandbox/faults gives each rule its sentence; DELETE /sandbox/faults/:id removes one', async () => {
    const { rules } = await control(sb, 'POST', '/faults', {
      rules: [
        { path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503 },
        { path: '*', mode: 'throttle', count: 2, latencyMs: 3000, retryAfterSec: 5 },
      ],
    });
    expect((rules as Json[]).map((r) => r.describe)).toEqual([
      'The next 1 request to getOrderStatusExtended.do answers HTTP 503 without being processed',
      'The next 2 requests to any endpoint wait 3000 ms, then answer 429 with Retry-After: 5 without being processed',
    ]);
    const [first, second] = rules as Json[];
    const removed = await fetch(`${sb.url}/sandbox/faults/${first!.id}`, { method: 'DELETE', headers: controlHeaders(sb) });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Json).rules).toEqual([expect.objectContaining({ id: second!.id })]);
    const listed = (await control(sb, 'GET', '/faults')).rules as Json[];
    expect(listed.map((r) => [r.id, r.describe])).toEqual([[second!.id, second!.describe]]);
    for (const id of [first!.id, 'abc']) {
      const missing = await fetch(`${sb.url}/sandbox/faults/${id}`, { method: 'DELETE', headers: controlHeaders(sb) });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as Json).error).toBe(`No fault rule ${id}`);
    }
    await control(sb, 'DELETE', '/faults');
  });
});
