import { describe, expect, it } from 'vitest';
import { AUTH, CARDS, control, FAIL_URL, RETURN_URL, TOKEN } from './client.js';
import { payCard, payOnPage, postForm, register, registration, status, uniqueNumber } from './client.js';
import { authenticateAtAcs } from './threeds.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

describe('paymentorder.do', () => {
  it('charges a one-phase order with the no-3DS card and answers errorCode as a number', async () => {
    const orderId = await register(sb);
    const r = await payCard(sb, orderId, CARDS.noThreeDS);
    expect(r).toMatchObject({ errorCode: 0, redirect: `${RETURN_URL}?orderId=${orderId}` });
    const s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 2, actionCode: 0, paymentWay: 'CARD' });
    expect(s.paymentAmountInfo).toMatchObject({ paymentState: 'DEPOSITED', approvedAmount: 10_000, depositedAmount: 10_000 });
    expect(s.cardAuthInfo).toMatchObject({ maskedPan: '444455******3333', expiration: 203012, paymentSystem: 'VISA' });
    expect(JSON.stringify(s)).not.toContain(CARDS.noThreeDS);
  });

  it('holds a two-phase order (status 1)', async () => {
    const orderId = await register(sb, {}, '/payment/rest/registerPreAuth.do');
    await payCard(sb, orderId, CARDS.noThreeDS);
    const s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 1 });
    expect(s.paymentAmountInfo).toMatchObject({ paymentState: 'APPROVED', approvedAmount: 10_000, depositedAmount: 0 });
  });

  it('declines CVC 000, an expired card, and the no-3DS card before 2026-12', async () => {
    // On a day when 2026-11 has not passed yet, whatever today is: from December 2026 on, that expiry is
    // simply expired (101), which the card-data check tells first.
    await control(sb, 'POST', '/clock', { setEpochMs: Date.UTC(2026, 5, 15) });
    try {
      for (const [extra, actionCode] of [
        [{ $CVC: '000' }, 71015],
        [{ $EXPIRY: '202001' }, 101],
        [{ $EXPIRY: '202611' }, 71015],
      ] as const) {
        const orderId = await register(sb, { failUrl: FAIL_URL });
        const r = await payCard(sb, orderId, CARDS.noThreeDS, extra);
        expect(r.errorCode).toBe(0);
        expect(r.redirect).toBe(`${FAIL_URL}?orderId=${orderId}`);
        expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 6, actionCode });
      }
    } finally {
      await control(sb, 'POST', '/clock', { setEpochMs: Date.now() });
    }
  });

  it('runs the 3DS2 frictionless flow in two requests', async () => {
    const orderId = await register(sb);
    const first = await payCard(sb, orderId, CARDS.frictionless);
    expect(first).toMatchObject({ errorCode: 0, is3DSVer2: true });
    expect(first.threeDSMethodURLServer).toContain('/payment/3ds/');
    expect((await fetch(first.threeDSMethodURLServer)).status).toBe(200);
    expect((await status(sb, { orderId })).orderStatus).toBe(0);
    const second = await payCard(sb, orderId, CARDS.frictionless, { threeDSServerTransId: first.threeDSServerTransId });
    expect(second).toMatchObject({ errorCode: 0, redirect: expect.stringContaining(RETURN_URL) });
    const s = await status(sb, { orderId });
    expect(s.orderStatus).toBe(2);
    expect(s.cardAuthInfo.secureAuthInfo).toEqual({ eci: 5, threeDSProtocolVersion: '2.2.0' });
  });

  it('accepts the second 3DS2 request with the capital-D spelling and refuses a wrong identifier', async () => {
    const orderId = await register(sb);
    const first = await payCard(sb, orderId, CARDS.frictionless);
    const wrong = await payCard(sb, orderId, CARDS.frictionless, { threeDSServerTransId: 'not-the-id' });
    expect(wrong.errorCode).toBe(5);
    const second = await payCard(sb, orderId, CARDS.frictionless, { threeDSServerTransID: first.threeDSServerTransId });
    expect(second.errorCode).toBe(0);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
  });

  it('declines the frictionless-decline card after the 3DS2 exchange', async () => {
    const orderId = await register(sb);
    const first = await payCard(sb, orderId, CARDS.declined);
    await payCard(sb, orderId, CARDS.declined, { threeDSServerTransId: first.threeDSServerTransId });
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 6, actionCode: -2025 });
  });

  it('runs a 3DS2 challenge through the ACS page: 123456 pays, 000000 fails', async () => {
    for (const [code, expected] of [
      ['123456', { orderStatus: 2, actionCode: 0 }],
      ['000000', { orderStatus: 6, actionCode: -2017 }],
    ] as const) {
      const orderId = await register(sb, { failUrl: FAIL_URL });
      const first = await payCard(sb, orderId, CARDS.challenge);
      const second = await payCard(sb, orderId, CARDS.challenge, { threeDSServerTransId: first.threeDSServerTransId });
      expect(second).toMatchObject({ errorCode: 0, is3DSVer2: true, acsUrl: expect.stringContaining('/payment/acsRedirect.do?orderId=') });
      expect(JSON.parse(Buffer.from(second.packedCReq, 'base64').toString()).messageType).toBe('CReq');
      const landing = await authenticateAtAcs(second.acsUrl, code);
      expect(landing).toBe(`${code === '123456' ? RETURN_URL : FAIL_URL}?orderId=${orderId}`);
      expect(await status(sb, { orderId })).toMatchObject(expected);
    }
  });

  it('runs 3DS1 through acsUrl, paReq and termUrl: 12345678 pays, 00000000 fails', async () => {
    for (const [password, expected] of [
      ['12345678', { orderStatus: 2 }],
      ['00000000', { orderStatus: 6, actionCode: -2017 }],
    ] as const) {
      const orderId = await register(sb);
      const r = await payCard(sb, orderId, CARDS.threeDS1);
      expect(r).toMatchObject({
        errorCode: 0,
        acsUrl: expect.any(String),
        paReq: expect.any(String),
        termUrl: expect.stringContaining('finish3ds.do'),
      });
      expect((await status(sb, { orderId })).orderStatus).toBe(0);
      const landing = await authenticateAtAcs(r.acsUrl, password);
      // Without failUrl a failed authentication also returns to returnUrl.
      expect(landing).toBe(`${RETURN_URL}?orderId=${orderId}`);
      expect(await status(sb, { orderId })).toMatchObject(expected);
    }
  });

  it('shows status 5 while the cardholder is at the ACS', async () => {
    const orderId = await register(sb);
    const r = await payCard(sb, orderId, CARDS.threeDS1);
    await fetch(r.acsUrl);
    expect((await status(sb, { orderId })).orderStatus).toBe(5);
  });

  it('refuses a forged PaRes at termUrl', async () => {
    const forged = await fetch(`${sb.url}/payment/rest/finish3ds.do?MD=x&PaRes=eyJ9.bad`);
    expect(forged.status).toBe(400);
  });

  it('takes external 3-D Secure results from jsonParams', async () => {
    const orderId = await register(sb);
    const r = await payCard(sb, orderId, CARDS.challenge, {
      jsonParams: { eci: '02', cavv: 'AAABBBCCC=', threeDSProtocolVersion: '2.2.0' },
    });
    expect(r.errorCode).toBe(0);
    const s = await status(sb, { orderId });
    expect(s.orderStatus).toBe(2);
    expect(s.cardAuthInfo.secureAuthInfo).toEqual({ eci: 2, threeDSProtocolVersion: '2.2.0' });
    const noEci = await payCard(sb, await register(sb), CARDS.challenge, { jsonParams: { cavv: 'AAA=' } });
    expect(noEci.errorCode).toBe(4);
  });

  it('takes card data from a seToken', async () => {
    const orderId = await register(sb);
    const seToken = Buffer.from(`${Date.now()}/uuid-1/${CARDS.noThreeDS}/123/203012/${orderId}`).toString('base64');
    const r = await postForm(sb, '/payment/rest/paymentorder.do', {
      ...AUTH,
      MDORDER: orderId,
      seToken,
      TEXT: 'CARD HOLDER',
      language: 'en',
    });
    expect(r.errorCode).toBe(0);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
  });

  it('enforces its own request rules', async () => {
    const orderId = await register(sb);
    const withToken = await postForm(sb, '/payment/rest/paymentorder.do', {
      ...TOKEN,
      MDORDER: orderId,
      $PAN: CARDS.noThreeDS,
      $CVC: '123',
      $EXPIRY: '203012',
      TEXT: 'X',
      language: 'en',
    });
    expect(withToken.errorCode).toBe(5);
    const noCvc = await payCard(sb, orderId, CARDS.noThreeDS, { $CVC: undefined });
    expect(noCvc).toMatchObject({ errorCode: 4, errorMessage: expect.stringContaining('$CVC') });
    const badLuhn = await payCard(sb, orderId, '4444555511113334');
    expect(badLuhn.errorCode).toBe(5);
    const split = await payCard(sb, orderId, CARDS.noThreeDS, { $EXPIRY: undefined, YYYY: '2030', MM: '12' });
    expect(split.errorCode).toBe(0);
    const again = await payCard(sb, orderId, CARDS.noThreeDS);
    expect(again).toMatchObject({ errorCode: 7 });
    expect((await payCard(sb, '00000000-0000-4000-8000-000000000000', CARDS.noThreeDS)).errorCode).toBe(6);
  });

  it('declines amounts over the issuer limit with -20010', async () => {
    const orderId = await register(sb, { amount: 10_000_001 });
    await payCard(sb, orderId, CARDS.noThreeDS);
    expect(await status(sb, { orderId })).toMatchObject({ orderStatus: 6, actionCode: -20010 });
  });

  it('pays through the payment page at formUrl', async () => {
    const reg = await registration(sb, { amount: 500 });
    const res = await payOnPage(reg.formUrl, CARDS.frictionless);
    expect(res.headers.get('location')).toBe(`${RETURN_URL}?orderId=${reg.orderId}`);
    expect((await status(sb, { orderId: reg.orderId })).orderStatus).toBe(2);
  });
});

