import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { generateSigningKeyPair } from '../../main/gateway/keys.js';
import { RequestSigner } from '../../main/gateway/signer.js';
import { CARDS, control, RETURN_URL, uniqueNumber } from './setup.js';
import { sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
let keyPem: string;
const dir = mkdtempSync(join(tmpdir(), 'gateway-cli-'));

beforeAll(async () => {
  const pair = await generateSigningKeyPair({ commonName: 'signed', days: 30 });
  keyPem = pair.privateKeyPem;
  await control(sb, 'POST', '/merchants/signed/certificates', { pem: pair.certificatePem });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const signedClient = (endpoints?: readonly string[]) =>
  new GatewayClient({
    baseUrl: sb.url,
    credentials: { userName: 'signed-api', password: 'signed-pass' },
    signing: { privateKey: keyPem, endpoints },
  });

describe('request signing', () => {
  it('is accepted by the signature-required merchant', async () => {
    const client = signedClient();
    const { orderId } = await client.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL });
    expect((await client.getOrderStatusExtended({ orderId })).orderStatus).toBe(0);
    await client.close();
  });

  it('is opt-in per endpoint: an endpoint left out is sent unsigned and refused', async () => {
    const client = signedClient(['register.do']);
    const { orderId } = await client.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL });
    const err = await client.getOrderStatusExtended({ orderId }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'gateway', errorCode: '5', gatewayMessage: expect.stringContaining('X-Hash and X-Signature') });
    await client.close();
  });

  it('is refused when the body is altered after signing', async () => {
    const body = `userName=signed-api&password=signed-pass&orderNumber=${uniqueNumber()}&amount=100&returnUrl=x`;
    const { xHash, xSignature } = new RequestSigner(keyPem).sign(Buffer.from(body));
    const res = await fetch(`${sb.url}/payment/rest/register.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hash': xHash, 'x-signature': xSignature },
      body: body.replace('amount=100', 'amount=999'),
    });
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('5');
  });

  it('refuses keys that are not RSA 2048', () => {
    expect(() => new RequestSigner('not a key')).toThrow();
  });
});

/** Runs the command line without blocking: the sandbox it talks to lives in this process. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string }> {
  return cliWithEnv({}, ...args);
}

function cliWithEnv(env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/gateway/cli.ts', ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe('npm run gateway', () => {
  it('keygen writes a PKCS#8 key and a certificate that openssl parses; sign verifies with openssl', async () => {
    const out = join(dir, 'keys');
    expect((await cli('keygen', '--out', out, '--cn', 'Merchant, Inc.', '--days', '90')).status).toBe(0);
    const text = execFileSync('openssl', ['x509', '-in', join(out, 'cert.pem'), '-noout', '-subject', '-text'], { encoding: 'utf8' });
    expect(text).toContain('sha256WithRSAEncryption');
    expect(text).toContain('Public-Key: (2048 bit)');
    expect(text).toMatch(/subject=CN ?= ?"?Merchant\\?, Inc\."?/);
    expect(readFileSync(join(out, 'key.pem'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    const body = join(dir, 'body.txt');
    writeFileSync(body, 'userName=a&password=b&amount=100');
    const signed = await cli('sign', '--key', join(out, 'key.pem'), '--body-file', body);
    const { xHash, xSignature } = JSON.parse(signed.stdout) as { xHash: string; xSignature: string };
    const digest = createHash('sha256').update(readFileSync(body)).digest();
    expect(xHash).toBe(digest.toString('base64'));
    writeFileSync(join(dir, 'digest.bin'), digest);
    writeFileSync(join(dir, 'sig.bin'), Buffer.from(xSignature, 'base64'));
    execFileSync('openssl', ['x509', '-in', join(out, 'cert.pem'), '-pubkey', '-noout', '-out', join(dir, 'pub.pem')]);
    const verified = execFileSync(
      'openssl',
      ['dgst', '-sha256', '-verify', join(dir, 'pub.pem'), '-signature', join(dir, 'sig.bin'), join(dir, 'digest.bin')],
      { encoding: 'utf8' },
    );
    expect(verified.trim()).toBe('Verified OK');
  });

  it('call exits 0 on success, 2 on validation (listing every field), 1 on a refusal, 3 on an unknown payment outcome', async () => {
    const base = ['--base-url', sb.url, '--user', 'sandbox-api', '--password', 'sandbox-pass'];
    const orderNumber = uniqueNumber();
    const ok = await cli('call', 'register.do', ...base, '--params', JSON.stringify({ orderNumber, amount: 100, returnUrl: RETURN_URL }));
    expect(ok.status).toBe(0);
    const { orderId } = JSON.parse(ok.stdout) as { orderId: string };

    const invalid = await cli('call', 'register.do', ...base, '--params', JSON.stringify({ amount: 'ten' }));
    expect(invalid.status).toBe(2);
    expect((JSON.parse(invalid.stdout) as { violations: { path: string }[] }).violations.map((v) => v.path).sort()).toEqual([
      'amount',
      'orderNumber',
      'returnUrl',
    ]);

    const refused = await cli(
      'call',
      'register.do',
      ...base,
      '--params',
      JSON.stringify({ orderNumber, amount: 100, returnUrl: RETURN_URL }),
    );
    expect(refused.status).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ kind: 'gateway', errorCode: '1' });

    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentorder.do', mode: 'lost' }] });
    const lost = await cli(
      'call',
      'paymentorder.do',
      ...base,
      '--params',
      JSON.stringify({ MDORDER: orderId, $PAN: CARDS.noThreeDS, $CVC: '123', $EXPIRY: '203012', TEXT: 'CARD HOLDER', language: 'en' }),
    );
    expect(lost.status).toBe(3);
    expect(JSON.parse(lost.stdout)).toMatchObject({ kind: 'outcomeUnknown', outcomeUnknown: true });

    const status = await cli(
      'call',
      'getOrderStatusExtended.do',
      '--base-url',
      sb.url,
      '--token',
      'sandbox-token',
      '--params',
      JSON.stringify({ orderId }),
    );
    expect(JSON.parse(status.stdout)).toMatchObject({ orderStatus: 2 });
    expect(status.stdout).not.toContain(CARDS.noThreeDS);
  });

  it('takes the password from GATEWAY_PASSWORD, keeping it off the command line', async () => {
    const r = await cliWithEnv(
      { GATEWAY_PASSWORD: 'sandbox-pass' },
      'call',
      'getOrderStatusExtended.do',
      '--base-url',
      sb.url,
      '--user',
      'sandbox-api',
      '--params',
      '{"orderNumber":"none"}',
    );
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'gateway', errorCode: '6' });
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await cli('call', 'register.do')).status).toBe(2);
    expect((await cli('call', 'register.do', '--base-url', sb.url, '--token', 't', '--user', 'u', '--password', 'p')).status).toBe(2);
    expect((await cli('fly')).status).toBe(2);
    expect((await cli('call', 'nothing.do', '--base-url', sb.url, '--token', 't')).status).toBe(2);
  });
});
