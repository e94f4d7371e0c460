import { describe, expect, it } from 'vitest';
import { callbackChecksum } from '../../main/sandbox/engine/callbacks.js';
import { AUTH, control, paidOrder, postForm } from './client.js';
import { callbackReceiverOfFile, sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile({ callbacks: { retryDelaysMs: [20, 20, 20] } });
const receiver = callbackReceiverOfFile(() => {
  if (failuresLeft === 0) return 200;
  failuresLeft--;
  return 503;
});
let failuresLeft = 0;

async function until<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met in time');
}

describe('payment callbacks', () => {
  it('sends deposited with mdOrder, orderNumber, status and a checksum over the sorted parameters', async () => {
    await control(sb, 'PATCH', '/merchants/sandbox', { callbackSecret: 'shh' });
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: receiver.url });
    const q = await until(() => receiver.received.find((r) => r.get('mdOrder') === orderId));
    expect(q.get('operation')).toBe('deposited');
    expect(q.get('status')).toBe('1');
    const { checksum, ...rest } = Object.fromEntries(q);
    expect(checksum).toBe(callbackChecksum(rest, 'shh'));
  });

  it('retries a failed delivery until it is accepted', async () => {
    failuresLeft = 2;
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: receiver.url }, '/payment/rest/registerPreAuth.do');
    await until(() => receiver.received.find((r) => r.get('mdOrder') === orderId && r.get('operation') === 'approved'));
    const { deliveries } = await control(sb, 'GET', '/callbacks');
    expect(deliveries.find((d: { mdOrder: string }) => d.mdOrder === orderId)).toMatchObject({ state: 'delivered', attempts: 3 });
  });

  it('sends reversed, refunded and declinedByTimeout', async () => {
    const held = await paidOrder(sb, { dynamicCallbackUrl: receiver.url }, '/payment/rest/registerPreAuth.do');
    await postForm(sb, '/payment/rest/reverse.do', { ...AUTH, orderId: held });
    await until(() => receiver.received.find((r) => r.get('mdOrder') === held && r.get('operation') === 'reversed'));
    const charged = await paidOrder(sb, { dynamicCallbackUrl: receiver.url });
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId: charged, amount: 0 });
    await until(() => receiver.received.find((r) => r.get('mdOrder') === charged && r.get('operation') === 'refunded'));
    const reg = await postForm(sb, '/payment/rest/register.do', {
      ...AUTH,
      orderNumber: `exp-${Date.now()}`,
      amount: 5,
      returnUrl: 'https://x.example',
      dynamicCallbackUrl: receiver.url,
      sessionTimeoutSecs: 10,
    });
    await control(sb, 'POST', '/clock', { advanceSeconds: 11 });
    const q = await until(() => receiver.received.find((r) => r.get('mdOrder') === reg.orderId));
    expect(q.get('operation')).toBe('declinedByTimeout');
    expect(q.get('status')).toBe('0');
  });

  it('does not send callbacks to addresses outside this machine', async () => {
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: 'https://merchant.example/callback' });
    const { deliveries } = await control(sb, 'GET', '/callbacks');
    expect(deliveries.find((d: { mdOrder: string }) => d.mdOrder === orderId)).toMatchObject({ state: 'skipped', attempts: 0 });
  });
});
