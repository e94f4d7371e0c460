import { afterEach, describe, expect, it } from 'vitest';
import { AUTH, CARDS, control, paidOrder, payCard, postForm, register, status, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
afterEach(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: Date.now() });
});

const REST = '/payment/rest';
const op = (name: string, params: Record<string, unknown>) => postForm(sb, `${REST}/${name}`, { ...AUTH, ...params });
const PREAUTH = `${REST}/registerPreAuth.do`;

describe('deposit.do', () => {
  it('deposits the whole hold with amount 0, or part of it', async () => {
    const whole = await paidOrder(sb, {}, PREAUTH);
    expect(await op('deposit.do', { orderId: whole, amount: 0 })).toMatchObject({ errorCode: '0' });
    expect((await status(sb, { orderId: whole })).paymentAmountInfo).toMatchObject({ paymentState: 'DEPOSITED', depositedAmount: 10_000 });
    const part = await paidOrder(sb, {}, PREAUTH);
    await op('deposit.do', { orderId: part, amount: 4_000 });
    expect(await status(sb, { orderId: part })).toMatchObject({ orderStatus: 2, paymentAmountInfo: { depositedAmount: 4_000 } });
  });

  it('refuses more than the hold (5), a second deposit (7) and an unknown order (6)', async () => {
    const orderId = await paidOrder(sb, {}, PREAUTH);
    expect((await op('deposit.do', { orderId, amount: 10_001 })).errorCode).toBe('5');
    await op('deposit.do', { orderId, amount: 0 });
    expect((await op('deposit.do', { orderId, amount: 0 })).errorCode).toBe('7');
    expect((await op('deposit.do', { orderId: 'missing', amount: 0 })).errorCode).toBe('6');
  });
});

describe('reverse.do', () => {
  it('cancels a hold once; a second attempt is refused', async () => {
    const orderId = await paidOrder(sb, {}, PREAUTH);
    expect((await op('reverse.do', { orderId })).errorCode).toBe('0');
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 3, paymentAmountInfo: { paymentState: 'REVERSED' } });
    expect((await op('reverse.do', { orderId })).errorCode).toBe('7');
  });

  it('allows one partial reversal of a hold; the rest can still be deposited', async () => {
    const orderId = await paidOrder(sb, {}, PREAUTH);
    await op('reverse.do', { orderId, amount: 3_000 });
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 1, paymentAmountInfo: { approvedAmount: 7_000 } });
    expect((await op('reverse.do', { orderId, amount: 1_000 })).errorCode).toBe('7');
    await op('deposit.do', { orderId, amount: 0 });
    expect((await status(sb, { orderId })).paymentAmountInfo.depositedAmount).toBe(7_000);
  });

  it('reverses a charge on its own day but not the next day', async () => {
    const today = await paidOrder(sb);
    expect((await op('reverse.do', { orderId: today })).errorCode).toBe('0');
    const yesterday = await paidOrder(sb);
    await control(sb, 'POST', '/clock', { advanceSeconds: 86_400 });
    expect((await op('reverse.do', { orderId: yesterday })).errorCode).toBe('7');
    expect((await status(sb, { orderId: yesterday })).orderStatus).toBe(2);
  });

  it('does not use up the reversal on a wrong amount or an unpaid order', async () => {
    const orderId = await paidOrder(sb, {}, PREAUTH);
    expect((await op('reverse.do', { orderId, amount: 99_999 })).errorCode).toBe('5');
    expect((await op('reverse.do', { orderId })).errorCode).toBe('0');
    const unpaid = await register(sb);
    expect((await op('reverse.do', { orderId: unpaid })).errorCode).toBe('7');
  });
});

