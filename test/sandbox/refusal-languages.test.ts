/**
 * Every refusal the sandbox sends follows the request's language, its details included: each refusal
 * family driven over HTTP with language=ru has no Latin word in its text but the values it names
 * (parameter names, card-data field names, tii letters, binding categories), and the same request with
 * language=en answers the exact English it always did.
 */
import { createHash, randomUUID, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { selfSigned, signBody } from './certificates.js';
import {
  AUTH,
  CARDS,
  control,
  formBody,
  payCard,
  postForm,
  postJson,
  register,
  RETURN_URL,
  TOKEN,
  uniqueNumber,
  type Json,
  base64Json,
  decryptedWalletToken,
  WALLET_CRYPTOGRAM,
  walletPayment,
} from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
let otherKey: KeyObject;
beforeAll(async () => {
  otherKey = (await selfSigned('stranger')).key;
});

type Language = 'en' | 'ru';

const REST = '/payment/rest';
const LUHN_FAILS = '4111111111111112';

/** Latin words a Russian text may keep: names of parameters and fields, and values the gateway defines. */
const ALLOWED = new Set([
  '$CVC',
  '$PAN',
  'amount',
  'Base64',
  'bindingId',
  'CI',
  'clientId',
  'COMMON',
  'currency',
  'cvc',
  'CVC',
  'email',
  'EXPDATE',
  'expectedDepositedAmount',
  'F',
  'features',
  'I',
  'II',
  'installmentPayment.do',
  'ISO',
  'jsonParams',
  'instantPayment.do',
  'jsonParams.eci',
  'JSON',
  'mcc',
  'name@example.com',
  'newExpiry',
  'pan',
  'PAN',
  'password',
  'paymentOrderBinding.do',
  'paymentToken',
  'paymentToken.pan',
  'paymentToken.transactionAmount',
  'R',
  'RI',
  'README',
  'RECURRENT',
  'seToken',
  'SHA-256',
  'String',
  'threeDSProtocolVersion',
  'threeDSServerTransId',
  'tii',
  'timestamp/UUID/PAN/CVC/EXPDATE/MDORDER',
  'token',
  'U',
  'userName',
  'VERIFY',
  'X-Hash',
  'X-Signature',
  'YYYYMM',
]);

function latinWords(text: string): string[] {
  return (text.match(/[$A-Za-z][\w$.@/-]*/g) ?? []).map((w) => w.replace(/[.-]+$/, ''));
}

const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();

/** The refusal's text in whichever envelope the endpoint answers with. */
function said(r: Json): { code: string; text: string } {
  const code = String(r.errorCode ?? r.error?.code);
  const text = r.errorMessage ?? (typeof r.error === 'string' ? r.error : r.error?.message);
  return { code, text: String(text) };
}

// Requests a refusal needs, each in the language under test.

const form = (path: string, language: Language, params: Record<string, unknown>) =>
  postForm(sb, `${REST}/${path}`, { ...AUTH, language, ...params });
const registered = (language: Language, extra: Record<string, unknown> = {}, path = 'register.do') =>
  register(sb, { language, ...extra }, `${REST}/${path}`);
const pay = (orderId: string, language: Language, extra: Record<string, unknown> = {}, pan: string = CARDS.noThreeDS) =>
  payCard(sb, orderId, pan, { language, ...extra });

async function paid(language: Language, path = 'register.do'): Promise<string> {
  const orderId = await registered(language, {}, path);
  expect((await pay(orderId, language)).errorCode).toBe(0);
  return orderId;
}

/** A stored credential of a new client, seeded through the control API. */
async function seeded(seed: Record<string, unknown> = {}): Promise<{ clientId: string; bindingId: string }> {
  const clientId = uniqueNumber('client');
  const r = await control(sb, 'POST', '/seed', { bindings: [{ clientId, ...seed }] });
  return { clientId, bindingId: r.bindings[0].bindingId as string };
}

const seToken = (orderId: string, { pan = CARDS.noThreeDS as string, cvc = '123', expiry = '203012', order = orderId } = {}) =>
  Buffer.from(`${Date.now()}/${randomUUID()}/${pan}/${cvc}/${expiry}/${order}`).toString('base64');
const paySeToken = async (language: Language, parts: Parameters<typeof seToken>[1]) => {
  const orderId = await registered(language);
  return pay(orderId, language, { seToken: seToken(orderId, parts), $PAN: undefined, $CVC: undefined, $EXPIRY: undefined });
};

const walletPay = (language: Language, paymentToken: string) => walletPayment(sb, 'applepay', paymentToken, { language });

const signedBody = (language: Language) =>
  formBody({ userName: 'signed-api', password: 'signed-pass', orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, language });
async function sendSigned(text: string, headers: Record<string, string>): Promise<Json> {
  const res = await fetch(`${sb.url}${REST}/register.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: text,
  });
  return (await res.json()) as Json;
}
let certificateUploaded = false;

interface Case {
  readonly name: string;
  readonly en: string;
  readonly run: (language: Language) => Promise<Json>;
}

const lifecycle: Case[] = [
  {
    name: 'deposit of an order that is not held',
    en: 'Operation not allowed in order status 2: only a held order can be deposited',
    run: async (l) => form('deposit.do', l, { orderId: await paid(l), amount: 0 }),
  },
  {
    name: 'deposit of more than is held',
    en: 'Wrong amount: more than the held 10000',
    run: async (l) => form('deposit.do', l, { orderId: await paid(l, 'registerPreAuth.do'), amount: 20_000 }),
  },
  {
    name: 'reversal of an order not paid',
    en: 'Operation not allowed in order status 0: only a hold, or a charge on its own day, can be reversed',
    run: async (l) => form('reverse.do', l, { orderId: await registered(l) }),
  },
  {
    name: 'reversal after a refund',
    en: 'Operation not allowed in order status 2: part of the charge was already refunded',
    run: async (l) => {
      const orderId = await paid(l);
      expect((await form('refund.do', l, { orderId, amount: 100 })).errorCode).toBe('0');
      return form('reverse.do', l, { orderId });
    },
  },
  {
    name: 'a second reversal',
    en: 'Operation not allowed in order status 1: a reversal was already attempted',
    run: async (l) => {
      const orderId = await paid(l, 'registerPreAuth.do');
      expect((await form('reverse.do', l, { orderId, amount: 100 })).errorCode).toBe('0');
      return form('reverse.do', l, { orderId, amount: 100 });
    },
  },
  {
    name: 'a partial reversal of more than is held',
    en: 'Wrong amount: a reversal of 20000 out of 10000',
    run: async (l) => form('reverse.do', l, { orderId: await paid(l, 'registerPreAuth.do'), amount: 20_000 }),
  },
  {
    name: 'refund of an order not charged',
    en: 'Operation not allowed in order status 1: only a charged order with an amount left can be refunded',
    run: async (l) => form('refund.do', l, { orderId: await paid(l, 'registerPreAuth.do'), amount: 100 }),
  },
  {
    name: 'refund with another expected deposited amount',
    en: 'Wrong amount: expectedDepositedAmount 5 is not the deposited 10000',
    run: async (l) => form('refund.do', l, { orderId: await paid(l), amount: 100, expectedDepositedAmount: 5 }),
  },
  {
    name: 'refund of more than is left',
    en: 'Wrong amount: more than the 10000 left to refund',
    run: async (l) => form('refund.do', l, { orderId: await paid(l), amount: 20_000 }),
  },
  {
    name: 'payment of an order already paid',
    en: 'Operation not allowed in order status 2: the order is not waiting for payment',
    run: async (l) => pay(await paid(l), l),
  },
  {
    name: 'payment with an e-mail address that is not one',
    en: 'Wrong value of parameter email: String [1..40], an e-mail address (name@example.com) expected',
    run: async (l) => pay(await registered(l), l, { email: 'nobody' }),
  },
];

const cardData: Case[] = [
  {
    name: 'a card number failing the Luhn check',
    en: 'Wrong value of parameter $PAN: a card number that passes the Luhn check expected',
    run: async (l) => pay(await registered(l), l, {}, LUHN_FAILS),
  },
  {
    name: 'a seToken that is not one',
    en: 'Wrong value of parameter seToken: Base64 of timestamp/UUID/PAN/CVC/EXPDATE/MDORDER expected',
    run: async (l) => pay(await registered(l), l, { seToken: 'bm90IGEgdG9rZW4=', $PAN: undefined, $CVC: undefined, $EXPIRY: undefined }),
  },
  // A seToken whose inside is wrong, part by part: the refusal names the rule that part breaks.
  ...(
    [
      [
        'a seToken with a short PAN',
        'a PAN of 15 to 19 digits inside the token (a stored credential is paid with paymentOrderBinding.do)',
        { pan: '1234' },
      ],
      ['a seToken with a wrong EXPDATE', 'EXPDATE as YYYYMM inside the token', { expiry: '2030' }],
      ['a seToken with a wrong CVC', 'a CVC of three digits inside the token', { cvc: '12a' }],
      ['a seToken made for another order', 'a token made for this order', { order: 'another-order' }],
    ] as const
  ).map(([name, rule, parts]): Case => ({
    name,
    en: `Wrong value of parameter seToken: ${rule} expected`,
    run: (l) => paySeToken(l, parts),
  })),
  {
    name: 'an external eci that is not two digits',
    en: 'Wrong value of parameter jsonParams.eci: two digits expected',
    run: async (l) => pay(await registered(l), l, { jsonParams: { eci: 'abc' } }),
  },
  {
    name: 'an external 3-D Secure version the gateway does not know',
    en: 'Wrong value of parameter threeDSProtocolVersion: one of 2.1.0, 2.2.0 expected',
    run: async (l) => pay(await registered(l), l, { jsonParams: { eci: '05', threeDSProtocolVersion: '1.0.2' } }),
  },
  {
    name: 'a 3DS2 repeated request with another transaction',
    en: 'Wrong value of parameter threeDSServerTransId: the identifier the first request of this order returned expected',
    run: async (l) => {
      const orderId = await registered(l);
      expect((await pay(orderId, l, {}, CARDS.frictionless)).is3DSVer2).toBe(true);
      return pay(orderId, l, { threeDSServerTransId: 'not-the-transaction' }, CARDS.frictionless);
    },
  },
  {
    name: 'a 3DS2 repeated request with another card',
    en: 'Wrong value of parameter $PAN: the card of the first request expected',
    run: async (l) => {
      const orderId = await registered(l);
      const first = await pay(orderId, l, {}, CARDS.frictionless);
      return pay(orderId, l, { threeDSServerTransId: first.threeDSServerTransId }, CARDS.challenge);
    },
  },
  {
    name: 'a merchant-initiated card payment with a CVC',
    en: 'Wrong value of parameter $CVC: nothing: a merchant-initiated payment (tii U) carries no CVC expected',
    run: async (l) => pay(await registered(l), l, { tii: 'U' }),
  },
  {
    name: 'a merchant-initiated card payment of a two-phase order',
    en: 'Stored credential cannot be used: tii R is allowed for one-phase payments only',
    run: async (l) => pay(await registered(l, {}, 'registerPreAuth.do'), l, { tii: 'R', $CVC: undefined }),
  },
  {
    name: 'an initiating payment of an order without clientId',
    en: 'Stored credential cannot be used: tii CI stores a credential and needs an order registered with clientId',
    run: async (l) => pay(await registered(l), l, { tii: 'CI' }),
  },
];

const access: Case[] = [
  {
    name: 'a token where only userName and password are accepted',
    en: 'Wrong value of parameter token: userName and password: this request does not accept a token expected',
    run: async (l) => postForm(sb, `${REST}/paymentorder.do`, { ...TOKEN, MDORDER: await registered(l), language: l }),
  },
  {
    name: 'a token and userName together',
    en: 'Wrong value of parameter token: either token, or userName and password, not both expected',
    run: (l) => form('register.do', l, { ...TOKEN, orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL }),
  },
  {
    name: 'no credentials at all',
    en: 'Missing mandatory parameter: userName (or token)',
    run: (l) => postForm(sb, `${REST}/register.do`, { orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, language: l }),
  },
  {
    name: 'a merchant category code not permitted',
    en: 'Wrong value of parameter mcc: one of 4829, 5411, 5812, 5999, 7399 expected',
    run: (l) => form('register.do', l, { orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, mcc: 1234 }),
  },
  {
    name: 'a parameter sent twice',
    en: 'Wrong value of parameter amount: a single value (the parameter is repeated) expected',
    run: async (l) => {
      const body = `${formBody({ ...AUTH, orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, language: l })}&amount=200`;
      const res = await fetch(`${sb.url}${REST}/register.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      return (await res.json()) as Json;
    },
  },
];

