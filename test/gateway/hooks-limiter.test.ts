import { describe, expect, it } from 'vitest';
import type { RequestEvent, ResponseEvent } from '../../main/gateway/client.js';
import { GatewayClient } from '../../main/gateway/client.js';
import { resolveBaseUrl } from '../../main/gateway/environments.js';
import { ALL_SPECS } from '../../main/protocol/endpoints.js';
import { AdaptiveLimiter } from '../../main/gateway/limiter.js';
import { CARDS, clientFor, payOrder, RETURN_URL, uniqueNumber } from './setup.js';
import { sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();

describe('request and response hooks', () => {
  it('report every attempt with timing, and never a secret or card number even with bodies on', async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const client = clientFor(sb, {
      logBodies: true,
      language: 'en',
      hooks: { onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) },
    });
    const { orderId } = await client.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL });
    await payOrder(client, orderId);
    await client.instantPayment({ amount: 100, returnUrl: RETURN_URL, pan: CARDS.frictionless, expiry: '203012', cvc: '321' });
    await client.close();
    expect(requests.map((r) => r.endpoint)).toEqual(['register.do', 'paymentorder.do', 'instantPayment.do']);
    expect(responses.every((r) => r.outcome === 'ok' && r.status === 200 && r.durationMs >= 0)).toBe(true);
    const seen = JSON.stringify([requests, responses]);
    for (const secret of ['sandbox-pass', CARDS.noThreeDS, CARDS.frictionless, '"123"', '"321"']) expect(seen).not.toContain(secret);
    expect(seen).toContain('"orderId"');
  });

  it('carry no bodies unless asked to, and a throwing hook fails nothing', async () => {
    const events: unknown[] = [];
    const client = clientFor(sb, {
      hooks: {
        onRequest: (e) => {
          events.push(e);
          throw new Error('hook failure');
        },
        onResponse: (e) => events.push(e),
      },
    });
    await client.register({ orderNumber: uniqueNumber(), amount: 1, returnUrl: RETURN_URL });
    await client.close();
    expect(JSON.stringify(events)).not.toContain('returnUrl');
  });
});

describe('AdaptiveLimiter', () => {
  it('never lets more than maxInFlight run at once', async () => {
    const limiter = new AdaptiveLimiter({ maxInFlight: 3, rps: 0 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const release = await limiter.acquire();
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        release();
      }),
    );
    expect(peak).toBe(3);
  });

  it('lowers the rate by a tenth per 429, compounding in a burst, and climbs back as answers succeed', () => {
    const limiter = new AdaptiveLimiter({ maxInFlight: 0, rps: 100 });
    limiter.throttled(1_000);
    expect(limiter.currentRate).toBeCloseTo(90);
    for (let i = 0; i < 9; i++) limiter.throttled(1_000);
    expect(limiter.currentRate).toBeCloseTo(100 * 0.9 ** 10);
    for (let i = 0; i < 100; i++) limiter.succeeded();
    expect(limiter.currentRate).toBe(100);
    expect(limiter.throttledCount).toBe(10);
  });
});

describe('the client covers the catalogue', () => {
  it('knows the answer shape of every endpoint the sandbox serves', () => {
    const client = new GatewayClient({ baseUrl: 'http://127.0.0.1:9', credentials: { token: 't' } });
    const schemas = (client as unknown as { responses: Map<string, unknown> }).responses;
    expect([...schemas.keys()].sort()).toEqual(ALL_SPECS.map((s) => s.name).sort());
  });
});

describe('environments', () => {
  it('takes any base URL for the sandbox and requires configured HTTPS for test and production', () => {
    expect(resolveBaseUrl('sandbox', {}, 'http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(resolveBaseUrl('production', { production: 'https://gateway.example' })).toBe('https://gateway.example');
    expect(() => resolveBaseUrl('production', {})).toThrow(/No base URL/);
    expect(() => resolveBaseUrl('test', { test: 'http://gateway.example' })).toThrow(/HTTPS/);
  });
});
