/**
 * Issue 15 spec rules: merchantOrderParams, wallet cardAuthInfo, email at payment, returnUrl without
 * a protocol. Real HTTP against a real sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH,
  CARDS,
  RETURN_URL,
  payCard,
  payOnPage,
  postForm,
  postJson,
  register,
  registration,
  status,
  uniqueNumber,
  decryptedWalletToken,
  walletPayment,
  walletToken,
} from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

describe('merchantOrderParams', () => {
  it('carries the jsonParams the order was registered with, as name/value pairs', async () => {
    const orderId = await register(sb, { jsonParams: { shopRef: 'A-17', channel: 'web' } });
    const s = await status(sb, { orderId });
    expect(s.merchantOrderParams).toEqual([
      { name: 'shopRef', value: 'A-17' },
      { name: 'channel', value: 'web' },
    ]);
  });

  it('is an empty list for an order registered without jsonParams', async () => {
    const s = await status(sb, { orderId: await register(sb) });
    expect(s.merchantOrderParams).toEqual([]);
  });
});

describe('declined wallet payments', () => {
  it('leave cardAuthInfo out, since a declined payment has no approvalCode (String [6])', async () => {
    const r = await walletPayment(sb, 'applepay', walletToken(CARDS.declined));
    expect(r.orderStatus.orderStatus).toBe(6);
    expect(r.orderStatus).not.toHaveProperty('cardAuthInfo');
  });

  it('paid ones carry a well-formed cardAuthInfo', async () => {
    const r = await walletPayment(sb, 'google', walletToken(CARDS.noThreeDS, { cardholderName: 'JANE Q. DOE' }));
    const c = r.orderStatus.cardAuthInfo;
    expect(c.approvalCode).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(String(c.expiration)).toMatch(/^[0-9]{6}$/);
    expect(c.cardholderName).toBe('JANE Q. DOE');
    expect(c.pan.length).toBeLessThanOrEqual(19);
  });

  it('refuse a token whose cardholderName cannot be a cardAuthInfo cardholderName', async () => {
    const r = await walletPayment(sb, 'samsung', walletToken(CARDS.noThreeDS, { cardholderName: 'Иван Петров' }));
    expect(r.success).toBe(false);
    expect(r.error.code).toBe('5');
    expect(r.error.message).toContain('paymentToken.cardholderName');
  });
});

describe('declined card payments in a status answer', () => {
  it('carry the card without an empty approvalCode (String [6]): a payment never authorised has none', async () => {
    const orderId = await register(sb);
    // Frictionless 3-D Secure 2: the second request, with the first answer's transaction id, is declined.
    const first = await payCard(sb, orderId, CARDS.declined);
    await payCard(sb, orderId, CARDS.declined, { threeDSServerTransId: first.threeDSServerTransId });
    const s = await status(sb, { orderId });
    expect(s.orderStatus).toBe(6);
    expect(s.cardAuthInfo.maskedPan).toMatch(/^\d{6}\*+\d{4}$/);
    expect(s.cardAuthInfo).not.toHaveProperty('approvalCode');
    const paid = await register(sb);
    await payCard(sb, paid, CARDS.noThreeDS);
    expect((await status(sb, { orderId: paid })).cardAuthInfo.approvalCode).toMatch(/^[0-9A-Za-z]{6}$/);
  });
});

describe('email: not validated at registration, validated at payment', () => {
  const BAD = 'not an address';
  const GOOD = 'buyer@shop.example';

  it('register.do and registerPreAuth.do accept a malformed address; paymentorder.do refuses to pay with it', async () => {
    for (const path of ['/payment/rest/register.do', '/payment/rest/registerPreAuth.do']) {
      const orderId = await register(sb, { email: BAD }, path);
      const r = await payCard(sb, orderId, CARDS.noThreeDS);
      expect(r.errorCode).toBe(5);
      expect(r.errorMessage).toContain('email');
      expect((await status(sb, { orderId })).orderStatus).toBe(0);
    }
  });

  it('paymentorder.do checks its own email over the registered one, and pays with a valid one', async () => {
    const orderId = await register(sb, { email: GOOD });
    expect((await payCard(sb, orderId, CARDS.noThreeDS, { email: 'a@b' })).errorCode).toBe(5);
    expect((await payCard(sb, orderId, CARDS.noThreeDS)).errorCode).toBe(0);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
  });

  it('registration keeps the field type String [1..40]: a longer address is refused there', async () => {
    const r = await registration(sb, { email: `${'a'.repeat(30)}@example.com` });
    expect(r.errorCode).toBe('5');
  });

  it('instantPayment.do refuses a malformed address and registers no order', async () => {
    const orderNumber = uniqueNumber();
    const r = await postForm(sb, '/payment/rest/instantPayment.do', {
      ...AUTH,
      orderNumber,
      amount: 500,
      returnUrl: RETURN_URL,
      pan: CARDS.noThreeDS,
      expiry: '203012',
      cvc: '123',
      email: 'buyer@',
    });
    expect(r.errorCode).toBe('5');
    expect(r.error).toContain('email');
    expect((await status(sb, { orderNumber })).orderStatus).toBeUndefined();
  });

  it('paymentOrderBinding.do refuses to pay an order registered with a malformed address', async () => {
    const clientId = `client-${uniqueNumber()}`;
    const first = await register(sb, { clientId, features: 'FORCE_CREATE_BINDING' });
    expect((await payCard(sb, first, CARDS.noThreeDS)).errorCode).toBe(0);
    const bindingId = (await status(sb, { orderId: first })).bindingInfo.bindingId as string;
    const orderId = await register(sb, { clientId, email: BAD });
    const r = await postForm(sb, '/payment/rest/paymentOrderBinding.do', { ...AUTH, mdOrder: orderId, bindingId, tii: 'U' });
    expect(r.errorCode).toBe('5');
    expect(r.errorMessage).toContain('email');
    const ok = await register(sb, { clientId, email: GOOD });
    expect((await postForm(sb, '/payment/rest/paymentOrderBinding.do', { ...AUTH, mdOrder: ok, bindingId, tii: 'U' })).errorCode).toBe('0');
  });

  it('installmentPayment.do refuses to pay an order registered with a malformed address', async () => {
    const clientId = `client-${uniqueNumber()}`;
    const first = await register(sb, { clientId, features: 'FORCE_CREATE_BINDING' });
    const plan = { installments: '3', totalInstallmentAmount: '30000', recurringFrequency: '28', recurringExpiry: '20301231' };
    expect((await payCard(sb, first, CARDS.noThreeDS, { jsonParams: plan })).errorCode).toBe(0);
    const bindingId = (await status(sb, { orderId: first })).bindingInfo.bindingId as string;
    const orderNumber = uniqueNumber();
    await postForm(sb, '/payment/rest/register.do', { ...AUTH, orderNumber, amount: 10_000, clientId, returnUrl: RETURN_URL, email: BAD });
    const r = await postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber, bindingId, amount: 10_000 });
    expect(r).toMatchObject({ errorCode: '5', error: true });
    expect(r.errorMessage).toContain('email');
  });

  it('wallet payment.do and paymentDirect.do refuse a malformed address', async () => {
    const r = await walletPayment(sb, 'applepay', walletToken(CARDS.noThreeDS), { email: 'buyer at shop.example' });
    expect(r).toMatchObject({ success: false, error: { code: '5' } });
    expect(r.error.message).toContain('email');
    const direct = await postJson(sb, '/payment/google/paymentDirect.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      email: 'x@',
      paymentToken: decryptedWalletToken(700),
    });
    expect(direct).toMatchObject({ success: false, error: { code: '5' } });
  });

  it('the payment page refuses a card payment for an order registered with a malformed address', async () => {
    const r = await registration(sb, { email: BAD });
    const res = await payOnPage(r.formUrl as string, CARDS.noThreeDS);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('email');
  });
});

describe('returnUrl and failUrl without a protocol', () => {
  /** The gateway default address, {base_url}/payment/<merchant>, with orderId appended. */
  const defaultAddress = (orderId: string) => new RegExp(`^${sb.url}/payment/[^/?]+\\?orderId=${orderId}$`);

  async function pageAt(location: string): Promise<string> {
    const res = await fetch(location, { redirect: 'manual' });
    expect(res.status).toBe(200);
    return res.text();
  }

  it('paymentorder.do sends the customer to the gateway default address, which says the payment finished', async () => {
    const orderId = await register(sb, { returnUrl: 'shop.example/return' });
    const r = await payCard(sb, orderId, CARDS.noThreeDS);
    expect(r.redirect).toMatch(defaultAddress(orderId));
    expect(await pageAt(r.redirect as string)).toContain('Payment finished');
  });

  it('a failed payment with a relative failUrl goes to the default address too, which says it failed', async () => {
    const orderId = await register(sb, { returnUrl: 'https://shop.example/ok', failUrl: '/fail' });
    const r = await payCard(sb, orderId, CARDS.noThreeDS, { $CVC: '000' });
    expect(r.redirect).toMatch(defaultAddress(orderId));
    expect(await pageAt(r.redirect as string)).toContain('Payment failed');
  });

  it('the ACS page (3DS2 challenge, and 3DS1 through termUrl) finishes at the default address', async () => {
    const challenge = await register(sb, { returnUrl: 'shop.example/ok' });
    const first = await payCard(sb, challenge, CARDS.challenge);
    const second = await payCard(sb, challenge, CARDS.challenge, { threeDSServerTransId: first.threeDSServerTransId });
    expect(second.acsUrl).toBeDefined();
    const submit = (orderId: string, code: string) =>
      fetch(`${sb.url}/payment/acs/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ orderId, code, action: 'confirm' }).toString(),
        redirect: 'manual',
      });
    await fetch(second.acsUrl as string);
    const done = await submit(challenge, '123456');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(defaultAddress(challenge));
    expect(await pageAt(done.headers.get('location')!)).toContain('Payment finished');

    const v1 = await register(sb, { returnUrl: 'ok.html' });
    const acs = await payCard(sb, v1, CARDS.threeDS1);
    await fetch(acs.acsUrl as string);
    const term = await submit(v1, '00000000');
    expect(term.status).toBe(303);
    const back = await fetch(term.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(defaultAddress(v1));
    expect(await pageAt(back.headers.get('location')!)).toContain('Payment failed');
  });

  it('the payment page at formUrl sends the customer to the default address', async () => {
    const reg = await registration(sb, { returnUrl: 'www.shop.example' });
    const res = await payOnPage(reg.formUrl as string, CARDS.noThreeDS);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(defaultAddress(reg.orderId as string));
  });

  it('serves the default address only for a known merchant', async () => {
    expect((await fetch(`${sb.url}/payment/no-such-merchant?orderId=x`)).status).toBe(404);
  });
});