const signature: Case[] = [
  {
    name: 'an unsigned request of a merchant that signs',
    en: 'Request signature rejected: this merchant requires the X-Hash and X-Signature headers',
    run: (l) => sendSigned(signedBody(l), {}),
  },
  {
    name: 'a body altered after hashing',
    en: 'Request signature rejected: X-Hash is not the SHA-256 of the body that was sent',
    run: (l) => sendSigned(signedBody(l), { 'x-hash': 'AAAA', 'x-signature': 'AAAA' }),
  },
  {
    name: 'a merchant with no certificate uploaded',
    en: 'Request signature rejected: no valid certificate is uploaded for this merchant',
    run: (l) => {
      const text = signedBody(l);
      return sendSigned(text, { 'x-hash': createHash('sha256').update(text).digest('base64'), 'x-signature': 'AAAA' });
    },
  },
  {
    name: 'a signature made with a key not uploaded',
    en: 'Request signature rejected: X-Signature does not verify with any certificate uploaded for this merchant',
    run: async (l) => {
      if (!certificateUploaded) {
        const { certPem } = await selfSigned('signed-languages');
        await control(sb, 'POST', '/merchants/signed/certificates', { pem: certPem });
        certificateUploaded = true;
      }
      const text = signedBody(l);
      return sendSigned(text, signBody(text, otherKey));
    },
  },
];

