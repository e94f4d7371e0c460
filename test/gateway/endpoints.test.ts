import { describe, expect, it } from 'vitest';
import { decideInstantPayment, decideWalletPayment, isOrderPaid } from '../../main/gateway/decisions.js';
import { CARDS, clientFor, RETURN_URL, uniqueNumber } from './setup.js';
import { base64Json } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => clientFor(sb, { language: 'en' }));

const card = { $CVC: '123', $EXPIRY: '203012', TEXT: 'CARD HOLDER', language: 'en' };

async function registeredAndPaid(extra: Record<string, unknown> = {}, twoPhase = false) {
  const params = { orderNumber: uniqueNumber(), amount: 5_000, returnUrl: RETURN_URL, ...extra };
  const { orderId } = twoPhase ? await client.registerPreAuth(params) : await client.register(params);
  await client.paymentOrder({ MDORDER: orderId, $PAN: CARDS.noThreeDS, ...card });
  return orderId;
}

describe('orders', () => {
  it('registers, pays and reads the order back, paid', async () => {
    const { orderId, formUrl } = await client.register({
      orderNumber: uniqueNumber(),
      amount: 5_000,
      returnUrl: RETURN_URL,
      features: ['FORCE_SSL'],
    });
    expect(formUrl).toContain(orderId);
    const paid = await client.paymentOrder({ MDORDER: orderId, $PAN: CARDS.noThreeDS, ...card });
    expect(paid.redirect).toContain(orderId);
    const view = await client.getOrderStatusExtended({ orderId });
    expect(view).toMatchObject({ orderStatus: 2, amount: 5_000, actionCode: 0, cardAuthInfo: { maskedPan: '444455******3333' } });
    expect(isOrderPaid(view)).toBe(true);
  });

  it('runs the 3DS2 exchange with the folded method fields', async () => {
    const { orderId } = await client.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL });
    const first = await client.paymentOrder({ MDORDER: orderId, $PAN: CARDS.frictionless, ...card });
    expect(first).toMatchObject({ is3DSVer2: true, threeDSMethodUrlServer: expect.stringContaining('/payment/3ds/') });
    await client.paymentOrder({ MDORDER: orderId, $PAN: CARDS.frictionless, ...card, threeDSServerTransId: first.threeDSServerTransId });
    expect((await client.getOrderStatusExtended({ orderId })).orderStatus).toBe(2);
  });

  it('deposits, reverses and refunds', async () => {
    const held = await registeredAndPaid({}, true);
    await client.deposit({ orderId: held, amount: 2_000 });
    expect(await client.getOrderStatusExtended({ orderId: held })).toMatchObject({
      orderStatus: 2,
      paymentAmountInfo: { depositedAmount: 2_000 },
    });
    const hold = await registeredAndPaid({}, true);
    await client.reverse({ orderId: hold });
    expect((await client.getOrderStatusExtended({ orderId: hold })).orderStatus).toBe(3);
    const charged = await registeredAndPaid();
    await client.refund({ orderId: charged, amount: 1_000, externalRefundId: uniqueNumber('refund') });
    const view = await client.getOrderStatusExtended({ orderId: charged });
    expect(view.refunds?.map((r) => r.amount)).toEqual([1_000]);
    expect(isOrderPaid(view)).toBe(true);
  });
});

describe('instantPayment.do and its decision rules', () => {
  const instant = (pan: string, extra: Record<string, unknown> = {}) =>
    client.instantPayment({ amount: 700, returnUrl: RETURN_URL, pan, expiry: '203012', cvc: '123', ...extra });

  it('approves, with the capitalised orderStatus keys folded', async () => {
    const r = await instant(CARDS.noThreeDS);
    expect(r.orderStatus).toMatchObject({ orderStatus: 2, pan: '444455******3333', errorCode: '0' });
    expect(decideInstantPayment(r)).toMatchObject({ kind: 'approved', orderStatus: 2 });
  });

  it('declines', async () => {
    expect(decideInstantPayment(await instant(CARDS.noThreeDS, { cvc: '000' }))).toMatchObject({ kind: 'declined', orderStatus: 6 });
  });

  it('starts 3-D Secure with what the caller needs to redirect', async () => {
    const d = decideInstantPayment(await instant(CARDS.threeDS1));
    expect(d).toMatchObject({
      kind: 'threeDS',
      acsUrl: expect.stringContaining('acsRedirect.do'),
      paReq: expect.any(String),
      termUrl: expect.any(String),
    });
    const method = decideInstantPayment(await instant(CARDS.challenge));
    expect(method).toMatchObject({ kind: 'threeDSMethod', threeDSServerTransId: expect.any(String) });
    if (method.kind !== 'threeDSMethod') throw new Error('expected the 3DS method step');
    const second = await instant(CARDS.challenge, {
      threeDSVer2MdOrder: method.orderId,
      threeDSServerTransId: method.threeDSServerTransId,
    });
    expect(decideInstantPayment(second)).toMatchObject({ kind: 'threeDS', packedCReq: expect.any(String) });
  });
});

