/**
 * The developer console's request log: every gateway request, however it ends, is kept with its
 * parameters redacted, listed by GET /sandbox/requests (newest first, filtered) and sent as a `request`
 * event; a card number, CVC, password or token sent never appears in either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxEvents, type SandboxEvent } from '../../main/sandbox/console/events.js';
import { MAX_KEPT, RequestLog, type RequestEnding } from '../../main/sandbox/console/requestLog.js';
import { redact, REDACTED, redactParams } from '../../main/sandbox/console/redaction.js';
import {
  AUTH,
  CARDS,
  control,
  controlHeaders,
  payCard,
  postForm,
  postJson,
  register,
  startSandbox,
  TOKEN,
  uniqueNumber,
  type Json,
} from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
const events: SandboxEvent[] = [];
beforeAll(async () => {
  sb.core.events.subscribe((e) => events.push(e));
});

/** A request as the gateway pipeline hands it to the log: number i, answered with `answer` of `bytes` of JSON. */
const ending = (i: number, bytes: number, answer: Record<string, unknown> | null = { i }): RequestEnding => ({
  at: i,
  sandboxAt: i,
  endpoint: '/e',
  merchant: null,
  params: { i },
  httpStatus: 200,
  answer,
  answerBytes: bytes,
  fault: null,
  durationMs: 0,
});

const requests = async (query = ''): Promise<Json[]> => (await control(sb, 'GET', `/requests${query}`)).requests as Json[];

describe('redaction', () => {
  it('hides the secret names, keeps the key, masks card numbers anywhere, and keeps what a developer follows', () => {
    const out = redactParams({
      userName: 'sandbox-api',
      password: 'sandbox-pass',
      token: 'sandbox-token',
      $PAN: '4111111111111111',
      pan: '4111111111111111',
      $CVC: '123',
      cvc: '000',
      cvv: '999',
      $EXPIRY: '203012',
      expiry: '203012',
      MM: '12',
      YYYY: '2030',
      seToken: 'c2VjcmV0',
      paymentToken: 'c2VjcmV0',
      TEXT: 'CARD HOLDER',
      cardholderName: 'CARD HOLDER',
      description: 'card 4111 1111 1111 1111 pasted',
      orderBundle: JSON.stringify({ customerDetails: { pan: '5555555555555599', email: 'a@b.example' } }),
      nested: { list: [{ $CVC: '321', note: '5168494895055780' }] },
      threeDSServerTransId: 'f1c7b7b2-0000-4000-8000-000000000001',
      expirationDate: '2030-01-01T00:00:00',
      amount: 100,
    });
    expect(out).toEqual({
      userName: 'sandbox-api',
      password: REDACTED,
      token: REDACTED,
      $PAN: REDACTED,
      pan: REDACTED,
      $CVC: REDACTED,
      cvc: REDACTED,
      cvv: REDACTED,
      $EXPIRY: REDACTED,
      expiry: REDACTED,
      MM: REDACTED,
      YYYY: REDACTED,
      seToken: REDACTED,
      paymentToken: REDACTED,
      TEXT: 'CARD HOLDER',
      cardholderName: 'CARD HOLDER',
      description: 'card 4111 11** **** 1111 pasted',
      orderBundle: JSON.stringify({ customerDetails: { pan: REDACTED, email: 'a@b.example' } }),
      nested: { list: [{ $CVC: REDACTED, note: '516849******5780' }] },
      threeDSServerTransId: 'f1c7b7b2-0000-4000-8000-000000000001',
      expirationDate: '2030-01-01T00:00:00',
      amount: 100,
    });
  });

  it('redacts an answer as it redacts a request: the card data by name, a whole card number anywhere; the masked card stays', () => {
    expect(
      redact({ cardAuthInfo: { maskedPan: '444455**3333', pan: '444455******3333', expiration: 203012 }, note: ['4444555511113333'] }),
    ).toEqual({
      cardAuthInfo: { maskedPan: '444455**3333', pan: REDACTED, expiration: REDACTED },
      note: ['444455******3333'],
    });
  });
});