const credentials: Case[] = [
  {
    name: 'a binding list with neither card nor binding',
    en: 'Missing mandatory parameter: pan (or bindingId)',
    run: (l) => form('getBindingsByCardOrId.do', l, {}),
  },
  {
    name: 'a binding extended into the past',
    en: 'Wrong value of parameter newExpiry: a month not in the past expected',
    run: async (l) => form('extendBinding.do', l, { bindingId: (await seeded()).bindingId, newExpiry: '202001' }),
  },
  {
    name: 'a binding paid for an order without clientId',
    en: 'Stored credential cannot be used: a stored-credential payment needs the clientId that owns the binding',
    run: async (l) => form('paymentOrderBinding.do', l, { mdOrder: await registered(l), bindingId: (await seeded()).bindingId }),
  },
  {
    name: "another client's binding",
    en: 'Stored credential cannot be used: the binding belongs to another clientId',
    run: async (l) =>
      form('paymentOrderBinding.do', l, {
        mdOrder: await registered(l, { clientId: uniqueNumber('client') }),
        bindingId: (await seeded()).bindingId,
      }),
  },
  {
    name: 'a binding of another category',
    en: 'Stored credential cannot be used: a RECURRENT binding cannot be paid with paymentOrderBinding.do',
    run: async (l) => {
      const { clientId, bindingId } = await seeded({ category: 'RECURRENT' });
      return form('paymentOrderBinding.do', l, { mdOrder: await registered(l, { clientId }), bindingId });
    },
  },
  {
    name: 'a merchant-initiated binding payment with a CVC',
    en: 'Wrong value of parameter cvc: nothing: a merchant-initiated payment (tii U) carries no CVC expected',
    run: async (l) => {
      const { clientId, bindingId } = await seeded();
      return form('paymentOrderBinding.do', l, { mdOrder: await registered(l, { clientId }), bindingId, tii: 'U', cvc: '123' });
    },
  },
  {
    name: 'a merchant-initiated binding payment of a two-phase order',
    en: 'Stored credential cannot be used: tii U is allowed for one-phase payments only',
    run: async (l) => {
      const { clientId, bindingId } = await seeded();
      return form('paymentOrderBinding.do', l, { mdOrder: await registered(l, { clientId }, 'registerPreAuth.do'), bindingId });
    },
  },
  {
    name: 'a recurring payment after the agreement ended',
    en: 'Stored credential cannot be used: the agreement expired on 20200101',
    run: async (l) => {
      const { bindingId } = await seeded({ category: 'RECURRENT', recurringExpiry: '20200101' });
      return postJson(sb, '/payment/recurrentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 100, language: l });
    },
  },
  {
    name: 'an installment over the plan total',
    en: 'Stored credential cannot be used: the amount exceeds what is left of the installment total 100',
    run: async (l) => {
      const { bindingId } = await seeded({ category: 'INSTALLMENT', installments: 1, totalInstallmentAmount: 100 });
      return postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 200, language: l });
    },
  },
  {
    name: 'an installment after the last one',
    en: 'Stored credential cannot be used: all 1 installments were paid',
    run: async (l) => {
      const { bindingId } = await seeded({ category: 'INSTALLMENT', installments: 1, totalInstallmentAmount: 100 });
      const first = await postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 100 });
      expect(first.errorCode).toBe('0');
      return postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber: uniqueNumber(), bindingId, amount: 50, language: l });
    },
  },
  {
    name: 'an installment of another amount than the order registered',
    en: 'Wrong amount: 5000 differs from the registered 10000',
    run: async (l) => {
      const { clientId, bindingId } = await seeded({ category: 'INSTALLMENT' });
      const orderNumber = uniqueNumber();
      await registered(l, { clientId, orderNumber });
      return postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber, bindingId, amount: 5_000, language: l });
    },
  },
  {
    name: 'an installment in another currency than the order registered',
    en: 'Wrong value of parameter currency: the registered 643 expected',
    run: async (l) => {
      const { clientId, bindingId } = await seeded({ category: 'INSTALLMENT' });
      const orderNumber = uniqueNumber();
      await registered(l, { clientId, orderNumber });
      return postJson(sb, '/payment/installmentPayment.do', {
        ...AUTH,
        orderNumber,
        bindingId,
        amount: 10_000,
        currency: '978',
        language: l,
      });
    },
  },
  {
    name: 'an installment of a two-phase order',
    en: 'Stored credential cannot be used: tii I is allowed for one-phase payments only',
    run: async (l) => {
      const { clientId, bindingId } = await seeded({ category: 'INSTALLMENT' });
      const orderNumber = uniqueNumber();
      await registered(l, { clientId, orderNumber }, 'registerPreAuth.do');
      return postJson(sb, '/payment/installmentPayment.do', { ...AUTH, orderNumber, bindingId, amount: 10_000, language: l });
    },
  },
];

