import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseEvent } from '../../main/gateway/client.js';
// The errors the typed-errors tests raise, then those a payment that is never retried ends in.
import { GatewayError, HttpError, NetworkError, ValidationError } from '../../main/gateway/errors.js';
import { OutcomeUnknownError, RateLimitedError } from '../../main/gateway/errors.js';
import { CARDS, clientFor, control, payOrder, RETURN_URL, uniqueNumber } from './setup.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => clientFor(sb, { language: 'en', timeoutMs: 2_000, hooks: { onResponse: (e) => events.push(e) } }));
const events: ResponseEvent[] = [];
afterEach(async () => {
  await control(sb, 'DELETE', '/faults');
  events.length = 0;
});

const REGISTER = '/payment/rest/register.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const PAYMENT = '/payment/rest/paymentorder.do';
const fault = (rule: Record<string, unknown>) => control(sb, 'POST', '/faults', { rules: [rule] });
const newOrder = (amount = 1_000) => client.register({ orderNumber: uniqueNumber(), amount, returnUrl: RETURN_URL });
const pay = (orderId: string) => payOrder(client, orderId);
const orders = async () => (await control(sb, 'GET', '/orders')).orders as { orderNumber: string; status: number }[];

describe('typed errors', () => {
  it('lists every offending field with its rule and sends nothing (ValidationError)', async () => {
    const before = (await orders()).length;
    const err = await client
      .register({
        orderNumber: 'x'.repeat(37),
        amount: -1,
        returnUrl: '',
        orderBundle: { cartItems: { items: [{ positionId: 1, name: 'A', quantity: { value: '1.2345', measure: 'kg' } }] } },
        orderPayerData: { mobilePhone: '12' },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    const paths = (err as ValidationError).violations.map((v) => v.path).sort();
    expect(paths).toEqual(
      ['amount', 'orderBundle.cartItems.items[0].quantity.value', 'orderNumber', 'orderPayerData.mobilePhone', 'returnUrl'].sort(),
    );
    expect((err as ValidationError).violations.find((v) => v.path === 'orderNumber')?.rule).toBe('String [1..36]');
    expect(events).toHaveLength(0);
    expect(await orders()).toHaveLength(before);
  });

  it('applies the conditional rules: a token client cannot call paymentorder.do; card data is needed without seToken', async () => {
    const tokenClient = clientFor(sb, { credentials: { token: 'sandbox-token' } });
    const err = await tokenClient
      .paymentOrder({ MDORDER: 'x', $PAN: CARDS.noThreeDS, $CVC: '123', $EXPIRY: '203012', TEXT: 'A', language: 'en' })
      .catch((e: unknown) => e);
    expect((err as ValidationError).violations[0]).toMatchObject({ path: 'userName' });
    await tokenClient.close();
    const noCard = await client.paymentOrder({ MDORDER: 'x', TEXT: 'A', language: 'en' }).catch((e: unknown) => e);
    expect((noCard as ValidationError).violations.map((v) => v.path)).toContain('$PAN');
  });

  it('raises GatewayError with errorCode and the gateway’s own message', async () => {
    const orderNumber = uniqueNumber();
    await client.register({ orderNumber, amount: 1, returnUrl: RETURN_URL });
    const err = await client.register({ orderNumber, amount: 1, returnUrl: RETURN_URL }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ errorCode: '1', gatewayMessage: expect.stringMatching(/duplicated/) });
    const missing = await client.getOrderStatusExtended({ orderNumber: 'nope' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ errorCode: '6' });
  });

  it('raises HttpError for 404 and for 5xx on look-ups once retries are spent', async () => {
    const wrongBase = clientFor(sb, { baseUrl: `${sb.url}/nowhere` });
    expect(await wrongBase.getOrderStatusExtended({ orderNumber: 'x' }).catch((e: unknown) => e)).toMatchObject({
      kind: 'http',
      status: 404,
    });
    await wrongBase.close();
    await fault({ path: STATUS, mode: 'status', status: 500, count: 0 });
    const err = await client.getOrderStatusExtended({ orderNumber: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(events.filter((e) => e.endpoint === 'getOrderStatusExtended.do')).toHaveLength(4);
  });

  it('raises NetworkError notSent when nothing listens, even for payments', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const dead = clientFor(sb, { baseUrl: `http://127.0.0.1:${port}`, retry: { attempts: 1 } });
    const err = await dead
      .paymentOrder({ MDORDER: 'x', $PAN: CARDS.noThreeDS, $CVC: '123', $EXPIRY: '203012', TEXT: 'A', language: 'en' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ stage: 'notSent', outcomeUnknown: false });
    await dead.close();
  });
});

describe('payments are never retried; an unknown outcome is said so', () => {
  for (const [mode, extra] of [
    ['lost', {}],
    ['truncate', {}],
    ['status', { status: 502 }],
    ['latency', { latencyMs: 3_000 }],
  ] as const) {
    it(`${mode}: OutcomeUnknownError after exactly one attempt`, async () => {
      const { orderId } = await newOrder();
      await fault({ path: PAYMENT, mode, ...extra });
      const err = await pay(orderId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutcomeUnknownError);
      expect((err as OutcomeUnknownError).outcomeUnknown).toBe(true);
      expect(events.filter((e) => e.endpoint === 'paymentorder.do')).toHaveLength(1);
    });
  }

  it('the lost answer hid a real payment: the order is paid', async () => {
    const { orderId } = await newOrder();
    await fault({ path: PAYMENT, mode: 'lost' });
    await pay(orderId).catch(() => undefined);
    expect((await client.getOrderStatusExtended({ orderId })).orderStatus).toBe(2);
  });

  it('a 429 on a payment is RateLimitedError (refused, not processed) and is not retried', async () => {
    const { orderId } = await newOrder();
    await fault({ path: PAYMENT, mode: 'throttle', retryAfterSec: 0 });
    const err = await pay(orderId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((await client.getOrderStatusExtended({ orderId })).orderStatus).toBe(0);
  });
});

describe('retries where no money can move', () => {
  it('retries look-ups through 502, resets and 429 until they succeed', async () => {
    const { orderId } = await newOrder();
    await control(sb, 'POST', '/faults', {
      rules: [
        { path: STATUS, mode: 'status', status: 502 },
        { path: STATUS, mode: 'reset' },
        { path: STATUS, mode: 'throttle', retryAfterSec: 0 },
      ],
    });
    events.length = 0;
    expect((await client.getOrderStatusExtended({ orderId })).orderStatus).toBe(0);
    expect(events.map((e) => e.outcome)).toEqual(['http', 'network', 'rateLimited', 'ok']);
  });

  it('retries register.do after a lost answer and finds the order instead of failing on the duplicate', async () => {
    const orderNumber = uniqueNumber();
    await fault({ path: REGISTER, mode: 'lost' });
    const r = await client.register({ orderNumber, amount: 4_321, returnUrl: RETURN_URL });
    expect(r).toMatchObject({ orderId: expect.any(String), recovered: true });
    const matching = (await orders()).filter((o) => o.orderNumber === orderNumber);
    expect(matching).toHaveLength(1);
    expect((await client.getOrderStatusExtended({ orderNumber })).attributes?.[0]?.value).toBe(r.orderId);
  });

  it('does not take someone else’s order for ours: a duplicate with a different amount stays an error', async () => {
    const orderNumber = uniqueNumber();
    await client.register({ orderNumber, amount: 100, returnUrl: RETURN_URL });
    await fault({ path: REGISTER, mode: 'status', status: 502 });
    const err = await client.register({ orderNumber, amount: 200, returnUrl: RETURN_URL }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'gateway', errorCode: '1' });
  });

  it('does not retry binding changes', async () => {
    await fault({ path: '/payment/rest/unBindCard.do', mode: 'status', status: 502 });
    expect(await client.unBindCard({ bindingId: 'b' }).catch((e: unknown) => e)).toMatchObject({ kind: 'http', status: 502 });
    expect(events).toHaveLength(1);
  });
});

describe('the limiter against the gateway’s 429', () => {
  it('backs off and finishes a batch that asks for more than the gateway allows', async () => {
    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 25 });
    const limited = clientFor(sb, { limits: { rps: 100, maxInFlight: 8 }, retry: { attempts: 20, baseDelayMs: 20, maxDelayMs: 500 } });
    try {
      const { orderId } = await newOrder();
      const results = await Promise.all(Array.from({ length: 60 }, () => limited.getOrderStatusExtended({ orderId })));
      expect(results.every((r) => r.orderStatus === 0)).toBe(true);
      // It met the gateway's limit, and backed off instead of drawing a refusal for every request.
      expect(limited.limiter.throttledCount).toBeGreaterThan(0);
      expect(limited.limiter.throttledCount).toBeLessThan(results.length);
    } finally {
      await limited.close();
      await control(sb, 'PATCH', '/merchants/sandbox', { rps: 0 });
    }
  });
});