describe('GET /sandbox/requests', () => {
  it('never shows the card number, CVC, password or token sent, in the list nor in the events', async () => {
    await control(sb, 'POST', '/reset');
    events.length = 0;
    const orderId = await register(sb, { description: `paid with ${CARDS.challenge}` });
    await payCard(sb, orderId, CARDS.noThreeDS, { $CVC: '987' });
    await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...TOKEN, orderId });
    await postJson(sb, '/payment/samsung/payment.do', {
      merchant: 'sandbox',
      orderNumber: uniqueNumber(),
      seToken: 'U0VDUkVULVNBTVNVTkctVE9LRU4=',
    });

    const listed = await requests();
    expect(listed.map((r) => r.endpoint)).toEqual([
      '/payment/samsung/payment.do',
      '/payment/rest/getOrderStatusExtended.do',
      '/payment/rest/paymentorder.do',
      '/payment/rest/register.do',
    ]);
    const requestEvents = events.filter((e) => e.type === 'request').map((e) => e.data);
    expect(requestEvents).toHaveLength(4);
    for (const text of [JSON.stringify(listed), JSON.stringify(requestEvents)]) {
      // The CVC as the JSON string it would be if kept: bare digits can be part of any timestamp.
      for (const secret of [CARDS.noThreeDS, CARDS.challenge, '"987"', 'sandbox-pass', 'sandbox-token', 'U0VDUkVULVNBTVNVTkctVE9LRU4=']) {
        expect(text).not.toContain(secret);
      }
    }
    const payment = listed[2]!;
    expect(payment).toMatchObject({
      merchant: 'sandbox',
      orderId,
      httpStatus: 200,
      errorCode: null,
      fault: null,
      params: {
        userName: 'sandbox-api',
        password: REDACTED,
        MDORDER: orderId,
        $PAN: REDACTED,
        $CVC: REDACTED,
        $EXPIRY: REDACTED,
        TEXT: 'CARD HOLDER',
      },
      answer: { errorCode: 0 },
    });
    expect(payment.durationMs).toBeGreaterThanOrEqual(0);
    expect(payment.sandboxAt).toBeGreaterThan(0);
    expect(listed[3]).toMatchObject({ orderId, params: { description: 'paid with 555555******5599' } });
    expect(listed[3]!.answer).toMatchObject({ orderId });
    expect(listed[1]).toMatchObject({ params: { token: REDACTED }, orderId });
    // The event carries the same record as the list.
    expect(requestEvents[1]).toEqual(payment);
  });

  it('filters by endpoint (path or short name), order and merchant, newest first, with a limit', async () => {
    await control(sb, 'POST', '/reset');
    const first = await register(sb);
    const second = await register(sb);
    await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, orderId: first });
    expect((await requests('?endpoint=register.do')).map((r) => r.orderId)).toEqual([second, first]);
    expect((await requests('?endpoint=/payment/rest/register.do&limit=1')).map((r) => r.orderId)).toEqual([second]);
    expect((await requests(`?orderId=${first}`)).map((r) => r.endpoint)).toEqual([
      '/payment/rest/getOrderStatusExtended.do',
      '/payment/rest/register.do',
    ]);
    expect(await requests('?merchant=sandbox&endpoint=')).toHaveLength(3);
    expect(await requests('?merchant=nobody')).toEqual([]);
    for (const bad of ['0', '1001', 'ten', '-1']) {
      const res = await fetch(`${sb.url}/sandbox/requests?limit=${bad}`, { headers: controlHeaders(sb) });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Json).error).toBe(`limit must be a whole number from 1 to 1000, not "${bad}"`);
    }
  });

  it('records refusals and faults where the request ended: error code, injected status, lost and reset answers', async () => {
    await control(sb, 'POST', '/reset');
    await postForm(sb, '/payment/rest/register.do', {
      userName: 'sandbox-api',
      password: 'wrong-pass',
      orderNumber: uniqueNumber(),
      amount: 1,
      returnUrl: 'https://x.example',
    });
    const [refused] = await requests();
    expect(refused).toMatchObject({ merchant: null, httpStatus: 200, errorCode: '5', params: { password: REDACTED } });

    const { rules } = await control(sb, 'POST', '/faults', {
      rules: [
        { path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503 },
        { path: '/payment/rest/register.do', mode: 'lost' },
        { path: '/payment/rest/deposit.do', mode: 'reset' },
      ],
    });
    const ids = (rules as Json[]).map((r) => r.id as number);
    await postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, orderId: 'x' }).catch(() => undefined);
    const lostNumber = uniqueNumber();
    await postForm(sb, '/payment/rest/register.do', {
      ...AUTH,
      orderNumber: lostNumber,
      amount: 100,
      returnUrl: 'https://x.example',
    }).catch(() => undefined);
    await postForm(sb, '/payment/rest/deposit.do', { ...AUTH, orderId: 'x', amount: 0 }).catch(() => undefined);
    const [reset, lost, status] = await requests();
    expect(status).toMatchObject({ httpStatus: 503, answer: null, fault: { id: ids[0], mode: 'status' }, merchant: 'sandbox' });
    // Processed, answer produced and lost: the log shows what never arrived, with no HTTP status.
    expect(lost).toMatchObject({ httpStatus: null, fault: { id: ids[1], mode: 'lost' }, params: { orderNumber: lostNumber } });
    expect(lost!.answer).toMatchObject({ orderId: expect.any(String) });
    expect(lost!.orderId).toBe((lost!.answer as Json).orderId);
    expect(reset).toMatchObject({ httpStatus: null, answer: null, fault: { id: ids[2], mode: 'reset' } });
  });

  it('keeps the last 2,000 (the ring buffer alone)', () => {
    const ring = new RequestLog(new SandboxEvents());
    for (let i = 0; i < MAX_KEPT + 5; i++) ring.record(ending(i, 0, null));
    const all = ring.list({ limit: 5000 });
    expect(all).toHaveLength(2000);
    expect(all[0]!.params).toEqual({ i: MAX_KEPT + 4 });
    expect(all.at(-1)!.params).toEqual({ i: 5 });
  });

  it('keeps the newest answers up to its byte budget; an older record says how large its answer was', () => {
    const log = new RequestLog(new SandboxEvents(), 250);
    for (let i = 0; i < 4; i++) log.record(ending(i, 100));
    const kept = (l: typeof log) => l.list().map((r) => [r.params.i, r.answerKept, r.answer === null ? null : 'whole', r.answerBytes]);
    expect(kept(log)).toEqual([
      [3, true, 'whole', 100],
      [2, true, 'whole', 100],
      [1, false, null, 100],
      [0, false, null, 100],
    ]);
    // An answer larger than the whole budget is still kept while it is the newest.
    log.record(ending(4, 1000));
    expect(kept(log).slice(0, 2)).toEqual([
      [4, true, 'whole', 1000],
      [3, false, null, 100],
    ]);
    log.record(ending(5, 0, null));
    log.record(ending(6, 10));
    expect(kept(log).slice(0, 3)).toEqual([
      [6, true, 'whole', 10],
      [5, false, null, 0],
      [4, false, null, 1000],
    ]);
  });

  it('bounds what it keeps of a hundred pages of orders: the newest answers whole, the older ones by their size', async () => {
    const demo = await startSandbox({ demo: true });
    try {
      const now = demo.core.clock.now();
      const page = {
        ...AUTH,
        from: new Date(now - 92 * 86_400_000).toISOString().replace(/\D/g, '').slice(0, 14),
        to: new Date(now).toISOString().replace(/\D/g, '').slice(0, 14),
        transactionStates: 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED',
        size: 200,
        searchByCreatedDate: true,
      };
      for (let i = 0; i < 100; i++) await postForm(demo, '/payment/rest/getLastOrdersForMerchants.do', { ...page, page: i % 5 });
      const all = (await control(demo, 'GET', '/requests?limit=1000')).requests as Json[];
      expect(all).toHaveLength(100);
      const kept = all.filter((r) => r.answerKept === true);
      const keptBytes = kept.reduce((sum, r) => sum + (r.answerBytes as number), 0);
      expect(keptBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.length).toBeLessThan(100);
      // Newest first: every kept answer is newer than every dropped one, and a dropped one still tells its size.
      expect(all.findIndex((r) => r.answerKept === false)).toBe(kept.length);
      const dropped = all.at(-1)!;
      expect(dropped).toMatchObject({ answerKept: false, answer: null, httpStatus: 200 });
      expect(dropped.answerBytes).toBeGreaterThan(100_000);
      expect((all[0]!.answer as Json).orderStatuses).toHaveLength(200);
    } finally {
      await demo.close();
    }
  });
});