const instant = (l: Language, params: Record<string, unknown>) =>
  form('instantPayment.do', l, { orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, ...params });

const instantPayments: Case[] = [
  {
    name: 'an instant payment with a binding and an initiating tii',
    en: 'Wrong value of parameter tii: F, U, R or I for a payment with a stored credential expected',
    run: async (l) => instant(l, { bindingId: (await seeded()).bindingId, tii: 'CI' }),
  },
  {
    name: 'an instant merchant-initiated two-phase payment',
    en: 'Stored credential cannot be used: tii U is allowed for one-phase payments only',
    run: async (l) => instant(l, { bindingId: (await seeded()).bindingId, tii: 'U', preAuth: true }),
  },
  {
    name: 'an instant merchant-initiated payment with a CVC',
    en: 'Wrong value of parameter cvc: nothing: a merchant-initiated payment (tii R) carries no CVC expected',
    run: async (l) => instant(l, { bindingId: (await seeded()).bindingId, tii: 'R', cvc: '123' }),
  },
  {
    name: 'an instant payment with a binding of another category than its tii',
    en: 'Stored credential cannot be used: a COMMON binding cannot be paid with instantPayment.do with tii R',
    run: async (l) => instant(l, { bindingId: (await seeded()).bindingId, tii: 'R' }),
  },
  {
    name: 'the repeated 3DS2 request of an order already paid',
    en: 'Operation not allowed in order status 2: the order is not waiting for payment',
    run: async (l) => instant(l, { threeDSVer2MdOrder: await paid(l), pan: CARDS.noThreeDS, expiry: '203012', threeDSServerTransId: 'x' }),
  },
  {
    name: 'the repeated 3DS2 request with another amount',
    en: "Wrong amount: 5 differs from the order's 10000",
    run: async (l) =>
      instant(l, {
        threeDSVer2MdOrder: await registered(l),
        amount: 5,
        pan: CARDS.noThreeDS,
        expiry: '203012',
        threeDSServerTransId: 'x',
      }),
  },
];

