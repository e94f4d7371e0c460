import { afterEach, describe, expect, it } from 'vitest';
import { AUTH, CARDS, control, paidOrder, postForm, postJson, RETURN_URL, status, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
afterEach(() => control(sb, 'POST', '/clock', { setEpochMs: Date.now() }));

const INSTANT = '/payment/rest/instantPayment.do';

describe('money the sandbox must not hand out twice', () => {
  it('refuses a same-day reversal of a charge that was partly refunded', async () => {
    const orderId = await paidOrder(sb);
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId, amount: 4_000 });
    expect((await postForm(sb, '/payment/rest/reverse.do', { ...AUTH, orderId })).errorCode).toBe('7');
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 2, paymentAmountInfo: { refundedAmount: 4_000 } });
  });

  it('holds instantPayment.do with an installment binding to the plan’s count and records each payment', async () => {
    const clientId = uniqueNumber('client');
    const [{ bindingId }] = (
      await control(sb, 'POST', '/seed', {
        bindings: [{ clientId, category: 'INSTALLMENT', installments: 2, totalInstallmentAmount: 10_000 }],
      })
    ).bindings as [{ bindingId: string }];
    const pay = () => postForm(sb, INSTANT, { ...AUTH, amount: 3_000, returnUrl: RETURN_URL, bindingId, clientId, tii: 'I' });
    expect((await pay()).orderStatus.OrderStatus).toBe(2);
    expect((await pay()).orderStatus.OrderStatus).toBe(2);
    expect(await pay()).toMatchObject({ errorCode: '5', error: expect.stringContaining('installments') });
    const viaInstallment = await postJson(sb, '/payment/installmentPayment.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      bindingId,
      amount: 100,
    });
    expect(viaInstallment.error).toBe(true);
  });

  it('refuses instantPayment.do with a recurrent binding whose agreement has ended', async () => {
    const clientId = uniqueNumber('client');
    const [{ bindingId }] = (
      await control(sb, 'POST', '/seed', { bindings: [{ clientId, category: 'RECURRENT', recurringExpiry: '20261231' }] })
    ).bindings as [{ bindingId: string }];
    await control(sb, 'POST', '/clock', { advanceSeconds: 400 * 86_400 });
    const r = await postForm(sb, INSTANT, { ...AUTH, amount: 100, returnUrl: RETURN_URL, bindingId, clientId, tii: 'R' });
    expect(r).toMatchObject({ errorCode: '5', error: expect.stringContaining('expired') });
  });
});

describe('the second part of a 3DS2 instant payment', () => {
  const card = { ...AUTH, returnUrl: RETURN_URL, pan: CARDS.frictionless, expiry: '203012', cvc: '123' };

  it('needs threeDSServerTransId and the order’s own amount, and refuses an expired order', async () => {
    const first = await postForm(sb, INSTANT, { ...card, amount: 1_000 });
    const again = (extra: Record<string, unknown>) =>
      postForm(sb, INSTANT, { ...card, amount: 1_000, threeDSVer2MdOrder: first.orderId, ...extra });
    expect((await again({})).errorCode).toBe('4');
    expect((await again({ threeDSServerTransId: first.threeDSServerTransId, amount: 1 })).errorCode).toBe('5');
    await control(sb, 'POST', '/clock', { advanceSeconds: 1_201 });
    expect((await again({ threeDSServerTransId: first.threeDSServerTransId })).errorCode).toBe('7');
    expect((await status(sb, { orderId: first.orderId })).actionCode).toBe(-2007);
  });
});