describe('wallets', () => {
  it.each(['applepay', 'google', 'samsung'] as const)('%s payment.do and paymentDirect.do', async (wallet) => {
    const token = base64Json({ pan: CARDS.noThreeDS, expiry: '203012', cryptogram: 'AAAA', amount: 900, currency: '978' });
    const paid = await client.walletPayment(wallet, { merchant: 'sandbox', orderNumber: uniqueNumber(), paymentToken: token });
    expect(paid.data.orderId).toBeTruthy();
    expect(decideWalletPayment({ success: true, ...paid })).toEqual({ kind: 'approved', orderStatus: 2 });
    const declined = await client.walletPayment(wallet, {
      merchant: 'sandbox',
      orderNumber: uniqueNumber(),
      paymentToken: base64Json({ pan: CARDS.declined, expiry: '203012', cryptogram: 'AAAA', amount: 900 }),
    });
    expect(decideWalletPayment({ success: true, ...declined })).toEqual({ kind: 'declined', orderStatus: 6 });
    const direct = await client.walletPaymentDirect(wallet, {
      orderNumber: uniqueNumber(),
      paymentToken: base64Json({
        applicationPrimaryAccountNumber: CARDS.noThreeDS,
        applicationExpirationDate: '301231',
        currencyCode: '978',
        transactionAmount: 300,
        paymentData: { onlinePaymentCryptogram: 'AAAA' },
      }),
    });
    expect(direct.orderStatus?.amount).toBe(300);
  });
});

describe('stored credentials', () => {
  it('lists, pays with, disables, re-enables and extends bindings', async () => {
    const clientId = uniqueNumber('client');
    expect(await client.getBindings({ clientId })).toEqual({ bindings: [] });
    await registeredAndPaid({ clientId, features: ['FORCE_CREATE_BINDING'] });
    const { bindings } = await client.getBindings({ clientId, bindingType: 'C' });
    expect(bindings).toHaveLength(1);
    const bindingId = bindings[0]!.bindingId;
    expect((await client.getBindingsByCardOrId({ bindingId })).bindings[0]?.bindingCategory).toBe('COMMON');

    const { orderId } = await client.register({ orderNumber: uniqueNumber(), amount: 1_234, returnUrl: RETURN_URL, clientId });
    await client.paymentOrderBinding({ mdOrder: orderId, bindingId, tii: 'U' });
    expect(await client.getOrderStatusExtended({ orderId })).toMatchObject({ orderStatus: 2, bindingInfo: { bindingId } });

    await client.unBindCard({ bindingId });
    expect((await client.getBindings({ clientId })).bindings).toEqual([]);
    await client.bindCard({ bindingId });
    await client.extendBinding({ bindingId, newExpiry: '203401' });
    expect((await client.getBindings({ clientId })).bindings[0]?.expiryDate).toBe('203401');
  });

  it('pays recurrent and installment credentials', async () => {
    const clientId = uniqueNumber('client');
    await registeredAndPaid({
      clientId,
      features: ['FORCE_CREATE_BINDING'],
      jsonParams: { recurringFrequency: 28, recurringExpiry: '20301231' },
    });
    await registeredAndPaid({
      clientId,
      features: ['FORCE_CREATE_BINDING'],
      jsonParams: { installments: 2, totalInstallmentAmount: 10_000, recurringFrequency: 28, recurringExpiry: '20301231' },
    });
    const recurrent = (await client.getBindings({ clientId, bindingType: 'R' })).bindings[0]!.bindingId;
    const installment = (await client.getBindings({ clientId, bindingType: 'I' })).bindings[0]!.bindingId;
    const r = await client.recurrentPayment({ orderNumber: uniqueNumber(), bindingId: recurrent, amount: 100 });
    expect(r).toMatchObject({ data: { orderId: expect.any(String) }, orderStatus: { orderStatus: 2 } });
    const i = await client.installmentPayment({ orderNumber: uniqueNumber(), bindingId: installment, amount: 5_000 });
    expect(i).toMatchObject({ orderId: expect.any(String), orderStatus: { orderStatus: 2 } });
  });
});
