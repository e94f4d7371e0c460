import { beforeAll, describe, expect, it } from 'vitest';
import type { KeyObject } from 'node:crypto';
import { control, controlHeaders, formBody, RETURN_URL, uniqueNumber } from './client.js';
import { selfSigned, signBody } from './certificates.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
let key: KeyObject;
let otherKey: KeyObject;
beforeAll(async () => {
  const mine = await selfSigned('signed');
  key = mine.key;
  otherKey = (await selfSigned('stranger')).key;
  const uploaded = await control(sb, 'POST', '/merchants/signed/certificates', { pem: mine.certPem });
  expect(uploaded.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
});

const body = () =>
  formBody({ userName: 'signed-api', password: 'signed-pass', orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL });

async function send(text: string, headers: Record<string, string>) {
  const res = await fetch(`${sb.url}/payment/rest/register.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: text,
  });
  return (await res.json()) as { errorCode: string; errorMessage?: string; orderId?: string };
}

describe('signature-required merchant', () => {
  it('accepts a request signed with the uploaded certificate’s key', async () => {
    const text = body();
    expect(await send(text, signBody(text, key))).toMatchObject({ errorCode: '0', orderId: expect.any(String) });
  });

  it('refuses an unsigned request, an altered body, and a foreign key, each with its reason', async () => {
    const unsigned = await send(body(), {});
    expect(unsigned).toMatchObject({ errorCode: '5', errorMessage: expect.stringContaining('X-Hash and X-Signature') });

    const text = body();
    const headers = signBody(text, key);
    const altered = await send(text.replace('amount=100', 'amount=900'), headers);
    expect(altered.errorMessage).toContain('X-Hash is not the SHA-256');

    const forged = await send(text, signBody(text, otherKey));
    expect(forged.errorMessage).toContain('X-Signature does not verify');
  });

  it('refuses everything once the certificate is removed', async () => {
    const { certificates } = await control(sb, 'GET', '/merchants/signed/certificates');
    expect(certificates).toHaveLength(1);
    await control(sb, 'DELETE', `/merchants/signed/certificates/${certificates[0].id}`);
    const text = body();
    expect((await send(text, signBody(text, key))).errorMessage).toContain('no valid certificate');
  });

  it('rejects a certificate upload that is not a certificate', async () => {
    const res = await fetch(`${sb.url}/sandbox/merchants/signed/certificates`, {
      method: 'POST',
      headers: controlHeaders(sb),
      body: '{"pem":"hello"}',
    });
    expect(res.status).toBe(400);
  });

  it('refuses at upload a certificate whose key is not RSA 2048: RSA 1024, RSA 4096, EC P-256', async () => {
    for (const other of [{ modulusLength: 1024 }, { modulusLength: 4096 }, 'ec'] as const) {
      const { certPem } = await selfSigned('other-size', 365, other);
      const res = await fetch(`${sb.url}/sandbox/merchants/signed/certificates`, {
        method: 'POST',
        headers: controlHeaders(sb),
        body: JSON.stringify({ pem: certPem }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/2048-bit RSA/);
    }
    expect((await control(sb, 'GET', '/merchants/signed/certificates')).certificates).toHaveLength(0);
  });
});
