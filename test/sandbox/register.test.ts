import { describe, expect, it } from 'vitest';
import { AUTH, controlHeaders, postForm, register, RETURN_URL, status, TOKEN, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

const REGISTER = '/payment/rest/register.do';
const base = () => ({ ...AUTH, orderNumber: uniqueNumber(), amount: 12_345, returnUrl: RETURN_URL });

describe('register.do and registerPreAuth.do', () => {
  it('registers an order and returns orderId and a payment form address', async () => {
    const r = await postForm(sb, REGISTER, base());
    expect(r).toMatchObject({ errorCode: '0', orderId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(r.formUrl).toContain(`mdOrder=${r.orderId}`);
    const s = await status(sb, { orderId: r.orderId });
    expect(s).toMatchObject({ errorCode: '0', orderStatus: 0, amount: 12_345, currency: '643', actionCode: -100 });
    expect(s.paymentAmountInfo.paymentState).toBe('CREATED');
  });

  it('serves a payment page at formUrl', async () => {
    const r = await postForm(sb, REGISTER, base());
    const page = await fetch(r.formUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('123.45');
  });

  it('refuses a duplicate orderNumber with errorCode 1', async () => {
    const params = base();
    await postForm(sb, REGISTER, params);
    const again = await postForm(sb, REGISTER, params);
    expect(again.errorCode).toBe('1');
    expect(again.errorMessage).toMatch(/duplicated/i);
  });

  it('refuses an unknown currency with errorCode 3 and invalid features with 14', async () => {
    expect((await postForm(sb, REGISTER, { ...base(), currency: '999' })).errorCode).toBe('3');
    expect((await postForm(sb, REGISTER, { ...base(), features: ['FORCE_SSL', 'NO_SUCH'] })).errorCode).toBe('14');
  });

  it('accepts repeated features and registers two-phase orders with registerPreAuth.do', async () => {
    const orderId = await register(sb, { features: ['FORCE_SSL', 'FORCE_CREATE_BINDING'] }, '/payment/rest/registerPreAuth.do');
    expect((await status(sb, { orderId })).orderStatus).toBe(0);
  });

  it('names a missing mandatory field with errorCode 4 and a wrong value with errorCode 5', async () => {
    const { amount: _a, ...noAmount } = base();
    const missing = await postForm(sb, REGISTER, noAmount);
    expect(missing).toMatchObject({ errorCode: '4' });
    expect(missing.errorMessage).toContain('amount');
    const wrong = await postForm(sb, REGISTER, { ...base(), amount: '12.50' });
    expect(wrong.errorCode).toBe('5');
    expect(wrong.errorMessage).toContain('amount');
    expect(wrong.errorMessage).toContain('Integer [0..12]');
    const long = await postForm(sb, REGISTER, { ...base(), orderNumber: 'x'.repeat(37) });
    expect(long.errorMessage).toContain('String [1..36]');
  });

  it('checks field rules inside nested blocks, naming the path', async () => {
    const noAccount = await postForm(sb, REGISTER, { ...base(), billingPayerData: { billingCity: 'Riga' } });
    expect(noAccount.errorCode).toBe('4');
    expect(noAccount.errorMessage).toContain('billingPayerData.payerAccount');

    const items = [{ positionId: 1, name: 'Tea', quantity: { value: '2.5', measure: 'kg' }, itemPrice: 1000, itemAmount: 2600 }];
    const mismatch = await postForm(sb, REGISTER, { ...base(), orderBundle: { cartItems: { items } } });
    expect(mismatch.errorCode).toBe('5');
    expect(mismatch.errorMessage).toContain('orderBundle.cartItems.items[0].itemAmount');
    items[0]!.itemAmount = 2500;
    expect((await postForm(sb, REGISTER, { ...base(), orderBundle: { cartItems: { items } } })).errorCode).toBe('0');

    const phone = await postForm(sb, REGISTER, { ...base(), orderPayerData: { mobilePhone: '12345' } });
    expect(phone.errorMessage).toContain('orderPayerData.mobilePhone');
    const retailers = await postForm(sb, REGISTER, {
      ...base(),
      marketplace: { marketplaceId: 'M1', retailers: [{ foreignRetailerIndicator: true }, { foreignRetailerIndicator: false }] },
    });
    expect(retailers.errorMessage).toContain('marketplace.retailers');
    const notJson = await postForm(sb, REGISTER, { ...base(), jsonParams: '{not json' });
    expect(notJson).toMatchObject({ errorCode: '5' });
    expect(notJson.errorMessage).toContain('jsonParams');
  });

  it('checks dates, permissions and repeated parameters', async () => {
    expect((await postForm(sb, REGISTER, { ...base(), expirationDate: '2030-02-30T10:00:00' })).errorMessage).toContain('expirationDate');
    expect((await postForm(sb, REGISTER, { ...base(), mcc: 1234 })).errorCode).toBe('5');
    expect((await postForm(sb, REGISTER, { ...base(), merchantLogin: 'someone-else' })).errorCode).toBe('5');
    const body = `userName=sandbox-api&password=sandbox-pass&orderNumber=${uniqueNumber()}&amount=1&amount=2&returnUrl=x`;
    const res = await fetch(sb.url + REGISTER, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toContain('repeated');
  });

  it('answers in the request language', async () => {
    const { amount: _a, ...noAmount } = base();
    const ru = await postForm(sb, REGISTER, { ...noAmount, language: 'ru' });
    expect(ru.errorMessage).toContain('обязательный');
  });
});

describe('authentication', () => {
  it('accepts a token instead of userName and password', async () => {
    const r = await postForm(sb, REGISTER, { ...TOKEN, orderNumber: uniqueNumber(), amount: 1, returnUrl: RETURN_URL });
    expect(r.errorCode).toBe('0');
  });

  it('refuses missing, mixed and wrong credentials', async () => {
    const order = { orderNumber: uniqueNumber(), amount: 1, returnUrl: RETURN_URL };
    expect(await postForm(sb, REGISTER, order)).toMatchObject({ errorCode: '4' });
    expect(await postForm(sb, REGISTER, { ...order, userName: 'sandbox-api' })).toMatchObject({ errorCode: '4' });
    expect(await postForm(sb, REGISTER, { ...order, ...AUTH, ...TOKEN })).toMatchObject({ errorCode: '5' });
    expect(await postForm(sb, REGISTER, { ...order, ...AUTH, password: 'wrong' })).toMatchObject({
      errorCode: '5',
      errorMessage: 'Access denied',
    });
    expect(await postForm(sb, REGISTER, { ...order, token: 'nope' })).toMatchObject({ errorCode: '5' });
  });

  it('does not let one merchant see another merchant’s orders', async () => {
    const orderId = await register(sb);
    const other = await postForm(sb, '/payment/rest/getOrderStatusExtended.do', {
      userName: 'signed-api',
      password: 'signed-pass',
      orderId,
    });
    // The signed merchant needs signatures; without them it is refused before the lookup.
    expect(other.errorCode).toBe('5');
    await fetch(`${sb.url}/sandbox/merchants/signed`, {
      method: 'PATCH',
      headers: controlHeaders(sb),
      body: '{"signatureRequired":false}',
    });
    const unsigned = await postForm(sb, '/payment/rest/getOrderStatusExtended.do', {
      userName: 'signed-api',
      password: 'signed-pass',
      orderId,
    });
    expect(unsigned.errorCode).toBe('6');
  });
});