const wallets: Case[] = [
  {
    name: 'a wallet token that is not Base64 of JSON',
    en: 'Wrong value of parameter paymentToken: Base64 of the sandbox token JSON (see the README) expected',
    run: (l) => walletPay(l, '%%%'),
  },
  {
    name: 'a wallet token without a card number',
    en: 'Wrong value of parameter paymentToken.pan: present expected',
    run: (l) => walletPay(l, base64Json({ expiry: '203012', cryptogram: WALLET_CRYPTOGRAM, amount: 100 })),
  },
  {
    name: 'a wallet token whose card number fails the Luhn check',
    en: 'Wrong value of parameter paymentToken.pan: a card number that passes the Luhn check expected',
    run: (l) => walletPay(l, base64Json({ pan: LUHN_FAILS, expiry: '203012', cryptogram: WALLET_CRYPTOGRAM, amount: 100 })),
  },
  {
    name: 'a direct wallet payment with features and an amount',
    en: 'Wrong value of parameter paymentToken.transactionAmount: 0 when features (VERIFY) are passed expected',
    run: (l) =>
      postJson(sb, '/payment/applepay/paymentDirect.do', {
        ...AUTH,
        orderNumber: uniqueNumber(),
        features: ['VERIFY'],
        language: l,
        paymentToken: decryptedWalletToken(700),
      }),
  },
];

