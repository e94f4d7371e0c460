/**
 * GET /sandbox/events: the sandbox's changes as server-sent events, read here by a real HTTP client
 * (fetch's body reader) over loopback: requests, orders, callbacks, faults, clock, merchants and reset,
 * and a stream that ends when the sandbox closes.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.js';
import { describeFault } from '../../main/sandbox/console/faultWords.js';
import { AUTH, CARDS, control, controlHeaders, payCard, register, startSandbox, type Json } from './client.js';
import { callbackReceiverOfFile, sandboxOfFile } from './fixture.js';

interface Message {
  readonly id?: string;
  readonly event?: string;
  readonly data?: Json;
  readonly raw: string;
}

/** An open event stream: messages as they come, and a way to wait for one. */
class Stream {
  readonly messages: Message[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];

  constructor(readonly response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const pump = async (): Promise<void> => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) {
          this.ended = true;
          this.wake();
          return;
        }
        this.buffer += value;
        let cut: number;
        while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
          const raw = this.buffer.slice(0, cut);
          this.buffer = this.buffer.slice(cut + 2);
          const fields = new Map(
            raw.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          this.messages.push({
            id: fields.get('id'),
            event: fields.get('event'),
            data: fields.has('data') ? (JSON.parse(fields.get('data')!) as Json) : undefined,
            raw,
          });
        }
        this.wake();
      }
    };
    void pump();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first message (from `from` on) that matches, waiting up to two seconds for it. */
  async next(match: (m: Message) => boolean, from = 0): Promise<Message> {
    const deadline = Date.now() + 2000;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.ended || Date.now() > deadline)
        throw new Error(`no such event; got ${this.messages.map((m) => m.event ?? m.raw).join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  ofType(type: string): Message[] {
    return this.messages.filter((m) => m.event === type);
  }
}

async function openStream(sb: Sandbox, headers: Record<string, string> = { authorization: `Bearer ${sb.controlToken}` }): Promise<Stream> {
  const response = await fetch(`${sb.url}/sandbox/events`, { headers });
  return new Stream(response);
}

const sb = sandboxOfFile();
const receiver = callbackReceiverOfFile();

describe('GET /sandbox/events', () => {
  it('opens as a no-store event stream that tells the client to retry after a second', async () => {
    const stream = await openStream(sb);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect((await stream.next((m) => m.raw.startsWith('retry:'))).raw).toBe('retry: 1000');
    await stream.response.body?.cancel().catch(() => undefined);
  });

  it('sends requests, orders and callbacks as they happen, with increasing ids', async () => {
    const stream = await openStream(sb);
    const orderId = await register(sb, { dynamicCallbackUrl: receiver.url });
    const request = await stream.next((m) => m.event === 'request');
    expect(request.data).toMatchObject({ endpoint: '/payment/rest/register.do', orderId, params: { password: '•••' } });
    const registered = await stream.next((m) => m.event === 'order');
    expect(registered.data).toMatchObject({ orderId, status: 0, merchant: 'sandbox', updatedAt: expect.any(Number) });

    await payCard(sb, orderId, CARDS.noThreeDS);
    const paid = await stream.next((m) => m.event === 'order' && m.data?.status === 2);
    expect(paid.data).toMatchObject({ orderId, depositedAmount: 10_000, maskedPan: '444455******3333' });
    const delivered = await stream.next((m) => m.event === 'callback' && m.data?.state === 'delivered');
    expect(delivered.data).toMatchObject({ mdOrder: orderId, operation: 'deposited', url: receiver.url, attempts: 1 });
    expect(receiver.received.some((q) => q.get('mdOrder') === orderId)).toBe(true);

    const ids = stream.messages.filter((m) => m.id !== undefined).map((m) => Number(m.id));
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await stream.response.body?.cancel().catch(() => undefined);
  });

  it('sends faults (with their sentence, also when a rule is used), clock, merchant and reset', async () => {
    const stream = await openStream(sb);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503 }] });
    const armed = await stream.next((m) => m.event === 'faults');
    expect(armed.data).toMatchObject({
      rules: [
        {
          mode: 'status',
          seen: 0,
          applied: 0,
          describe: 'The next 1 request to getOrderStatusExtended.do answers HTTP 503 without being processed',
        },
      ],
    });
    await fetch(`${sb.url}/payment/rest/getOrderStatusExtended.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...AUTH, orderId: 'nothing' }).toString(),
    });
    const used = await stream.next((m) => m.event === 'faults' && (m.data?.rules as Json[])[0]?.applied === 1);
    expect((used.data!.rules as Json[])[0]!.describe).toBe(
      'Used up: it affected 1 request to getOrderStatusExtended.do and does nothing more',
    );
    const ruleId = (used.data!.rules as Json[])[0]!.id as number;
    await fetch(`${sb.url}/sandbox/faults/${ruleId}`, { method: 'DELETE', headers: controlHeaders(sb) });
    await stream.next((m) => m.event === 'faults' && (m.data?.rules as Json[]).length === 0);

    await control(sb, 'POST', '/clock', { advanceMs: 60_000 });
    const clock = await stream.next((m) => m.event === 'clock');
    expect(clock.data).toMatchObject({ now: expect.any(Number), offsetMs: expect.any(Number) });
    expect(clock.data!.offsetMs as number).toBeGreaterThanOrEqual(60_000);

    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 7 });
    const merchant = await stream.next((m) => m.event === 'merchant');
    expect(merchant.data).toMatchObject({ login: 'sandbox', limits: { rps: 7 } });
    expect(JSON.stringify(merchant.data)).not.toContain('sandbox-pass');

    await control(sb, 'POST', '/reset');
    expect((await stream.next((m) => m.event === 'reset')).data).toEqual({});
    await stream.response.body?.cancel().catch(() => undefined);
  });

  it('the console session cookie opens the stream too; no credential does not', async () => {
    const entry = await fetch(sb.consoleUrl(), { redirect: 'manual' });
    const cookie = entry.headers.get('set-cookie')!.split(';')[0]!;
    const stream = await openStream(sb, { cookie });
    expect(stream.response.status).toBe(200);
    await stream.response.body?.cancel().catch(() => undefined);
    expect((await fetch(`${sb.url}/sandbox/events`)).status).toBe(401);
  });

  it('close() ends open streams instead of waiting on them', async () => {
    const other = await startSandbox();
    const streams = [await openStream(other), await openStream(other)];
    await streams[0]!.next((m) => m.raw.startsWith('retry:'));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    for (const s of streams) {
      await s.next(() => false).catch(() => undefined);
      expect(s.ended).toBe(true);
    }
  });

  it('one sentence per fault rule, true to its remaining uses', () => {
    const rule = {
      path: '*',
      mode: 'throttle',
      count: 2,
      skip: 0,
      latencyMs: 3000,
      status: 500,
      retryAfterSec: 5,
      seen: 0,
      applied: 0,
    } as const;
    expect(describeFault(rule)).toBe(
      'The next 2 requests to any endpoint wait 3000 ms, then answer 429 with Retry-After: 5 without being processed',
    );
    expect(describeFault({ ...rule, path: '/payment/rest/paymentOrderBinding.do', mode: 'lost', count: 0, latencyMs: 0 })).toBe(
      'Every request to paymentOrderBinding.do is processed, then its answer is lost (connection reset)',
    );
    expect(describeFault({ ...rule, mode: 'reset', count: 1, skip: 2, seen: 1, latencyMs: 0 })).toBe(
      'After 1 request to any endpoint goes through untouched, the next 1 request to any endpoint is not processed: the connection is reset',
    );
    expect(describeFault({ ...rule, mode: 'latency', count: 3, applied: 1, latencyMs: 250 })).toBe(
      'The next 2 requests to any endpoint wait 250 ms, then are handled normally',
    );
    expect(describeFault({ ...rule, path: '/payment/applepay/payment.do', mode: 'truncate', count: 1, latencyMs: 0 })).toBe(
      'The next 1 request to /payment/applepay/payment.do is processed, then only half of its answer is sent before the connection is reset',
    );
    expect(describeFault({ ...rule, mode: 'status', status: 502, count: 0, latencyMs: 0 })).toBe(
      'Every request to any endpoint answers HTTP 502 without being processed',
    );
  });
});
