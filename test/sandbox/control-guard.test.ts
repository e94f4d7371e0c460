/**
 * The control API (/sandbox/...) takes only JSON requests to a loopback Host, from no Origin or the
 * sandbox's own, carrying the per-launch token; anything else is refused before it changes anything.
 * Requests go out through node:http so that Host, Origin and Content-Type are exactly what a hostile page
 * or a DNS-rebinding page would send.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AUTH, control, controlHeaders, formBody, type Json, RETURN_URL, startSandbox, uniqueNumber } from './client.js';
import { sandboxOfFile } from './fixture.js';

const sb = sandboxOfFile();
afterEach(async () => {
  await control(sb, 'DELETE', '/faults');
  await control(sb, 'POST', '/clock', { setEpochMs: Date.now() });
});

interface Answer {
  readonly status: number;
  readonly json: Json;
}

/** One request to the sandbox with exactly these headers (Host included when given). */
function send(method: string, path: string, headers: Record<string, string>, body?: string, port = sb.port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Json;
        try {
          json = JSON.parse(text) as Json;
        } catch {
          json = { text };
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const DAY = 86_400_000;
const ARM_FAULT = JSON.stringify({ rules: [{ path: '/payment/rest/register.do', mode: 'status', status: 500, count: 0 }] });
const MOVE_CLOCK = JSON.stringify({ advanceMs: 30 * DAY });
const good = () => ({ ...controlHeaders(sb), host: `127.0.0.1:${sb.port}` });

async function registerWorks(): Promise<boolean> {
  const res = await fetch(`${sb.url}/payment/rest/register.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ ...AUTH, orderNumber: uniqueNumber('guard'), amount: 100, returnUrl: RETURN_URL }),
  });
  return res.status === 200 && Boolean(((await res.json()) as Json).orderId);
}

/** Nothing moved: the clock is where the last allowed request put it (now), no fault is armed, and the gateway registers. */
async function expectUnchanged(): Promise<void> {
  expect(Math.abs((await control(sb, 'GET', '/clock')).offsetMs as number)).toBeLessThan(DAY);
  expect((await control(sb, 'GET', '/faults')).rules).toEqual([]);
  expect(await registerWorks()).toBe(true);
}

/** Each attempt is sent twice: to arm a fault and to move the clock. */
const attempts: [name: string, status: number, headers: () => Record<string, string>][] = [
  ['no token', 401, () => ({ host: `127.0.0.1:${sb.port}`, 'content-type': 'application/json' })],
  ['a wrong token of the same length', 401, () => ({ ...good(), authorization: `Bearer ${'A'.repeat(sb.controlToken.length)}` })],
  ['a wrong token of another length', 401, () => ({ ...good(), authorization: 'Bearer not-the-sandbox-token' })],
  ['the token without the Bearer scheme', 401, () => ({ ...good(), authorization: sb.controlToken })],
  ['the token in Basic', 401, () => ({ ...good(), authorization: `Basic ${sb.controlToken}` })],
  ['text/plain', 415, () => ({ ...good(), 'content-type': 'text/plain' })],
  ['a form', 415, () => ({ ...good(), 'content-type': 'application/x-www-form-urlencoded' })],
  ['multipart', 415, () => ({ ...good(), 'content-type': 'multipart/form-data; boundary=x' })],
  ['no Content-Type', 415, () => ({ host: `127.0.0.1:${sb.port}`, authorization: `Bearer ${sb.controlToken}` })],
  ['Host: evil.example', 403, () => ({ ...good(), host: 'evil.example' })],
  ['Host: evil.example with the port (DNS rebinding)', 403, () => ({ ...good(), host: `evil.example:${sb.port}` })],
  ['Host: localhost.evil.example', 403, () => ({ ...good(), host: `localhost.evil.example:${sb.port}` })],
  ['Host: loopback on another port', 403, () => ({ ...good(), host: `127.0.0.1:${sb.port + 1}` })],
  ['Origin: http://evil.example', 403, () => ({ ...good(), origin: 'http://evil.example' })],
  ['Origin: null', 403, () => ({ ...good(), origin: 'null' })],
  ['Origin: loopback on another port', 403, () => ({ ...good(), origin: `http://localhost:${sb.port + 1}` })],
  ['Origin: https on the sandbox port', 403, () => ({ ...good(), origin: `https://127.0.0.1:${sb.port}` })],
];

describe('the control API refuses, before changing anything', () => {
  it.each(attempts)('%s: answers %i with a JSON error, arms no fault and leaves the clock', async (_name, status, headers) => {
    const fault = await send('POST', '/sandbox/faults', headers(), ARM_FAULT);
    expect(fault.status).toBe(status);
    expect(fault.json.error).toEqual(expect.any(String));
    const clock = await send('POST', '/sandbox/clock', headers(), MOVE_CLOCK);
    expect(clock.status).toBe(status);
    expect(clock.json.error).toEqual(expect.any(String));
    await expectUnchanged();
  });

  it('keeps an armed fault, the orders and the clock when a clear, reset or read comes without the token', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/deposit.do', mode: 'reset', count: 0 }] });
    const noToken = { host: `127.0.0.1:${sb.port}`, 'content-type': 'application/json' };
    expect((await send('DELETE', '/sandbox/faults', noToken)).status).toBe(401);
    expect((await control(sb, 'GET', '/faults')).rules).toHaveLength(1);
    expect(await registerWorks()).toBe(true);
    const before = (await control(sb, 'GET', '/orders')).orders as unknown[];
    expect(before.length).toBeGreaterThan(0);
    expect((await send('POST', '/sandbox/reset', noToken, '{}')).status).toBe(401);
    expect((await control(sb, 'GET', '/orders')).orders).toHaveLength(before.length);
    // Reads carry orders and callback payloads: they need the token too.
    for (const path of ['/sandbox/orders', '/sandbox/bindings', '/sandbox/callbacks', '/sandbox/clock', '/sandbox/health']) {
      expect((await send('GET', path, { host: `127.0.0.1:${sb.port}` })).status).toBe(401);
    }
  });

  it('refuses a body larger than any control request without reading it as JSON', async () => {
    const big = JSON.stringify({ advanceMs: DAY, pad: 'x'.repeat(1024 * 1024) });
    const answer = await send('POST', '/sandbox/clock', { host: `127.0.0.1:${sb.port}`, 'content-type': 'text/plain' }, big);
    expect(answer.status).toBe(401);
    await expectUnchanged();
  });
});

describe('the control API accepts', () => {
  it.each([
    ['127.0.0.1', (p: number) => `127.0.0.1:${p}`],
    ['localhost', (p: number) => `localhost:${p}`],
    ['LOCALHOST', (p: number) => `LOCALHOST:${p}`],
    ['[::1]', (p: number) => `[::1]:${p}`],
  ])('JSON with the token to Host %s, from no Origin or its own', async (_name, host) => {
    const headers = { ...controlHeaders(sb), host: host(sb.port) };
    const moved = await send('POST', '/sandbox/clock', headers, JSON.stringify({ advanceMs: DAY }));
    expect(moved.status).toBe(200);
    expect(moved.json.offsetMs).toBeGreaterThan(DAY - 60_000);
    const own = { ...headers, origin: `http://${host(sb.port).toLowerCase()}`, 'content-type': 'application/json; charset=utf-8' };
    expect((await send('POST', '/sandbox/faults', own, ARM_FAULT)).status).toBe(200);
    expect(await registerWorks()).toBe(false);
    expect((await send('DELETE', '/sandbox/faults', { ...headers, authorization: `bearer ${sb.controlToken}` })).status).toBe(200);
    expect(await registerWorks()).toBe(true);
  });

  it('reads with the token and no Content-Type', async () => {
    const read = await send('GET', '/sandbox/health', { host: `127.0.0.1:${sb.port}`, authorization: `Bearer ${sb.controlToken}` });
    expect(read).toMatchObject({ status: 200, json: { ok: true } });
  });
});

describe('the gateway endpoints are not guarded', () => {
  it('registers an order with a form, no token, and any Origin', async () => {
    const answer = await send(
      'POST',
      '/payment/rest/register.do',
      { host: `127.0.0.1:${sb.port}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.example' },
      formBody({ ...AUTH, orderNumber: uniqueNumber('open'), amount: 100, returnUrl: RETURN_URL }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.orderId).toEqual(expect.any(String));
  });
});

describe('the control token', () => {
  it('is random per launch, and another sandbox’s token is refused', async () => {
    const other = await startSandbox();
    try {
      expect(sb.controlToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other.controlToken).not.toBe(sb.controlToken);
      const foreign = await send('POST', '/sandbox/clock', { ...good(), authorization: `Bearer ${other.controlToken}` }, MOVE_CLOCK);
      expect(foreign.status).toBe(401);
      await expectUnchanged();
    } finally {
      await other.close();
    }
  });

  it('can be given, and a guessable one is refused at start', async () => {
    const given = 'a-token-chosen-by-the-caller-0123456789';
    const mine = await startSandbox({ controlToken: given });
    try {
      expect(mine.controlToken).toBe(given);
      const headers = { host: `127.0.0.1:${mine.port}`, authorization: `Bearer ${given}`, 'content-type': 'application/json' };
      expect((await send('GET', '/sandbox/clock', headers, undefined, mine.port)).status).toBe(200);
    } finally {
      await mine.close();
    }
    await expect(startSandbox({ controlToken: 'short' })).rejects.toThrow(/control token/);
    await expect(startSandbox({ controlToken: 'has spaces in it, which a header cannot carry' })).rejects.toThrow(/control token/);
  });
});

describe('npm run sandbox and the control token', () => {
  const children: ChildProcessWithoutNullStreams[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  /** Starts the CLI and resolves with everything it printed once both lines are there. */
  function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; port: number; out: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0', ...args], {
      env: { ...process.env, SANDBOX_CONTROL_TOKEN: '', ...env },
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /(http:\/\/127\.0\.0\.1:(\d+)).*\nControl API token: .*\n/.exec(out);
        if (m) resolve({ url: m[1]!, port: Number(m[2]), out });
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
  }

  const clockWith = (port: number, token: string) =>
    send('GET', '/sandbox/clock', { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` }, undefined, port);

  it('prints a fresh token at start that the control API takes', async () => {
    const { port, out } = await startCli([]);
    const token = /Control API token: ([A-Za-z0-9_-]{43}) /.exec(out)?.[1];
    expect(token).toBeDefined();
    expect((await clockWith(port, token!)).status).toBe(200);
    expect((await clockWith(port, 'x'.repeat(43))).status).toBe(401);
  });

  it('takes one from --control-token or SANDBOX_CONTROL_TOKEN, and does not print it', async () => {
    const fromOption = 'cli-option-token-0123456789abcdef';
    const byOption = await startCli(['--control-token', fromOption]);
    expect(byOption.out).not.toContain(fromOption);
    expect((await clockWith(byOption.port, fromOption)).status).toBe(200);

    const fromEnv = 'cli-environment-token-0123456789abcdef';
    const byEnv = await startCli([], { SANDBOX_CONTROL_TOKEN: fromEnv });
    expect(byEnv.out).not.toContain(fromEnv);
    expect((await clockWith(byEnv.port, fromEnv)).status).toBe(200);
    expect((await clockWith(byEnv.port, fromOption)).status).toBe(401);
  });

  it('refuses a guessable token with exit status 2, and documents the token in --help', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0', '--control-token', 'short'], {
      stdio: 'pipe',
    });
    let err = '';
    bad.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise((resolve) => bad.once('exit', resolve))).toBe(2);
    expect(err).toContain('control token');

    const help = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--help'], { stdio: 'pipe' });
    let out = '';
    help.stdout.on('data', (d: Buffer) => (out += d.toString()));
    expect(await new Promise((resolve) => help.once('exit', resolve))).toBe(0);
    expect(out).toContain('--control-token');
    expect(out).toContain('SANDBOX_CONTROL_TOKEN');
    expect(out).toContain('Authorization: Bearer');
  });
});
