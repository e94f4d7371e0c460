import { describe, expect, it } from 'vitest';
import { AUTH, CARDS, FAIL_URL, getNoFollow, postForm, RETURN_URL, status } from './client.js';
import { sandboxOfFile } from './fixture.js';

// Pins what docs/sandbox.md's "3-D Secure: instantPayment.do's two steps and the ACS page" says.
const sb = sandboxOfFile();

const INSTANT = '/payment/rest/instantPayment.do';
const card = (pan: string) => ({ ...AUTH, amount: 100, returnUrl: RETURN_URL, failUrl: FAIL_URL, pan, expiry: '203012', cvc: '123' });

describe('instantPayment.do with a 3DS2 card, and the ACS page form', () => {
  it('answers the first step with OrderStatus 0, is3DSVer2 and threeDSServerTransId and no acsUrl; the second gives the challenge', async () => {
    const first = await postForm(sb, INSTANT, card(CARDS.challenge));
    expect(first).toMatchObject({ errorCode: '0', is3DSVer2: true, threeDSServerTransId: expect.any(String) });
    expect(first.orderStatus.OrderStatus).toBe(0);
    expect(first.acsUrl).toBeUndefined();
    const second = await postForm(sb, INSTANT, {
      ...card(CARDS.challenge),
      threeDSVer2MdOrder: first.orderId,
      threeDSServerTransId: first.threeDSServerTransId,
    });
    expect(second).toMatchObject({ errorCode: '0', orderId: first.orderId, packedCReq: expect.any(String) });
    expect(second.orderStatus.OrderStatus).toBe(0);
    expect(second.acsUrl).toBe(`${sb.url}/payment/acsRedirect.do?orderId=${first.orderId}`);

    // The ACS page: one form posting orderId, code and action (confirm or cancel) to /payment/acs/submit.
    const html = await (await fetch(second.acsUrl)).text();
    expect(html).toContain('<form method="post" action="/payment/acs/submit">');
    expect(html).toContain(`name="orderId" value="${first.orderId}"`);
    expect(html).toMatch(/name="code"/);
    expect(html).toMatch(/name="action" value="confirm"/);
    expect(html).toMatch(/name="action" value="cancel"/);
    expect((await status(sb, { orderId: first.orderId })).orderStatus).toBe(5);

    // Cancel fails whatever the code: 303 to failUrl with orderId.
    const res = await getNoFollow(`${sb.url}/payment/acs/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ orderId: first.orderId, code: '123456', action: 'cancel' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain(FAIL_URL);
    expect(res.headers.get('location')).toContain(first.orderId);
    expect((await status(sb, { orderId: first.orderId })).orderStatus).toBe(6);
  });
});
