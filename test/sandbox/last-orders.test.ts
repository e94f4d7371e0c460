/**
 * getLastOrdersForMerchants.do over HTTP: every field rule refused with the family's codes (4 missing,
 * 5 wrong) and a localised message, the window by registration or by last operation, the states, paging
 * newest first and stable across pages, nothing found, and a page over 100,000 seeded orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime14 } from '../../main/protocol/fields.js';
import { registerOrder } from '../../main/sandbox/engine/lifecycle.js';
import type { SandboxClock } from '../../main/sandbox/clock.js';
import { authenticateAtAcs } from './threeds.js';
import {
  AUTH,
  CARDS,
  control,
  payCard,
  paidOrder,
  postForm,
  register,
  RETURN_URL,
  startSandbox,
  status,
  TOKEN,
  type Json,
} from './client.js';
import { sandboxOfFile } from './fixture.js';

const PATH = '/payment/rest/getLastOrdersForMerchants.do';
const ALL = 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const sb = sandboxOfFile();
beforeEach(async () => {
  await control(sb, 'POST', '/reset');
});

const now = async () => (await control(sb, 'GET', '/clock')).now as number;
/** A window around the sandbox's now, wide enough for everything a test just made. */
async function today(): Promise<{ from: string; to: string }> {
  const t = await now();
  return { from: formatDateTime14(t - HOUR), to: formatDateTime14(t + HOUR) };
}

function list(params: Record<string, unknown>): Promise<Json> {
  return postForm(sb, PATH, { ...AUTH, transactionStates: ALL, ...params });
}

const numbers = (r: Json) => (r.orderStatuses as Json[]).map((o) => o.orderNumber as string);

describe('field rules', () => {
  it('from and to are mandatory (errorCode 4, naming the field)', async () => {
    const w = await today();
    expect(await list({ to: w.to })).toMatchObject({ errorCode: '4', errorMessage: 'Missing mandatory parameter: from' });
    expect(await list({ from: w.from })).toMatchObject({ errorCode: '4', errorMessage: 'Missing mandatory parameter: to' });
    expect(await list({ from: '', to: w.to })).toMatchObject({ errorCode: '4' });
  });

  it('from and to must be real times written YYYYMMDDHHmmss (errorCode 5)', async () => {
    const w = await today();
    for (const bad of ['2026-11-23 10:00:00', '202611231000', '20261131100000', '20261123250000', '20261123106000', 'yesterday']) {
      expect(await list({ from: bad, to: w.to })).toEqual({
        errorCode: '5',
        errorMessage: 'Wrong value of parameter from: String [14], format YYYYMMDDHHmmss expected',
      });
    }
    expect(await list({ from: w.from, to: '2026112310000' })).toMatchObject({
      errorCode: '5',
      errorMessage: expect.stringContaining(' to:'),
    });
  });

  it('from must be before to', async () => {
    const w = await today();
    expect(await list({ from: w.to, to: w.from })).toEqual({
      errorCode: '5',
      errorMessage: 'Wrong value of parameter from: a time before to expected',
    });
    expect(await list({ from: w.from, to: w.from })).toMatchObject({ errorCode: '5' });
  });

  it('transactionStates is mandatory and a subset of the paymentState names', async () => {
    const w = await today();
    const base = { ...AUTH, ...w };
    expect(await postForm(sb, PATH, base)).toMatchObject({
      errorCode: '4',
      errorMessage: 'Missing mandatory parameter: transactionStates',
    });
    for (const bad of ['PAID', 'created', 'CREATED,,DEPOSITED', 'DEPOSITED;REFUNDED']) {
      expect(await postForm(sb, PATH, { ...base, transactionStates: bad })).toMatchObject({
        errorCode: '5',
        errorMessage: expect.stringContaining('transactionStates: comma-separated subset of CREATED, APPROVED'),
      });
    }
    expect(await postForm(sb, PATH, { ...base, transactionStates: ' DEPOSITED , REFUNDED,DEPOSITED' })).toMatchObject({ errorCode: '2' });
  });

  it('merchants may name the caller itself, and no one else (errorCode 5, access denied)', async () => {
    const w = await today();
    await paidOrder(sb);
    expect(await list({ ...w, merchants: 'sandbox' })).toMatchObject({ errorCode: '0', totalCount: 1 });
    expect(await list({ ...w, merchants: '' })).toMatchObject({ errorCode: '0', totalCount: 1 });
    expect(await list({ ...w, merchants: 'sandbox,signed' })).toEqual({
      errorCode: '5',
      errorMessage: 'Access denied to the orders of merchant signed',
    });
    expect(await list({ ...w, merchants: 'nobody' })).toMatchObject({ errorCode: '5' });
    expect(await list({ ...w, merchants: `sandbox,${'x'.repeat(256)}` })).toMatchObject({
      errorCode: '5',
      errorMessage: expect.stringContaining('merchants: comma-separated merchant logins'),
    });
  });

  it('page counts from 0 and is a whole number', async () => {
    const w = await today();
    await paidOrder(sb);
    expect(await list({ ...w })).toMatchObject({ page: 0, pageSize: 100 });
    for (const bad of ['-1', '1.5', 'first']) {
      expect(await list({ ...w, page: bad })).toMatchObject({ errorCode: '5', errorMessage: expect.stringContaining('parameter page') });
    }
  });

  it('size is 1 to 200', async () => {
    const w = await today();
    await paidOrder(sb);
    expect(await list({ ...w, size: 1 })).toMatchObject({ errorCode: '0', pageSize: 1 });
    expect(await list({ ...w, size: 200 })).toMatchObject({ errorCode: '0', pageSize: 200 });
    for (const bad of ['0', '201', 'ten']) {
      expect(await list({ ...w, size: bad })).toEqual({
        errorCode: '5',
        errorMessage: 'Wrong value of parameter size: Integer, 1 to 200 expected',
      });
    }
  });

  it('searchByCreatedDate is a boolean', async () => {
    const w = await today();
    expect(await list({ ...w, searchByCreatedDate: 'yes' })).toEqual({
      errorCode: '5',
      errorMessage: 'Wrong value of parameter searchByCreatedDate: Boolean expected',
    });
  });

  it('answers in the request language, and takes the token as credentials', async () => {
    const w = await today();
    expect(await postForm(sb, PATH, { ...AUTH, ...w, language: 'ru' })).toEqual({
      errorCode: '4',
      errorMessage: 'Не указан обязательный параметр: transactionStates',
    });
    expect(await postForm(sb, PATH, { ...TOKEN, ...w, transactionStates: ALL, language: 'ru' })).toMatchObject({
      errorCode: '2',
      errorMessage: 'Заказы за указанный период и в указанных статусах не найдены',
    });
    expect(await postForm(sb, PATH, { ...TOKEN, ...w, transactionStates: ALL, merchants: 'signed', language: 'ru' })).toEqual({
      errorCode: '5',
      errorMessage: 'Нет доступа к заказам продавца signed',
    });
  });
});

