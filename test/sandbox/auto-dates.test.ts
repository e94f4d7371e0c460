import { describe, expect, it } from 'vitest';
import { AUTH, CARDS, control, paidOrder, payCard, postForm, register, status } from './client.js';
import { callbackReceiverOfFile, sandboxOfFile } from './fixture.js';

// autocompletionDate and autoReverseDate (registerPreAuth.do) take effect when the sandbox clock passes them.
const sb = sandboxOfFile();
const receiver = callbackReceiverOfFile();

const HOUR = 3_600_000;
/** yyyy-MM-ddTHH:mm:ss in UTC, some time after the sandbox clock's now. */
async function inHours(hours: number): Promise<string> {
  const { now } = await control(sb, 'GET', '/clock');
  return new Date((now as number) + hours * HOUR).toISOString().slice(0, 19);
}

async function until<T>(check: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met in time');
}

const operations = (orderId: string) => receiver.received.filter((q) => q.get('mdOrder') === orderId).map((q) => q.get('operation'));
const preAuth = (extra: Record<string, unknown>) =>
  paidOrder(sb, { dynamicCallbackUrl: receiver.url, ...extra }, '/payment/rest/registerPreAuth.do');

describe('autocompletionDate and autoReverseDate', () => {
  it('deposits a held order once the clock passes autocompletionDate, with the deposited callback', async () => {
    const orderId = await preAuth({ autocompletionDate: await inHours(2) });
    expect((await status(sb, { orderId })).orderStatus).toBe(1);
    await control(sb, 'POST', '/clock', { advanceMs: HOUR });
    expect((await status(sb, { orderId })).orderStatus).toBe(1);
    await control(sb, 'POST', '/clock', { advanceMs: 2 * HOUR });
    // Moving the clock applies it at once: the callback comes without a look-up.
    await until(() => (operations(orderId).includes('deposited') ? true : undefined));
    expect(operations(orderId)).toEqual(['approved', 'deposited']);
    const s = await status(sb, { orderId });
    expect(s).toMatchObject({ orderStatus: 2, paymentAmountInfo: { depositedAmount: 10_000 } });
  });

  it('reverses a held order once the clock passes autoReverseDate, with the reversed callback', async () => {
    const orderId = await preAuth({ autoReverseDate: await inHours(1) });
    await control(sb, 'POST', '/clock', { advanceMs: 2 * HOUR });
    await until(() => (operations(orderId).includes('reversed') ? true : undefined));
    expect(operations(orderId)).toEqual(['approved', 'reversed']);
    expect((await status(sb, { orderId })).orderStatus).toBe(3);
  });

  it('applies the earlier of the two; the later one no longer applies to the order it left', async () => {
    const orderId = await preAuth({ autocompletionDate: await inHours(1), autoReverseDate: await inHours(2) });
    await control(sb, 'POST', '/clock', { advanceMs: 3 * HOUR });
    await until(() => (operations(orderId).includes('deposited') ? true : undefined));
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
    expect(operations(orderId)).toEqual(['approved', 'deposited']);
  });

  it('leaves an order that is no longer held alone (deposited by hand before the date)', async () => {
    const orderId = await preAuth({ autoReverseDate: await inHours(1) });
    expect((await postForm(sb, '/payment/rest/deposit.do', { ...AUTH, orderId, amount: 0 })).errorCode).toBe('0');
    await control(sb, 'POST', '/clock', { advanceMs: 2 * HOUR });
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
    expect(operations(orderId)).toEqual(['approved', 'deposited']);
  });

  it('applies a date already passed when the order is paid at its next look-up', async () => {
    const orderId = await register(
      sb,
      { dynamicCallbackUrl: receiver.url, autocompletionDate: await inHours(1), sessionTimeoutSecs: 4 * 3600 },
      '/payment/rest/registerPreAuth.do',
    );
    await control(sb, 'POST', '/clock', { advanceMs: 2 * HOUR });
    expect((await payCard(sb, orderId, CARDS.noThreeDS)).errorCode).toBe(0);
    expect((await status(sb, { orderId })).orderStatus).toBe(2);
    await until(() => (operations(orderId).includes('deposited') ? true : undefined));
    expect(operations(orderId)).toEqual(['approved', 'deposited']);
  });
});
