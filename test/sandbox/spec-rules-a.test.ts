/**
 * Issue 15 spec rules: merchantOrderParams, wallet cardAuthInfo, email at payment, returnUrl without
 * a protocol. Real HTTP against a real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.js';
import { CARDS, postJson, register, startSandbox, status, uniqueNumber } from './client.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const walletToken = (pan: string, extra: Record<string, unknown> = {}) =>
  b64({ pan, expiry: '203012', cryptogram: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA=', amount: 1_500, currency: '978', ...extra });

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
    const r = await postJson(sb, '/payment/applepay/payment.do', {
      merchant: 'sandbox',
      orderNumber: uniqueNumber(),
      paymentToken: walletToken(CARDS.declined),
    });
    expect(r.orderStatus.orderStatus).toBe(6);
    expect(r.orderStatus).not.toHaveProperty('cardAuthInfo');
  });

  it('paid ones carry a well-formed cardAuthInfo', async () => {
    const r = await postJson(sb, '/payment/google/payment.do', {
      merchant: 'sandbox',
      orderNumber: uniqueNumber(),
      paymentToken: walletToken(CARDS.noThreeDS, { cardholderName: 'JANE Q. DOE' }),
    });
    const c = r.orderStatus.cardAuthInfo;
    expect(c.approvalCode).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(String(c.expiration)).toMatch(/^[0-9]{6}$/);
    expect(c.cardholderName).toBe('JANE Q. DOE');
    expect(c.pan.length).toBeLessThanOrEqual(19);
  });

  it('refuse a token whose cardholderName cannot be a cardAuthInfo cardholderName', async () => {
    const r = await postJson(sb, '/payment/samsung/payment.do', {
      merchant: 'sandbox',
      orderNumber: uniqueNumber(),
      paymentToken: walletToken(CARDS.noThreeDS, { cardholderName: 'Иван Петров' }),
    });
    expect(r.success).toBe(false);
    expect(r.error.code).toBe('5');
    expect(r.error.message).toContain('paymentToken.cardholderName');
  });
});
