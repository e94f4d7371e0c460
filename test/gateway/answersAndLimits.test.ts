import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../main/gateway/client.js';
import { OutcomeUnknownError, RateLimitedError, ValidationError } from '../../main/gateway/errors.js';
import { interpret } from '../../main/gateway/interpret.js';
import * as R from '../../main/gateway/responses.js';
import { classifyFailure } from '../../main/gateway/transport.js';
import { SPECS } from '../../main/protocol/endpoints.js';
import { clientFor, payOrder, control, RETURN_URL, uniqueNumber } from './setup.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
const client = clientOfFile(() => clientFor(sb, { language: 'en' }));
afterEach(() => control(sb, 'DELETE', '/faults'));

describe('answers that say nothing', () => {
  it('a payment answered without errorCode or success has an unknown outcome; a registration may omit it', () => {
    const silent = { status: 200, headers: {}, body: '{"message":"upstream error"}' };
    for (const spec of [SPECS.paymentOrder, SPECS.refund, SPECS.deposit]) {
      const r = interpret(spec, R.acknowledgement, silent);
      expect(r.ok || r.error).toBeInstanceOf(OutcomeUnknownError);
    }
    expect(interpret(SPECS.register, R.registerResponse, { status: 200, headers: {}, body: '{"orderId":"abc"}' })).toMatchObject({
      ok: true,
    });
  });

  it('an answer too deeply nested to read is no usable answer, not a crash', () => {
    const deep = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`;
    const r = interpret(SPECS.paymentOrder, R.paymentOrderResponse, { status: 200, headers: {}, body: `{"errorCode":0,"x":${deep}}` });
    expect(r.ok || r.error).toBeInstanceOf(OutcomeUnknownError);
  });
});

describe('what counts as not sent', () => {
  it('unreachable-host errors count as not sent only from the connect call itself', () => {
    expect(classifyFailure({ code: 'EHOSTUNREACH', syscall: 'connect' }, false).stage).toBe('notSent');
    expect(classifyFailure({ code: 'ECONNREFUSED', syscall: 'connect' }, false).stage).toBe('notSent');
    expect(classifyFailure({ cause: { code: 'ENOTFOUND', syscall: 'getaddrinfo' } }, false).stage).toBe('notSent');
    expect(classifyFailure({ code: 'EHOSTUNREACH', syscall: 'read' }, false).stage).toBe('maybeSent');
    expect(classifyFailure({ code: 'EHOSTUNREACH' }, false).stage).toBe('maybeSent');
    expect(classifyFailure({ code: 'UND_ERR_SOCKET' }, true)).toMatchObject({ stage: 'maybeSent', reason: 'timed out' });
  });
});

describe('registration recovery', () => {
  it('does not adopt an order with the same number that is already paid', async () => {
    const orderNumber = uniqueNumber();
    const { orderId } = await client.register({ orderNumber, amount: 500, returnUrl: RETURN_URL });
    await payOrder(client, orderId);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/register.do', mode: 'status', status: 502 }] });
    const err = await client.register({ orderNumber, amount: 500, returnUrl: RETURN_URL }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'gateway', errorCode: '1' });
  });
});

describe('limits on waiting', () => {
  it('does not wait out a Retry-After beyond its ceiling', async () => {
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'throttle', retryAfterSec: 3600 }],
    });
    const err = await client.getOrderStatusExtended({ orderNumber: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(3_600_000);
  });
});

describe('parameters outside the spec', () => {
  it('are refused, credentials above all', async () => {
    const params = {
      orderNumber: uniqueNumber(),
      amount: 1,
      returnUrl: RETURN_URL,
      token: 'smuggled',
      colour: 'red',
    } as unknown as Parameters<GatewayClient['register']>[0];
    const err = await client.register(params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).violations.map((v) => v.path).sort()).toEqual(['colour', 'token']);
  });
});
