import { describe, expect, it } from 'vitest';
import { authenticateAtAcs } from './threeds.js';
import { AUTH, CARDS, control, payCard, postForm, postJson, register, status, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();

const REST = '/payment/rest';
const client = () => uniqueNumber('client');

/** Stores a credential the way a merchant does: register with clientId and FORCE_CREATE_BINDING, then pay. */
async function storeCredential(clientId: string, pay: Record<string, unknown> = {}, pan: string = CARDS.noThreeDS): Promise<string> {
  const orderId = await register(sb, { clientId, features: 'FORCE_CREATE_BINDING' });
  const r = await payCard(sb, orderId, pan, pay);
  expect(r.errorCode).toBe(0);
  // Finish 3-D Secure where the card asks for it, as the cardholder would.
  if (r.is3DSVer2) await payCard(sb, orderId, pan, { ...pay, threeDSServerTransId: r.threeDSServerTransId });
  else if (r.acsUrl) await authenticateAtAcs(r.acsUrl, '12345678');
  const s = await status(sb, { orderId });
  expect(s.bindingInfo).toMatchObject({ clientId, bindingId: expect.any(String) });
  return s.bindingInfo.bindingId as string;
}

const installmentParams = { installments: '3', totalInstallmentAmount: '30000', recurringFrequency: '28', recurringExpiry: '20301231' };

async function listBindings(clientId: string, extra: Record<string, unknown> = {}) {
  return postForm(sb, `${REST}/getBindings.do`, { ...AUTH, clientId, ...extra });
}

describe('creating stored credentials', () => {
  it('stores COMMON, RECURRENT (flow 3) and INSTALLMENT (flow 5) credentials and lists them by type', async () => {
    const clientId = client();
    const common = await storeCredential(clientId);
    const recurrent = await storeCredential(
      clientId,
      { jsonParams: { recurringFrequency: '7', recurringExpiry: '20301231' } },
      CARDS.frictionless,
    );
    const installment = await storeCredential(clientId, { jsonParams: installmentParams }, CARDS.threeDS1);
    expect(new Set([common, recurrent, installment]).size).toBe(3);

    const all = await listBindings(clientId);
    expect(all.errorCode).toBe('0');
    expect(all.bindings.map((b: { bindingCategory: string }) => b.bindingCategory).sort()).toEqual(['COMMON', 'INSTALLMENT', 'RECURRENT']);
    for (const [type, id] of [
      ['C', common],
      ['R', recurrent],
      ['I', installment],
    ] as const) {
      const one = await listBindings(clientId, { bindingType: type });
      expect(one.bindings.map((b: { bindingId: string }) => b.bindingId)).toEqual([id]);
    }
    expect(all.bindings[0]).toMatchObject({
      maskedPan: expect.stringMatching(/^\d{6}\*+\d{4}$/),
      expiryDate: '203012',
      paymentWay: 'CARD',
    });
  });

  it('takes the category from tii CI, RI or II', async () => {
    const clientId = client();
    const orderId = await register(sb, { clientId });
    await payCard(sb, orderId, CARDS.noThreeDS, { tii: 'RI' });
    expect((await listBindings(clientId, { bindingType: 'R' })).bindings).toHaveLength(1);
    const noClient = await payCard(sb, await register(sb), CARDS.noThreeDS, { tii: 'CI' });
    expect(noClient.errorCode).toBe(5);
  });

  it('requires every installment attribute, naming the missing one', async () => {
    const orderId = await register(sb, { clientId: client(), features: 'FORCE_CREATE_BINDING' });
    const r = await payCard(sb, orderId, CARDS.noThreeDS, { jsonParams: { installments: '3' } });
    expect(r).toMatchObject({ errorCode: 4, errorMessage: expect.stringContaining('jsonParams.totalInstallmentAmount') });
    const bad = await payCard(sb, orderId, CARDS.noThreeDS, { jsonParams: { ...installmentParams, recurringFrequency: '31' } });
    expect(bad).toMatchObject({ errorCode: 5, errorMessage: expect.stringContaining('jsonParams.recurringFrequency') });
  });

  it('answers errorCode 2 with an empty list when nothing is found', async () => {
    expect(await listBindings(client())).toMatchObject({ errorCode: '2', bindings: [] });
  });

  it('finds bindings by card number (which wins) or by bindingId', async () => {
    const clientId = client();
    const id = await storeCredential(clientId);
    const byId = await postForm(sb, `${REST}/getBindingsByCardOrId.do`, { ...AUTH, bindingId: id });
    expect(byId.bindings[0].bindingId).toBe(id);
    const byPan = await postForm(sb, `${REST}/getBindingsByCardOrId.do`, { ...AUTH, pan: CARDS.noThreeDS, bindingId: 'ignored' });
    expect(byPan.bindings.map((b: { bindingId: string }) => b.bindingId)).toContain(id);
    expect((await postForm(sb, `${REST}/getBindingsByCardOrId.do`, AUTH)).errorCode).toBe('4');
  });
});

describe('paying with stored credentials', () => {
  it('pays a common credential with paymentOrderBinding.do (tii U, then F with CVC)', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId);
    const orderId = await register(sb, { clientId, amount: 4_200 });
    const r = await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: orderId, bindingId, tii: 'U' });
    expect(r).toMatchObject({ errorCode: '0', redirect: expect.stringContaining(orderId) });
    const s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 2, paymentWay: 'CARD_BINDING', bindingInfo: { clientId, bindingId } });

    const cit = await register(sb, { clientId });
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: cit, bindingId, tii: 'F' })).errorCode).toBe('4');
    expect(
      (await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: cit, bindingId, tii: 'F', cvc: '123' })).errorCode,
    ).toBe('0');
  });

  it('refuses the wrong client, CVC with U, two-phase U and the wrong category', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId);
    const other = await register(sb, { clientId: 'someone-else' });
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: other, bindingId })).errorCode).toBe('5');
    const noClient = await register(sb);
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: noClient, bindingId })).errorCode).toBe('5');
    const mine = await register(sb, { clientId });
    expect(
      (await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: mine, bindingId, tii: 'U', cvc: '123' })).errorCode,
    ).toBe('5');
    const held = await register(sb, { clientId }, `${REST}/registerPreAuth.do`);
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: held, bindingId, tii: 'U' })).errorCode).toBe('5');
    const recurrent = await storeCredential(clientId, { tii: 'RI' }, CARDS.frictionless);
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: mine, bindingId: recurrent })).errorCode).toBe('5');
  });

  it('pays a recurrent credential with recurrentPayment.do and enforces the agreement expiry', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId, { jsonParams: { recurringFrequency: '28', recurringExpiry: '20991231' } });
    const orderNumber = uniqueNumber();
    const r = await postJson(sb, '/payment/recurrentPayment.do', {
      ...AUTH,
      orderNumber,
      bindingId,
      amount: 990,
      currency: '643',
      language: 'en',
    });
    expect(r).toMatchObject({ success: true, data: { orderId: expect.any(String) } });
    expect(r.orderStatus).toMatchObject({ orderStatus: 2, orderNumber, amount: 990, bindingInfo: { clientId, bindingId } });
    const dup = await postJson(sb, '/payment/recurrentPayment.do', { ...AUTH, orderNumber, bindingId, amount: 990 });
    expect(dup).toMatchObject({ success: false, error: { code: '1' } });

    const ending = await storeCredential(client(), { jsonParams: { recurringFrequency: '28', recurringExpiry: '20261231' } });
    await control(sb, 'POST', '/clock', { advanceMs: 400 * 86_400_000 });
    try {
      const late = await postJson(sb, '/payment/recurrentPayment.do', {
        ...AUTH,
        orderNumber: uniqueNumber(),
        bindingId: ending,
        amount: 1,
      });
      expect(late).toMatchObject({ success: false, error: { code: '5', message: expect.stringContaining('expired') } });
    } finally {
      await control(sb, 'POST', '/clock', { setEpochMs: Date.now() });
    }
  });

  it('pays installments after register.do with installmentPayment.do and stops at the plan’s count', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId, { jsonParams: installmentParams });
    for (let i = 0; i < 3; i++) {
      const orderNumber = uniqueNumber();
      const reg = await postForm(sb, `${REST}/register.do`, {
        ...AUTH,
        orderNumber,
        amount: 10_000,
        clientId,
        returnUrl: 'https://x.example',
      });
      const r = await postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber, bindingId, amount: 10_000 });
      expect(r).toMatchObject({ errorCode: '0', error: false, orderId: reg.orderId });
      expect(r.orderStatus.orderStatus).toBe(2);
    }
    const fourth = await postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 100 });
    expect(fourth).toMatchObject({ errorCode: '5', error: true });
    const wrongType = await postJson(sb, '/payment/installmentPayment.do', {
      ...AUTH,
      orderNumber: uniqueNumber(),
      bindingId: await storeCredential(clientId),
      amount: 1,
    });
    expect(wrongType.error).toBe(true);
  });

  it('declines a stored card over the issuer limit, with the reason', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId, { tii: 'RI' });
    const r = await postJson(sb, '/payment/recurrentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 20_000_000 });
    expect(r.success).toBe(true);
    expect(r.orderStatus).toMatchObject({ orderStatus: 6, actionCode: -20010, actionCodeDescription: expect.stringContaining('limit') });
  });
});

