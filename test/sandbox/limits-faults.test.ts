import { afterEach, describe, expect, it } from 'vitest';
import { AUTH, control, formBody, RETURN_URL, status, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
afterEach(async () => {
  await control(sb, 'DELETE', '/faults');
  await control(sb, 'PATCH', '/merchants/sandbox', { rps: 0, concurrency: 0 });
});

const REGISTER = '/payment/rest/register.do';
const registerRaw = (orderNumber = uniqueNumber()) =>
  fetch(sb.url + REGISTER, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ ...AUTH, orderNumber, amount: 100, returnUrl: RETURN_URL }),
  });

describe('rate limits', () => {
  it('answers 429 with Retry-After past the requests-per-second limit', async () => {
    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => registerRaw().then((r) => ({ status: r.status, retryAfter: r.headers.get('retry-after') }))),
    );
    const refused = statuses.filter((s) => s.status === 429);
    expect(statuses.filter((s) => s.status === 200).length).toBeLessThanOrEqual(10); // at most two one-second windows
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('answers 429 past the simultaneous-requests limit', async () => {
    await control(sb, 'PATCH', '/merchants/sandbox', { concurrency: 2 });
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'latency', latencyMs: 300, count: 0 }] });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => registerRaw().then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it('says why in the language the request names, like every other answer', async () => {
    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 1 });
    const ask = (language: string) =>
      fetch(sb.url + REGISTER, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody({ ...AUTH, orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, language }),
      });
    const answers = await Promise.all([ask('ru'), ask('ru'), ask('ru')]);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(((await refused[0]!.json()) as { errorMessage: string }).errorMessage).toBe(
      'Система перегружена: превышен лимит запросов в секунду (1)',
    );
    await new Promise((r) => setTimeout(r, 1100));
    const english = (await Promise.all([ask('en'), ask('en'), ask('en')])).filter((r) => r.status === 429);
    expect(((await english[0]!.json()) as { errorMessage: string }).errorMessage).toBe(
      'System overloaded: more than 1 requests per second',
    );
  });
});

describe('fault injection', () => {
  it('delays a request and still processes it', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'latency', latencyMs: 50 }] });
    expect((await registerRaw()).status).toBe(200);
  });

  it('answers 500 or 502 without processing the request', async () => {
    await control(sb, 'POST', '/faults', {
      rules: [
        { path: REGISTER, mode: 'status', status: 502 },
        { path: REGISTER, mode: 'status', status: 500 },
      ],
    });
    const orderNumber = uniqueNumber();
    expect((await registerRaw(orderNumber)).status).toBe(502);
    expect((await registerRaw(orderNumber)).status).toBe(500);
    expect((await status(sb, { orderNumber })).errorCode).toBe('6');
    expect((await registerRaw(orderNumber)).status).toBe(200);
  });

  it('resets the connection without processing the request', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'reset' }] });
    const orderNumber = uniqueNumber();
    await expect(registerRaw(orderNumber)).rejects.toThrow();
    expect((await status(sb, { orderNumber })).errorCode).toBe('6');
  });

  it('processes the request and loses the answer ("lost")', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'lost' }] });
    const orderNumber = uniqueNumber();
    await expect(registerRaw(orderNumber)).rejects.toThrow();
    expect(await status(sb, { orderNumber })).toMatchObject({ errorCode: '0', orderStatus: 0 });
  });

  it('processes the request and truncates the answer', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'truncate' }] });
    const orderNumber = uniqueNumber();
    await expect(registerRaw(orderNumber).then((r) => r.text())).rejects.toThrow();
    expect((await status(sb, { orderNumber })).errorCode).toBe('0');
  });

  it('answers 429 with the chosen Retry-After ("throttle")', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: '*', mode: 'throttle', retryAfterSec: 7 }] });
    const res = await registerRaw();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('selects requests by count and skip, and reports what it did', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'status', status: 500, skip: 1, count: 2 }] });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await registerRaw()).status);
    expect(codes).toEqual([200, 500, 500, 200, 200]);
    const { rules } = await control(sb, 'GET', '/faults');
    expect(rules[0]).toMatchObject({ applied: 2, seen: 3 });
  });

  it('leaves other paths alone', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'reset', count: 0 }] });
    expect((await registerRaw()).status).toBe(200);
  });

  it('refuses an invalid fault rule with the offending field', async () => {
    const r = await control(sb, 'POST', '/faults', { rules: [{ path: REGISTER, mode: 'explode' }] });
    expect(r.issues[0].path).toBe('rules.0.mode');
  });
});
