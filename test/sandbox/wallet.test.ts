import { describe, expect, it } from 'vitest';
import { AUTH, CARDS, postForm, postJson, uniqueNumber, base64Json, decryptedWalletToken, walletPayment, walletToken } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

const token = (pan: string, amount = 1_500) => walletToken(pan, { amount });
const decrypted = (transactionAmount: number, pan: string = CARDS.frictionless) => decryptedWalletToken(transactionAmount, pan, '5');

describe.each(['applepay', 'google', 'samsung'])('/payment/%s/payment.do', (wallet) => {
  it('pays with a wallet token and answers success, data.orderId and orderStatus', async () => {
    const r = await walletPayment(sb, wallet, token(CARDS.noThreeDS));
    expect(r).toMatchObject({ success: true, data: { orderId: expect.any(String) } });
    expect(r.orderStatus).toMatchObject({
      orderStatus: 2,
      amount: 1_500,
      currency: '978',
      paymentAmountInfo: { paymentState: 'DEPOSITED' },
    });
    expect(r.orderStatus.paymentWay).toMatch(/_PAY$/);
  });
});

describe.each(['applepay', 'google', 'samsung'])('/payment/%s/paymentDirect.do', (wallet) => {
  it('pays with the decrypted payment data', async () => {
    const r = await postJson(sb, `/payment/${wallet}/paymentDirect.do`, {
      ...AUTH,
      orderNumber: uniqueNumber(),
      paymentToken: decrypted(700, CARDS.noThreeDS),
    });
    expect(r).toMatchObject({ success: true, orderStatus: { orderStatus: 2, amount: 700, currency: '978' } });
  });
});

describe('wallet payments', () => {
  it('answers success true with orderStatus 6 for a declined card (processed, not paid)', async () => {
    const r = await walletPayment(sb, 'applepay', token(CARDS.declined));
    expect(r.success).toBe(true);
    expect(r.orderStatus.orderStatus).toBe(6);
  });

  it('holds with preAuth and stores a credential with tii and clientId', async () => {
    const clientId = uniqueNumber('client');
    const r = await walletPayment(sb, 'google', token(CARDS.noThreeDS), {
      preAuth: true,
      tii: 'RI',
      clientId,
      additionalParameters: { recurringFrequency: 28, recurringExpiry: '20301231' },
    });
    expect(r.orderStatus).toMatchObject({ orderStatus: 1, bindingInfo: { clientId } });
    const bindings = await postForm(sb, '/payment/rest/getBindings.do', { ...AUTH, clientId, bindingType: 'R' });
    expect(bindings.bindings[0]).toMatchObject({ paymentWay: 'GOOGLE_PAY', bindingCategory: 'RECURRENT' });
  });

  it('refuses bad tokens, unknown merchants, subsequent tii values and duplicates in the error envelope', async () => {
    const bad = await walletPayment(sb, 'applepay', 'not base64 json');
    expect(bad).toMatchObject({ success: false, error: { code: '5', message: expect.stringContaining('paymentToken') } });
    const noAmount = await walletPayment(sb, 'applepay', base64Json({ pan: CARDS.noThreeDS, expiry: '203012', cryptogram: 'x' }));
    expect(noAmount.error.message).toContain('paymentToken.amount');
    expect(
      (
        await postJson(sb, '/payment/applepay/payment.do', {
          merchant: 'nobody',
          orderNumber: uniqueNumber(),
          paymentToken: token(CARDS.noThreeDS),
        })
      ).error.code,
    ).toBe('5');
    expect(
      (await postJson(sb, '/payment/applepay/payment.do', { orderNumber: uniqueNumber(), paymentToken: token(CARDS.noThreeDS) })).error
        .code,
    ).toBe('4');
    const u = await walletPayment(sb, 'applepay', token(CARDS.noThreeDS), {
      tii: 'U',
    });
    expect(u.error.message).toContain('tii');
    const orderNumber = uniqueNumber();
    await walletPayment(sb, 'samsung', token(CARDS.noThreeDS), { orderNumber });
    expect((await walletPayment(sb, 'samsung', token(CARDS.noThreeDS), { orderNumber })).error.code).toBe('1');
  });

  it('pays with decrypted payment data on paymentDirect.do, which requires userName and password', async () => {
    const r = await postJson(sb, '/payment/applepay/paymentDirect.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      paymentToken: decrypted(2_000),
    });
    expect(r).toMatchObject({ success: true, orderStatus: { orderStatus: 2, amount: 2_000 } });
    expect(r.orderStatus.cardAuthInfo.secureAuthInfo.eci).toBe(5);
    const withToken = await postJson(sb, '/payment/applepay/paymentDirect.do', {
      token: 'sandbox-token',
      orderNumber: uniqueNumber(),
      paymentToken: decrypted(1),
    });
    expect(withToken.success).toBe(false);
  });

  it('stores a credential without paying with VERIFY, which needs transactionAmount 0', async () => {
    const clientId = uniqueNumber('client');
    const nonZero = await postJson(sb, '/payment/google/paymentDirect.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      clientId,
      features: ['VERIFY'],
      paymentToken: decrypted(100),
    });
    expect(nonZero).toMatchObject({ success: false, error: { code: '5', message: expect.stringContaining('transactionAmount') } });
    const verify = await postJson(sb, '/payment/google/paymentDirect.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      clientId,
      features: ['VERIFY'],
      paymentToken: decrypted(0),
    });
    expect(verify).toMatchObject({ success: true, orderStatus: { amount: 0, bindingInfo: { clientId } } });
  });
});