describe('managing stored credentials', () => {
  it('disables (unlisted, unpayable), re-enables and extends a binding', async () => {
    const clientId = client();
    const bindingId = await storeCredential(clientId);
    expect(await postForm(sb, `${REST}/unBindCard.do`, { ...AUTH, bindingId })).toMatchObject({ errorCode: '0' });
    expect(await postForm(sb, `${REST}/unBindCard.do`, { ...AUTH, bindingId })).toMatchObject({ errorCode: '2' });
    expect((await listBindings(clientId)).bindings).toEqual([]);
    const orderId = await register(sb, { clientId });
    expect((await postForm(sb, `${REST}/paymentOrderBinding.do`, { ...AUTH, mdOrder: orderId, bindingId })).errorCode).toBe('2');

    expect(await postForm(sb, `${REST}/bindCard.do`, { ...AUTH, bindingId })).toMatchObject({ errorCode: '0' });
    expect(await postForm(sb, `${REST}/bindCard.do`, { ...AUTH, bindingId })).toMatchObject({ errorCode: '2' });
    expect((await listBindings(clientId)).bindings).toHaveLength(1);

    expect(await postForm(sb, `${REST}/extendBinding.do`, { ...AUTH, bindingId, newExpiry: '203506' })).toMatchObject({ errorCode: '0' });
    expect((await listBindings(clientId)).bindings[0].expiryDate).toBe('203506');
    expect((await postForm(sb, `${REST}/extendBinding.do`, { ...AUTH, bindingId, newExpiry: '2035-06' })).errorCode).toBe('1');
    expect((await postForm(sb, `${REST}/extendBinding.do`, { ...AUTH, bindingId, newExpiry: '201901' })).errorCode).toBe('1');
    expect((await postForm(sb, `${REST}/extendBinding.do`, { ...AUTH, bindingId: 'nope', newExpiry: '203001' })).errorCode).toBe('2');
  });

  it('hides expired bindings unless showExpired is set', async () => {
    const seeded = await control(sb, 'POST', '/seed', { bindings: [{ clientId: 'expired-client', expiry: '202401' }] });
    expect(seeded.bindings).toHaveLength(1);
    expect((await listBindings('expired-client')).errorCode).toBe('2');
    expect((await listBindings('expired-client', { showExpired: true })).bindings).toHaveLength(1);
  });
});
