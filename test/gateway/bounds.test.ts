/**
 * What bounds every gateway exchange, at the one place every request passes (main/gateway/transport.ts), tried
 * against the test suite's hostile gateway over real HTTP: a byte cap named in the error, an overall deadline
 * that an answer trickling a byte at a time cannot outrun, a caller's Cancel that ends the request in the
 * transport with no attempt after it, and destroy() that ends what a client has in flight at once. Money
 * safety through all of it: a payment cut off after it may have been sent is of unknown outcome, never failed,
 * and a sync's Cancel does not touch a charge sent without its signal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient, type ClientOptions } from '../../main/gateway/client.js';
import { NetworkError, OutcomeUnknownError } from '../../main/gateway/errors.js';
import { lastOrderPages } from '../../main/gateway/lastOrders.js';
import { MAX_ANSWER_BYTES } from '../../main/gateway/transport.js';
import { failureWords } from '../../main/services/failureWords.js';
import { AUTH } from '../sandbox/client.js';
import { startHostileGateway, type HostileGateway, type HostileMode } from './hostileGateway.js';

const MB = 1024 * 1024;
const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const BINDING_ID = '00000000-0000-4000-8000-000000000002';

let gateway: HostileGateway | undefined;
let client: GatewayClient | undefined;
afterEach(async () => {
  await client?.destroy();
  await gateway?.stop();
  client = gateway = undefined;
});

async function against(mode: HostileMode | Parameters<typeof startHostileGateway>[0], options: Partial<ClientOptions> = {}) {
  gateway = await startHostileGateway(mode);
  client = new GatewayClient({ baseUrl: gateway.url, credentials: AUTH, retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...options });
  return { gateway, client };
}

const lookUp = (c: GatewayClient, signal?: AbortSignal) =>
  c.getOrderStatusExtended({ orderId: ORDER_ID }, signal ? { signal } : undefined).then(
    () => undefined,
    (e: unknown) => e,
  );

/** How long a promise takes to settle after `from` (performance.now()). */
const settledAfter = async (promise: Promise<unknown>, from: number) => (await promise, performance.now() - from);

describe('the size of an answer', () => {
  it('is capped at 16 MB, named in the error, and not asked for again: a 400 MB answer costs neither time nor memory', async () => {
    const { gateway, client } = await against({ kind: 'huge', bytes: 400 * MB });
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const err = await lookUp(client);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());

    expect(MAX_ANSWER_BYTES).toBe(16 * MB);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).reason).toBe('answer over 16 MB');
    expect(failureWords(err as NetworkError).message).toContain('larger than 16 MB');
    // One request: the same request would bring the same answer.
    expect(gateway.requests).toHaveLength(1);
    // The connection was cut once the cap was passed: far from the 400 MB the gateway meant to send.
    expect(gateway.bytesSent()).toBeLessThan(64 * MB);
    expect(peak - before).toBeLessThan(150 * MB);
  });

  it('is refused unread when its length is declared over the cap', async () => {
    const { gateway, client } = await against({ kind: 'huge', bytes: 400 * MB, declareLength: true });
    const err = await lookUp(client);
    expect((err as NetworkError).reason).toBe('answer over 16 MB');
    expect(gateway.bytesSent()).toBeLessThan(20 * MB);
  });

  it('of a payment leaves its outcome unknown, never failed', async () => {
    const { client } = await against({ kind: 'huge', bytes: 40 * MB });
    const err = await client.paymentOrderBinding({ mdOrder: ORDER_ID, bindingId: BINDING_ID }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect((err as OutcomeUnknownError).reason).toBe('answer over 16 MB');
  });
});

