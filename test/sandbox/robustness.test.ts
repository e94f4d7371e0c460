import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../main/sandbox/endpoints/index.js';
import { AUTH, control, formBody, register, RETURN_URL, status, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile({ log: (line) => logged.push(line) });
const logged: string[] = [];

async function raw(path: string, body: string | Buffer, contentType: string) {
  const res = await fetch(sb.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, text: await res.text() };
}

const FORM = 'application/x-www-form-urlencoded';

describe('bad input never crashes the sandbox or corrupts state', () => {
  it('refuses the wrong content type, invalid JSON and non-object JSON with 400 in the endpoint envelope', async () => {
    const form = await raw('/payment/rest/register.do', '{}', 'application/json');
    expect(form.status).toBe(400);
    expect(JSON.parse(form.text)).toMatchObject({ errorCode: '5', errorMessage: expect.stringContaining('Content-Type') });
    const json = await raw('/payment/recurrentPayment.do', 'userName=x', FORM);
    expect(JSON.parse(json.text)).toMatchObject({ success: false, error: { code: '5' } });
    expect((await raw('/payment/recurrentPayment.do', '{"a":', 'application/json')).status).toBe(400);
    expect((await raw('/payment/recurrentPayment.do', '[1,2]', 'application/json')).status).toBe(400);
  });

  it('refuses invalid UTF-8 and malformed percent-encoding instead of guessing', async () => {
    const bytes = Buffer.concat([
      Buffer.from('userName=sandbox-api&password=sandbox-pass&orderNumber='),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('&amount=1&returnUrl=x'),
    ]);
    const invalid = await raw('/payment/rest/register.do', bytes, FORM);
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('UTF-8');
    const percent = await raw(
      '/payment/rest/register.do',
      'userName=sandbox-api&password=sandbox-pass&orderNumber=%C3%28&amount=1&returnUrl=x',
      FORM,
    );
    expect(percent.status).toBe(400);
    expect(percent.text).toContain('orderNumber');
  });

  it('refuses a body over 256 KiB with 413 and a field over its length with 5', async () => {
    const huge = await raw('/payment/rest/register.do', `description=${'a'.repeat(300 * 1024)}`, FORM);
    expect(huge.status).toBe(413);
    const long = await raw(
      '/payment/rest/register.do',
      formBody({ ...AUTH, orderNumber: uniqueNumber(), amount: 1, returnUrl: RETURN_URL, description: 'd'.repeat(599) }),
      FORM,
    );
    expect(JSON.parse(long.text)).toMatchObject({ errorCode: '5', errorMessage: expect.stringContaining('description') });
  });

  it('ignores unknown parameters, including prototype names', async () => {
    const orderNumber = uniqueNumber();
    const r = await raw(
      '/payment/rest/register.do',
      `${formBody({ ...AUTH, orderNumber, amount: 1, returnUrl: RETURN_URL, somethingNew: 'x' })}&__proto__=1&constructor=2`,
      FORM,
    );
    expect(JSON.parse(r.text).errorCode).toBe('0');
    expect((await status(sb, { orderNumber })).orderStatus).toBe(0);
  });

  it('answers 404 for unknown paths and 405 for GET on an endpoint', async () => {
    expect((await fetch(`${sb.url}/payment/rest/nothing.do`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sb.url}/payment/rest/register.do`)).status).toBe(405);
  });

  it('survives random bodies on every endpoint with no 500 and no change to existing orders', async () => {
    const orderId = await register(sb);
    const before = await status(sb, { orderId });
    const paths = [...ENDPOINTS.keys()];
    const body = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean(), fc.constant(null)))
        .map((d) => JSON.stringify({ ...AUTH, ...d })),
      fc
        .dictionary(
          fc.constantFrom(
            'amount',
            'orderNumber',
            'MDORDER',
            'orderId',
            'bindingId',
            'clientId',
            'jsonParams',
            'features',
            'language',
            '$PAN',
            'pan',
            'paymentToken',
          ),
          fc.string({ maxLength: 30 }),
        )
        .map((d) => formBody({ ...AUTH, ...d })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, fc.constantFrom(FORM, 'application/json', 'text/plain'), async (path, b, type) => {
        const r = await raw(path, b, type);
        expect(r.status).not.toBe(500);
        expect(() => JSON.parse(r.text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    expect(await status(sb, { orderId })).toEqual(before);
    expect(logged).toEqual([]);
    expect((await control(sb, 'GET', '/health')).ok).toBe(true);
  });
});