describe('the answer', () => {
  it('nothing found is errorCode 2 with totalCount 0 and an empty list', async () => {
    expect(await list(await today())).toEqual({
      errorCode: '2',
      errorMessage: 'No orders found for the given period and states',
      totalCount: 0,
      page: 0,
      pageSize: 100,
      orderStatuses: [],
    });
  });

  it("lists each order with getOrderStatusExtended.do's fields", async () => {
    const orderId = await paidOrder(sb, { clientId: 'client-x', features: 'FORCE_CREATE_BINDING', description: 'Tea' });
    const r = await list(await today());
    expect(r).toMatchObject({ errorCode: '0', errorMessage: 'Success', totalCount: 1 });
    const { errorCode: _c, errorMessage: _m, ...single } = await status(sb, { orderId });
    expect(r.orderStatuses).toEqual([single]);
    expect(single).toMatchObject({ attributes: [{ name: 'mdOrder', value: orderId }], bindingInfo: { clientId: 'client-x' } });
  });

  it('maps each status to its paymentState, the ACS reached (status 5) to CREATED', async () => {
    const w = await today();
    const made: Record<string, string> = {};
    made.created = await register(sb);
    made.acs = await register(sb);
    const acs = await payCard(sb, made.acs, CARDS.threeDS1);
    await fetch(acs.acsUrl as string); // the cardholder reaches the ACS: status 5
    made.approved = await paidOrder(sb, {}, '/payment/rest/registerPreAuth.do');
    made.deposited = await paidOrder(sb);
    made.declined = await register(sb);
    await payCard(sb, made.declined, CARDS.noThreeDS, { $CVC: '000' });
    made.reversed = await paidOrder(sb, {}, '/payment/rest/registerPreAuth.do');
    await postForm(sb, '/payment/rest/reverse.do', { ...AUTH, orderId: made.reversed });
    made.refunded = await paidOrder(sb);
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId: made.refunded, amount: 0 });
    const ids = async (states: string) =>
      ((await list({ ...w, transactionStates: states })).orderStatuses as Json[]).map((o) => o.attributes[0].value as string).sort();
    expect((await status(sb, { orderId: made.acs })).orderStatus).toBe(5);
    expect(await ids('CREATED')).toEqual([made.created, made.acs].sort());
    expect(await ids('APPROVED')).toEqual([made.approved]);
    expect(await ids('DEPOSITED')).toEqual([made.deposited]);
    expect(await ids('DECLINED')).toEqual([made.declined]);
    expect(await ids('REVERSED')).toEqual([made.reversed]);
    expect(await ids('REFUNDED')).toEqual([made.refunded]);
    expect(await ids('REVERSED,REFUNDED')).toEqual([made.reversed, made.refunded].sort());
    expect((await list({ ...w, transactionStates: 'REVERSED,REFUNDED' })).totalCount).toBe(2);
    expect((await list(w)).totalCount).toBe(7);
    await authenticateAtAcs(acs.acsUrl as string, '12345678');
  });

  it('is newest first, ties broken by orderId, and stable across pages', async () => {
    const t = await now();
    // Orders registered in the same millisecond (through the engine with a stopped clock) tie on the date.
    const stopped = { ...sb.core, clock: { now: () => t - 10 * 60_000 } as SandboxClock };
    const tied = Array.from({ length: 5 }, (_, i) =>
      registerOrder(stopped, { merchant: 'sandbox', orderNumber: `tie-${i}`, amount: 100, returnUrl: RETURN_URL, twoPhase: false }),
    );
    for (let i = 0; i < 7; i++) await paidOrder(sb, { orderNumber: `later-${i}` });
    const w = { from: formatDateTime14(t - HOUR), to: formatDateTime14(t + HOUR), searchByCreatedDate: true };
    const whole = await list({ ...w, size: 200 });
    expect(whole.totalCount).toBe(12);
    const dates = (whole.orderStatuses as Json[]).map((o) => o.date as number);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(numbers(whole).slice(0, 7)).toEqual(['later-6', 'later-5', 'later-4', 'later-3', 'later-2', 'later-1', 'later-0']);
    expect(numbers(whole).slice(7)).toEqual(tied.sort((a, b) => (a.id < b.id ? -1 : 1)).map((o) => o.orderNumber));
    const paged: string[] = [];
    for (let page = 0; page < 3; page++) {
      const r = await list({ ...w, size: 5, page });
      expect(r).toMatchObject({ errorCode: '0', totalCount: 12, page, pageSize: 5 });
      paged.push(...numbers(r));
    }
    expect(paged).toEqual(numbers(whole));
    expect(await list({ ...w, size: 5, page: 3 })).toMatchObject({ errorCode: '0', totalCount: 12, orderStatuses: [] });
  });

  it('answers each page the same whichever pages were read before it, and anew once an order changed', async () => {
    const t = await now();
    for (let i = 0; i < 12; i++) await paidOrder(sb, { orderNumber: `paged-${i}` });
    const w = { from: formatDateTime14(t - HOUR), to: formatDateTime14(t + HOUR), searchByCreatedDate: true, size: 3 };
    const whole = numbers(await list({ ...w, size: 200 }));
    const page = async (n: number) => numbers(await list({ ...w, page: n }));
    for (const n of [0, 1, 2, 3]) expect(await page(n)).toEqual(whole.slice(3 * n, 3 * n + 3));
    // Out of order, and skipping pages, as requests read ahead may arrive.
    for (const n of [3, 1, 2, 0, 3, 2]) expect(await page(n)).toEqual(whole.slice(3 * n, 3 * n + 3));
    // A new order moves every page down by one; a refund moves paged-0 out of the states asked for.
    await paidOrder(sb, { orderNumber: 'paged-new' });
    const after = ['paged-new', ...whole];
    for (const n of [1, 2]) expect(await page(n)).toEqual(after.slice(3 * n, 3 * n + 3));
    const refunded = (await control(sb, 'GET', '/orders?orderNumber=paged-0')).orders[0].orderId as string;
    expect(await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId: refunded, amount: 0 })).toMatchObject({ errorCode: '0' });
    const deposited = { ...w, transactionStates: 'DEPOSITED' };
    const r = await list({ ...deposited, page: 3 });
    expect(r.totalCount).toBe(12);
    expect(numbers(r)).toEqual(after.filter((n) => n !== 'paged-0').slice(9, 12));
  });

  it('from counts from its first millisecond and to up to its last', async () => {
    const t = await now();
    const at = Math.floor(t / 1000) * 1000 - 30 * 60_000 + 999;
    registerOrder(
      { ...sb.core, clock: { now: () => at } as SandboxClock },
      {
        merchant: 'sandbox',
        orderNumber: 'edge',
        amount: 100,
        returnUrl: RETURN_URL,
        twoPhase: false,
        sessionTimeoutSecs: 7200,
      },
    );
    const second = formatDateTime14(at);
    expect((await list({ from: second, to: formatDateTime14(at + 1000), searchByCreatedDate: true })).totalCount).toBe(1);
    expect((await list({ from: formatDateTime14(at - 1000), to: second, searchByCreatedDate: true })).totalCount).toBe(1);
    expect((await list({ from: formatDateTime14(at + 1000), to: formatDateTime14(at + 2000), searchByCreatedDate: true })).totalCount).toBe(
      0,
    );
  });

  it("searchByCreatedDate=false filters on the last payment operation's date, true on the registration date", async () => {
    const orderId = await paidOrder(sb, { orderNumber: 'refunded-tomorrow' });
    const registeredDay = await today();
    await control(sb, 'POST', '/clock', { advanceMs: DAY });
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId, amount: 0 });
    const refundDay = await today();
    expect(numbers(await list({ ...registeredDay, searchByCreatedDate: true }))).toEqual(['refunded-tomorrow']);
    expect(await list({ ...registeredDay, searchByCreatedDate: false })).toMatchObject({ errorCode: '2' });
    expect(numbers(await list({ ...refundDay }))).toEqual(['refunded-tomorrow']);
    expect(await list({ ...refundDay, searchByCreatedDate: true })).toMatchObject({ errorCode: '2' });
  });

  it('shows an order the clock expired as DECLINED, dated when it expired', async () => {
    await register(sb, { orderNumber: 'never-paid', sessionTimeoutSecs: 600 });
    const registered = await now();
    await control(sb, 'POST', '/clock', { advanceMs: DAY });
    const r = await list({
      from: formatDateTime14(registered + 5 * 60_000),
      to: formatDateTime14(registered + 15 * 60_000),
      transactionStates: 'DECLINED',
    });
    expect(numbers(r)).toEqual(['never-paid']);
    expect(r.orderStatuses[0]).toMatchObject({ orderStatus: 6, actionCode: -2007 });
  });

  it("lists only the caller's orders", async () => {
    await paidOrder(sb, { orderNumber: 'mine' });
    registerOrder(sb.core, { merchant: 'signed', orderNumber: 'theirs', amount: 100, returnUrl: RETURN_URL, twoPhase: false });
    expect(numbers(await list(await today()))).toEqual(['mine']);
  });

  it('lists the orders of a sandbox file written before lastOperationAt existed by their last change', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'last-orders-'));
    try {
      const dataFile = join(folder, 'sandbox.sqlite');
      const old = await startSandbox({ dataFile });
      const orderId = await paidOrder(old, { orderNumber: 'from-an-old-file' });
      const w = { from: formatDateTime14(Date.now() - HOUR), to: formatDateTime14(Date.now() + HOUR) };
      await old.close();
      // As a version-1 file kept it: one document a row, this one saved before lastOperationAt was kept.
      const db = new Database(dataFile);
      const { doc } = db.prepare('SELECT doc FROM orders WHERE id = ?').get(orderId) as { doc: string };
      const { lastOperationAt: _dropped, ...before } = JSON.parse(doc) as Json;
      db.exec('DROP TABLE orders; CREATE TABLE orders (id TEXT PRIMARY KEY, doc TEXT NOT NULL); PRAGMA user_version = 1');
      db.prepare('INSERT INTO orders VALUES (?, ?)').run(orderId, JSON.stringify(before));
      db.close();
      const reopened = await startSandbox({ dataFile });
      try {
        const r = await postForm(reopened, PATH, { ...AUTH, ...w, transactionStates: 'DEPOSITED' });
        expect(numbers(r)).toEqual(['from-an-old-file']);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