describe('refund.do', () => {
  it('refunds in parts up to the deposited amount, then status 4', async () => {
    const orderId = await paidOrder(sb);
    expect((await op('refund.do', { orderId, amount: 2_500 })).errorCode).toBe('0');
    let s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 2, paymentAmountInfo: { refundedAmount: 2_500 } });
    expect(s.refunds).toEqual([
      { date: expect.any(Number), amount: 2_500, actionCode: 0, referenceNumber: expect.stringMatching(/^\d{12}$/) },
    ]);
    expect((await op('refund.do', { orderId, amount: 7_501 })).errorCode).toBe('5');
    expect((await op('refund.do', { orderId, amount: 0 })).errorCode).toBe('0');
    s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 4, paymentAmountInfo: { paymentState: 'REFUNDED', refundedAmount: 10_000 } });
    expect(s.refunds.map((r: { amount: number }) => r.amount)).toEqual([2_500, 7_500]);
    expect((await op('refund.do', { orderId, amount: 1 })).errorCode).toBe('7');
  });

  it('returns the first result for a repeated externalRefundId instead of refunding twice', async () => {
    const orderId = await paidOrder(sb);
    const first = await op('refund.do', { orderId, amount: 1_000, externalRefundId: 'case-42' });
    const again = await op('refund.do', { orderId, amount: 1_000, externalRefundId: 'case-42' });
    expect(again).toEqual(first);
    const s = await status(sb, { orderId });
    expect(s.refunds).toHaveLength(1);
    expect(s.paymentAmountInfo.refundedAmount).toBe(1_000);
  });

  it('checks expectedDepositedAmount and refuses holds', async () => {
    const orderId = await paidOrder(sb);
    expect((await op('refund.do', { orderId, amount: 100, expectedDepositedAmount: 9_999 })).errorCode).toBe('5');
    expect((await op('refund.do', { orderId, amount: 100, expectedDepositedAmount: 10_000 })).errorCode).toBe('0');
    const held = await paidOrder(sb, {}, PREAUTH);
    expect((await op('refund.do', { orderId: held, amount: 100 })).errorCode).toBe('7');
  });
});

describe('order expiry', () => {
  it('declines an unpaid order after the default 1200 seconds with -2007', async () => {
    const orderId = await register(sb);
    await control(sb, 'POST', '/clock', { advanceSeconds: 1_199 });
    expect((await status(sb, { orderId })).orderStatus).toBe(0);
    await control(sb, 'POST', '/clock', { advanceSeconds: 2 });
    expect(await status(sb, { orderId })).toMatchObject({
      orderStatus: 6,
      actionCode: -2007,
      paymentAmountInfo: { paymentState: 'DECLINED' },
    });
    expect((await payCard(sb, orderId, CARDS.noThreeDS)).errorCode).toBe(7);
  });

  it('honours sessionTimeoutSecs and expirationDate (which wins)', async () => {
    const short = await register(sb, { sessionTimeoutSecs: 60 });
    const dated = await register(sb, {
      sessionTimeoutSecs: 60,
      expirationDate: new Date(Date.now() + 3_600_000).toISOString().slice(0, 19),
    });
    await control(sb, 'POST', '/clock', { advanceSeconds: 61 });
    expect((await status(sb, { orderId: short })).orderStatus).toBe(6);
    expect((await status(sb, { orderId: dated })).orderStatus).toBe(0);
  });
});

describe('getOrderStatusExtended.do', () => {
  it('finds an order by orderNumber; orderId wins when both are given', async () => {
    const orderNumber = uniqueNumber();
    const reg = await postForm(sb, `${REST}/register.do`, { ...AUTH, orderNumber, amount: 77, returnUrl: 'https://x.example' });
    const byNumber = await status(sb, { orderNumber });
    expect(byNumber.attributes).toEqual([{ name: 'mdOrder', value: reg.orderId }]);
    const other = await register(sb);
    expect((await status(sb, { orderId: other, orderNumber })).attributes[0].value).toBe(other);
  });

  it('answers 1 without a reference and 6 for an unknown order', async () => {
    expect((await status(sb, {})).errorCode).toBe('1');
    expect((await status(sb, { orderNumber: 'no-such-order' })).errorCode).toBe('6');
  });
});