/** The protocol's field rules: the spec's notation kept, the words around it in the request's language. */
const fieldRules: Case[] = [
  {
    name: 'a currency that is not an ISO 4217 numeric code',
    en: 'Wrong value of parameter currency: String [3], ISO 4217 numeric code expected',
    run: (l) => form('register.do', l, { orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, currency: 'RUB' }),
  },
  {
    name: 'a tii the gateway does not define',
    en: 'Wrong value of parameter tii: one of CI, F, U, RI, R, II, I (or empty) expected',
    run: async (l) => pay(await registered(l), l, { tii: 'Z' }),
  },
  {
    name: 'jsonParams that are not JSON',
    en: 'Wrong value of parameter jsonParams: a JSON object expected',
    run: (l) => form('register.do', l, { orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, jsonParams: '{' }),
  },
];

describe.each([
  ['field rules', fieldRules],
  ['order operations', lifecycle],
  ['card data', cardData],
  ['access and registration', access],
  ['request signatures', signature],
  ['stored credentials', credentials],
  ['instantPayment.do', instantPayments],
  ['wallet tokens', wallets],
])('refusals of %s in the request’s language', (_family, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const en = said(await c.run('en'));
    expect(en.text).toBe(c.en);

    const ru = said(await c.run('ru'));
    expect(ru.code).toBe(en.code);
    expect(ru.text).toMatch(/[а-яё]/i);
    expect(latinWords(ru.text).filter((w) => !ALLOWED.has(w))).toEqual([]);
    // The values stay values: every number of the English text is in the Russian one.
    expect(numbers(ru.text)).toEqual(numbers(en.text));
  });
});

it('keeps a Russian refusal in Russian words and its values as they are', async () => {
  const orderId = await paid('ru');
  expect(said(await form('refund.do', 'ru', { orderId, amount: 20_000 }))).toEqual({
    code: '5',
    text: 'Неверная сумма: больше остатка для возврата 10000',
  });
  expect(said(await form('deposit.do', 'ru', { orderId, amount: 0 })).text).toBe(
    'Операция недоступна в статусе заказа 2: списание возможно только для заказа с удержанной суммой',
  );
});

describe('a refusal follows the request’s language, not the one the order was registered with', () => {
  const other = (l: Language): Language => (l === 'en' ? 'ru' : 'en');
  const cases: Case[] = [
    {
      name: 'an initiating payment of an order without clientId',
      en: 'Stored credential cannot be used: tii CI stores a credential and needs an order registered with clientId',
      run: async (l) => pay(await registered(other(l)), l, { tii: 'CI' }),
    },
    {
      name: 'a 3DS2 repeated request with another transaction',
      en: 'Wrong value of parameter threeDSServerTransId: the identifier the first request of this order returned expected',
      run: async (l) => {
        const orderId = await registered(other(l));
        await pay(orderId, other(l), {}, CARDS.frictionless);
        return pay(orderId, l, { threeDSServerTransId: 'not-the-transaction' }, CARDS.frictionless);
      },
    },
    {
      name: 'a binding paid for an order without clientId',
      en: 'Stored credential cannot be used: a stored-credential payment needs the clientId that owns the binding',
      run: async (l) => form('paymentOrderBinding.do', l, { mdOrder: await registered(other(l)), bindingId: (await seeded()).bindingId }),
    },
  ];
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(said(await c.run('en')).text).toBe(c.en);
    const ru = said(await c.run('ru')).text;
    expect(ru).toMatch(/[а-яё]/i);
    expect(latinWords(ru).filter((w) => !ALLOWED.has(w))).toEqual([]);
  });
});
