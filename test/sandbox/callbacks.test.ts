import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackChecksum } from '../../main/sandbox/engine/callbacks.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AUTH, control, paidOrder, postForm, startSandbox } from './client.js';

let sb: Sandbox;
let receiver: Server;
let receiverUrl: string;
const received: URLSearchParams[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  sb = await startSandbox({ callbacks: { retryDelaysMs: [20, 20, 20] } });
  receiver = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(503).end();
      return;
    }
    received.push(query);
    res.writeHead(200).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
});
afterAll(async () => {
  await sb.close();
  await new Promise((resolve) => receiver.close(resolve));
});

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
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: receiverUrl });
    const q = await until(() => received.find((r) => r.get('mdOrder') === orderId));
    expect(q.get('operation')).toBe('deposited');
    expect(q.get('status')).toBe('1');
    const { checksum, ...rest } = Object.fromEntries(q);
    expect(checksum).toBe(callbackChecksum(rest, 'shh'));
  });

  it('retries a failed delivery until it is accepted', async () => {
    failuresLeft = 2;
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: receiverUrl }, '/payment/rest/registerPreAuth.do');
    await until(() => received.find((r) => r.get('mdOrder') === orderId && r.get('operation') === 'approved'));
    const { deliveries } = await control(sb, 'GET', '/callbacks');
    expect(deliveries.find((d: { mdOrder: string }) => d.mdOrder === orderId)).toMatchObject({ state: 'delivered', attempts: 3 });
  });

  it('sends reversed, refunded and declinedByTimeout', async () => {
    const held = await paidOrder(sb, { dynamicCallbackUrl: receiverUrl }, '/payment/rest/registerPreAuth.do');
    await postForm(sb, '/payment/rest/reverse.do', { ...AUTH, orderId: held });
    await until(() => received.find((r) => r.get('mdOrder') === held && r.get('operation') === 'reversed'));
    const charged = await paidOrder(sb, { dynamicCallbackUrl: receiverUrl });
    await postForm(sb, '/payment/rest/refund.do', { ...AUTH, orderId: charged, amount: 0 });
    await until(() => received.find((r) => r.get('mdOrder') === charged && r.get('operation') === 'refunded'));
    const reg = await postForm(sb, '/payment/rest/register.do', {
      ...AUTH,
      orderNumber: `exp-${Date.now()}`,
      amount: 5,
      returnUrl: 'https://x.example',
      dynamicCallbackUrl: receiverUrl,
      sessionTimeoutSecs: 10,
    });
    await control(sb, 'POST', '/clock', { advanceSeconds: 11 });
    const q = await until(() => received.find((r) => r.get('mdOrder') === reg.orderId));
    expect(q.get('operation')).toBe('declinedByTimeout');
    expect(q.get('status')).toBe('0');
  });

  it('does not send callbacks to addresses outside this machine', async () => {
    const orderId = await paidOrder(sb, { dynamicCallbackUrl: 'https://merchant.example/callback' });
    const { deliveries } = await control(sb, 'GET', '/callbacks');
    expect(deliveries.find((d: { mdOrder: string }) => d.mdOrder === orderId)).toMatchObject({ state: 'skipped', attempts: 0 });
  });
});