describe('instantPayment.do', () => {
  const INSTANT = '/payment/rest/instantPayment.do';
  const card = (pan: string) => ({ ...AUTH, amount: 2_000, returnUrl: RETURN_URL, pan, expiry: '203012', cvc: '123' });

  it('registers and pays in one request, with capitalised orderStatus keys', async () => {
    const r = await postForm(sb, INSTANT, { ...card(CARDS.noThreeDS), orderNumber: uniqueNumber() });
    expect(r).toMatchObject({ errorCode: '0', orderId: expect.any(String) });
    expect(r.orderStatus).toMatchObject({
      ErrorCode: '0',
      OrderStatus: 2,
      Pan: '444455******3333',
      depositAmount: 2_000,
      authCode: 2,
      approvalCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(r.acsUrl).toBeUndefined();
  });

  it('generates the orderNumber when omitted and holds with preAuth', async () => {
    const r = await postForm(sb, INSTANT, { ...card(CARDS.noThreeDS), preAuth: true });
    expect(r.orderStatus).toMatchObject({ OrderStatus: 1, approvedAmount: 2_000 });
    expect(r.orderStatus.OrderNumber).toMatch(/^[0-9]{16}$/);
  });

  it('answers OrderStatus 0 with acsUrl for 3DS1 (start 3-D Secure) and 6 for a decline', async () => {
    const threeDS = await postForm(sb, INSTANT, card(CARDS.threeDS1));
    expect(threeDS.orderStatus.OrderStatus).toBe(0);
    expect(threeDS.acsUrl).toBeTruthy();
    const landing = await authenticateAtAcs(threeDS.acsUrl, '12345678');
    expect(landing).toContain(threeDS.orderId);
    const declined = await postForm(sb, INSTANT, { ...card(CARDS.noThreeDS), cvc: '000' });
    expect(declined.orderStatus.OrderStatus).toBe(6);
  });

  it('completes a 3DS2 payment with threeDSVer2MdOrder', async () => {
    const first = await postForm(sb, INSTANT, card(CARDS.frictionless));
    expect(first).toMatchObject({ errorCode: '0', is3DSVer2: true });
    expect(first.orderStatus.OrderStatus).toBe(0);
    const second = await postForm(sb, INSTANT, {
      ...card(CARDS.frictionless),
      threeDSVer2MdOrder: first.orderId,
      threeDSServerTransId: first.threeDSServerTransId,
    });
    expect(second.orderId).toBe(first.orderId);
    expect(second.orderStatus.OrderStatus).toBe(2);
  });

  it('reports validation errors in its own envelope, without orderStatus', async () => {
    const r = await postForm(sb, INSTANT, { ...AUTH, amount: 100, returnUrl: RETURN_URL });
    expect(r).toMatchObject({ errorCode: '4', error: expect.stringContaining('pan') });
    expect(r.orderStatus).toBeUndefined();
    const noExpiry = await postForm(sb, INSTANT, { ...card(CARDS.noThreeDS), expiry: undefined });
    expect(noExpiry.error).toContain('expiry');
    const badName = await postForm(sb, INSTANT, { ...card(CARDS.noThreeDS), cardholderName: 'Ivan_Petrov' });
    expect(badName.error).toContain('cardholderName');
  });
});
