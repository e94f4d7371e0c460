/**
 * The developer console's order view and actions: GET /sandbox/orders/:orderId with the order's history,
 * and POST /sandbox/orders/:orderId/actions moving it through its life as the gateway would, with the
 * callbacks that follow (received here by a real loopback HTTP server), and refusals in plain words.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { orderDetail } from '../../main/sandbox/console/orderViews.js';
import { AUTH, control, controlHeaders, postForm, register, status, type Json } from './client.js';
import { callbackReceiverOfFile, sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
const receiver = callbackReceiverOfFile();

async function act(orderId: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${sb.url}/sandbox/orders/${orderId}/actions`, {
    method: 'POST',
    headers: controlHeaders(sb),
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function actOk(orderId: string, body: unknown): Promise<Json> {
  const r = await act(orderId, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.order as Json;
}

/** The callbacks received for an order, waiting up to two seconds for `count` of them. */
async function callbacksOf(orderId: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const mine = receiver.received.filter((p) => p.get('mdOrder') === orderId).map((p) => `${p.get('operation')}:${p.get('status')}`);
    if (mine.length >= count || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const oneStage = () =>
  register(sb, { dynamicCallbackUrl: receiver.url, description: 'console test', jsonParams: JSON.stringify({ shop: 'A' }) });
const twoStage = () => register(sb, { dynamicCallbackUrl: receiver.url }, '/payment/rest/registerPreAuth.do');
const steps = (order: Json) => (order.history as Json[]).map((e) => `${e.kind}${e.amount === undefined ? '' : `(${e.amount})`} by ${e.by}`);

describe('GET /sandbox/orders/:orderId', () => {
  it('shows the order with its details and a history of what the gateway did', async () => {
    const orderId = await oneStage();
    const { order } = await control(sb, 'GET', `/orders/${orderId}`);
    expect(order).toMatchObject({
      orderId,
      merchant: 'sandbox',
      status: 0,
      amount: 10_000,
      twoPhase: false,
      description: 'console test',
      jsonParams: { shop: 'A' },
      refunds: [],
      expiresAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(steps(order as Json)).toEqual(['registered by gateway']);
    const missing = await fetch(`${sb.url}/sandbox/orders/no-such-order`, { headers: controlHeaders(sb) });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Json).error).toBe('No order no-such-order');
  });

  it('an order saved before the history was kept shows an empty one', async () => {
    const orderId = await oneStage();
    const order = sb.core.state.orderForCardholder(orderId)!;
    delete order.history; // as a document written before the history was kept reads back
    expect(orderDetail(order).history).toEqual([]);
  });

  it('GET /sandbox/orders lists newest first, by orderId, with a limit', async () => {
    const first = await oneStage();
    const second = await oneStage();
    const newest = (await control(sb, 'GET', '/orders?limit=2')).orders as Json[];
    expect(newest.map((o) => o.orderId)).toEqual([second, first]);
    expect(((await control(sb, 'GET', `/orders?orderId=${first}`)).orders as Json[]).map((o) => o.orderId)).toEqual([first]);
  });
});

describe('POST /sandbox/orders/:orderId/actions', () => {
  it('pay charges a one-phase order with the merchant told, and the gateway agrees', async () => {
    const orderId = await oneStage();
    const order = await actOk(orderId, { action: 'pay' });
    expect(order).toMatchObject({ status: 2, depositedAmount: 10_000, maskedPan: '444455******3333' });
    expect(steps(order)).toEqual(['registered by gateway', 'deposited(10000) by console']);
    expect(await callbacksOf(orderId, 1)).toEqual(['deposited:1']);
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 2, actionCode: 0 });
  });

  it('hold, a partial deposit, then a refund of what is left: each step with its callback', async () => {
    const orderId = await twoStage();
    expect(await actOk(orderId, { action: 'hold' })).toMatchObject({ status: 1, approvedAmount: 10_000 });
    expect(await actOk(orderId, { action: 'deposit', amount: 4_000 })).toMatchObject({ status: 2, depositedAmount: 4_000 });
    const refunded = await actOk(orderId, { action: 'refund' });
    expect(refunded).toMatchObject({ status: 4, refundedAmount: 4_000, refunds: [expect.objectContaining({ amount: 4_000 })] });
    expect(steps(refunded)).toEqual([
      'registered by gateway',
      'held(10000) by console',
      'deposited(4000) by console',
      'refunded(4000) by console',
    ]);
    expect(await callbacksOf(orderId, 3)).toEqual(['approved:1', 'deposited:1', 'refunded:1']);
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 4, paymentAmountInfo: { refundedAmount: 4_000 } });
  });

  it('pay holds a two-phase order; reverse releases the hold', async () => {
    const orderId = await twoStage();
    expect(await actOk(orderId, { action: 'pay' })).toMatchObject({ status: 1 });
    const reversed = await actOk(orderId, { action: 'reverse' });
    expect(reversed).toMatchObject({ status: 3, approvedAmount: 0 });
    expect(steps(reversed).at(-1)).toBe('reversed(10000) by console');
    expect(await callbacksOf(orderId, 2)).toEqual(['approved:1', 'reversed:1']);
  });

  it('a partial refund leaves the order deposited and refundable', async () => {
    const orderId = await oneStage();
    await actOk(orderId, { action: 'pay' });
    expect(await actOk(orderId, { action: 'refund', amount: 2_500 })).toMatchObject({ status: 2, refundedAmount: 2_500 });
    expect(await actOk(orderId, { action: 'refund' })).toMatchObject({ status: 4, refundedAmount: 10_000 });
  });

  it('decline uses the declined test card: the issuer’s do-not-honour code, and a declined callback', async () => {
    const orderId = await oneStage();
    const order = await actOk(orderId, { action: 'decline' });
    expect(order).toMatchObject({ status: 6, actionCode: 5, maskedPan: '516849******5780' });
    expect(steps(order).at(-1)).toBe('declined by console');
    expect(await callbacksOf(orderId, 1)).toEqual(['declined:0']);
  });

  it('expire declines as a timed-out session would: -2007 and declinedByTimeout', async () => {
    const orderId = await oneStage();
    const order = await actOk(orderId, { action: 'expire' });
    expect(order).toMatchObject({ status: 6, actionCode: -2007 });
    expect(steps(order).at(-1)).toBe('expired by console');
    expect(await callbacksOf(orderId, 1)).toEqual(['declinedByTimeout:0']);
  });

  it('the clock’s own steps are put down to the clock', async () => {
    const orderId = await register(sb, { sessionTimeoutSecs: 60 });
    await control(sb, 'POST', '/clock', { advanceMs: 120_000 });
    const { order } = await control(sb, 'GET', `/orders/${orderId}`);
    expect(steps(order as Json)).toEqual(['registered by gateway', 'expired by clock']);
  });

  it('refuses what the order’s state does not allow, in plain words, and changes nothing', async () => {
    const orderId = await oneStage();
    const { order } = await control(sb, 'GET', `/orders/${orderId}`);
    const number = (order as Json).orderNumber as string;
    expect(await act(orderId, { action: 'refund' })).toEqual({
      status: 409,
      json: { error: `Order ${number} is registered and not paid; only a deposited order with an amount left can be refunded` },
    });
    expect(await act(orderId, { action: 'hold' })).toEqual({
      status: 409,
      json: { error: `Order ${number} is one-phase; only a two-phase order can be held (pay charges it at once)` },
    });
    await actOk(orderId, { action: 'pay' });
    await actOk(orderId, { action: 'refund' });
    expect(await act(orderId, { action: 'reverse' })).toEqual({
      status: 409,
      json: { error: `Order ${number} is refunded; only a held order (or a charge on its own day) can be reversed` },
    });
    expect(await act(orderId, { action: 'pay' })).toEqual({
      status: 409,
      json: { error: `Order ${number} is refunded; only a registered order, or one waiting at the ACS, can be paid` },
    });
    const held = await twoStage();
    await actOk(held, { action: 'hold' });
    const tooMuch = await act(held, { action: 'deposit', amount: 20_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toMatch(/Wrong amount: more than the held 10000/);
    await actOk(held, { action: 'reverse', amount: 1_000 });
    const again = await act(held, { action: 'reverse' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/a reversal was already attempted/);
    expect(((await control(sb, 'GET', `/orders/${held}`)).order as Json).approvedAmount).toBe(9_000);
  });

  it('checks the request itself: a known action, a positive whole amount only where it applies', async () => {
    const orderId = await oneStage();
    for (const body of [
      { action: 'charge' },
      { action: 'refund', amount: -5 },
      { action: 'refund', amount: 1.5 },
      { action: 'pay', amount: 100 },
      {},
    ]) {
      const r = await act(orderId, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toBe('Invalid control request');
    }
    expect((await act(orderId, { action: 'pay', amount: 100 })).json.issues).toEqual([
      { path: 'amount', message: 'amount applies only to deposit, reverse and refund' },
    ]);
    expect((await act('no-such-order', { action: 'pay' })).status).toBe(404);
    // Only JSON: a form cannot ride on the console's cookie.
    const form = await fetch(`${sb.url}/sandbox/orders/${orderId}/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.controlToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(form.status).toBe(415);
  });

  it('an action whose body is still coming, while a gateway request changes the same order, sees that change', async () => {
    const orderId = await twoStage();
    await actOk(orderId, { action: 'hold' });
    // The console's request has found the order and waits for its body...
    const body = JSON.stringify({ action: 'refund', amount: 2_500 });
    const req = request(`${sb.url}/sandbox/orders/${orderId}/actions`, {
      method: 'POST',
      headers: { ...controlHeaders(sb), 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; json: Json }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Json }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    await new Promise((r) => setTimeout(r, 100));
    // ...while the merchant charges the hold through the gateway.
    expect(await postForm(sb, '/payment/rest/deposit.do', { ...AUTH, orderId, amount: 0 })).toMatchObject({ errorCode: '0' });
    req.end(body);
    const { status: code, json } = await answered;
    expect(code, JSON.stringify(json)).toBe(200);
    expect(steps(json.order as Json)).toEqual([
      'registered by gateway',
      'held(10000) by console',
      'deposited(10000) by gateway',
      'refunded(2500) by console',
    ]);
    expect(await status(sb, { orderId })).toMatchObject({
      orderStatus: 2,
      paymentAmountInfo: { depositedAmount: 10_000, refundedAmount: 2_500 },
    });
  });
});