describe('the time an answer takes', () => {
  it('is bounded by a deadline for the whole answer, which a byte every 100 ms does not reset', async () => {
    const { gateway, client } = await against({ kind: 'trickle', everyMs: 100 }, { timeoutMs: 800, retry: { attempts: 1 } });
    const started = performance.now();
    const err = await lookUp(client);
    const took = performance.now() - started;
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).reason).toBe('timed out');
    expect(took).toBeLessThan(5_000);
    expect(gateway.requests).toHaveLength(1);
  });

  it('is bounded by the same deadline when the gateway sends informational answers (102) and never the real one', async () => {
    const { gateway, client } = await against({ kind: 'processing', everyMs: 100 }, { timeoutMs: 800, retry: { attempts: 1 } });
    const started = performance.now();
    const err = await lookUp(client);
    expect((err as NetworkError).reason).toBe('timed out');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe("a caller's Cancel", () => {
  for (const [name, mode] of [
    ['no answer', { kind: 'silent' }],
    ['an answer trickling a byte at a time', { kind: 'trickle', everyMs: 200 }],
  ] as const) {
    it(`ends a look-up waiting for ${name} within a second, in the transport, with no attempt after it`, async () => {
      const { gateway, client } = await against(mode);
      const stop = new AbortController();
      const pending = lookUp(client, stop.signal);
      await gateway.received(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const cancelled = performance.now();
      stop.abort();
      expect(await settledAfter(pending, cancelled)).toBeLessThan(1_000);
      const err = await pending;
      expect(err).toMatchObject({ kind: 'network', stage: 'noAnswer', reason: 'cancelled' });
      expect(failureWords(err as NetworkError).message).toContain('cancelled before the gateway answered');
      // Its connection is closed, not left to the gateway; no attempt after it.
      await expect.poll(() => gateway.openSockets(), { timeout: 1_000 }).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(gateway.requests).toHaveLength(1);
    });
  }

  it('ends a request still waiting for a place in the limiter, and sends nothing for it', async () => {
    const { gateway, client } = await against({ kind: 'silent' }, { limits: { maxInFlight: 1 } });
    const holder = new AbortController();
    const first = lookUp(client, holder.signal);
    await gateway.received(1);
    const stop = new AbortController();
    const waiting = lookUp(client, stop.signal);
    const cancelled = performance.now();
    stop.abort();
    expect(await settledAfter(waiting, cancelled)).toBeLessThan(1_000);
    expect(await waiting).toMatchObject({ kind: 'network', stage: 'notSent', reason: 'cancelled' });
    holder.abort();
    await first;
    expect(gateway.requests).toHaveLength(1);
  });

  it("does not touch a charge sent without it: a sync's Cancel leaves the payment in flight to finish", async () => {
    const { gateway, client } = await against((r) =>
      r.endpoint === 'paymentOrderBinding.do'
        ? { kind: 'json', body: { errorCode: '0', redirect: 'https://x.example/ok' }, delayMs: 600 }
        : { kind: 'silent' },
    );
    const sync = new AbortController();
    const listing = lookUp(client, sync.signal);
    const payment = client.paymentOrderBinding({ mdOrder: ORDER_ID, bindingId: BINDING_ID });
    await gateway.received(2);
    sync.abort();
    expect(await listing).toMatchObject({ reason: 'cancelled' });
    expect(await payment).toMatchObject({ redirect: 'https://x.example/ok' });
  });
});

describe('paging through a period', () => {
  it('stops after ceil(first count / size) + 1 pages of a gateway whose count grows on every page', async () => {
    const { gateway, client } = await against({ kind: 'endless', totalCount: 1_000, growBy: 200 });
    let pages = 0;
    for await (const page of lastOrderPages(client, {
      from: '20260101000000',
      to: '20260102000000',
      transactionStates: 'DEPOSITED',
      size: 200,
    })) {
      pages++;
      expect(page.orders).toHaveLength(200);
    }
    expect(pages).toBe(Math.ceil(1_000 / 200) + 1);
    expect(gateway.requests).toHaveLength(pages);
  });
});

describe('closing and destroying a client', () => {
  it('ends what it has in flight at once: a payment that may have been sent is unknown; nothing is sent after it', async () => {
    const { gateway, client } = await against({ kind: 'trickle', everyMs: 200 });
    const payment = client.paymentOrderBinding({ mdOrder: ORDER_ID, bindingId: BINDING_ID }).catch((e: unknown) => e);
    const look = lookUp(client);
    await gateway.received(2);
    const destroyed = performance.now();
    await client.destroy();
    expect(await settledAfter(Promise.all([payment, look]), destroyed)).toBeLessThan(1_000);
    const lost = (await payment) as OutcomeUnknownError;
    expect(lost).toBeInstanceOf(OutcomeUnknownError);
    expect(lost.reason).toBe('closed');
    expect(failureWords(lost).said.map((p) => p.code)).toEqual(['gateway.noAnswer.closed', 'gateway.effect.unknownPayment.payment']);
    expect(await look).toMatchObject({ kind: 'network', stage: 'noAnswer', reason: 'closed' });
    // Nothing after it reaches the gateway, and it is said so: a charge refused here moved no money.
    const after = await client.paymentOrderBinding({ mdOrder: ORDER_ID, bindingId: BINDING_ID }).catch((e: unknown) => e);
    expect(after).toMatchObject({ kind: 'network', stage: 'notSent', reason: 'closed' });
    expect(failureWords(after as NetworkError).said.map((p) => p.code)).toEqual(['gateway.notSent.closed', 'gateway.effect.nothing']);
    expect(gateway.requests).toHaveLength(2);
    await expect.poll(() => gateway.openSockets(), { timeout: 1_000 }).toBe(0);
  });

  it('closing (what a switch does to the old client) lets what is in flight finish and sends nothing after it', async () => {
    const { gateway, client } = await against({ kind: 'json', body: { errorCode: '0', orderStatus: 2, amount: 100 }, delayMs: 300 });
    const look = client.getOrderStatusExtended({ orderId: ORDER_ID });
    await gateway.received(1);
    const closed = client.close();
    expect(await look).toMatchObject({ orderStatus: 2 });
    await closed;
    const after = await client.paymentOrderBinding({ mdOrder: ORDER_ID, bindingId: BINDING_ID }).catch((e: unknown) => e);
    expect(after).toMatchObject({ kind: 'network', stage: 'notSent', reason: 'closed' });
    expect(gateway.requests).toHaveLength(1);
  });
});
