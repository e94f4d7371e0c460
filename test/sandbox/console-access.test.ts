/**
 * Developer console access: the token link or a one-time ticket becomes a session cookie (and leaves the
 * address bar), the cookie opens the page and the control API, and nothing else does. Requests go out
 * through node:http so that Host, Origin and Cookie are exactly what a browser or a hostile page sends.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.js';
import { control, startSandbox } from './client.js';
import { sandboxOfFile } from './fixture.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

function send(sb: Sandbox, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: sb.port, method, path, headers: { host: `127.0.0.1:${sb.port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pathOf = (url: string) => url.slice(url.indexOf('/sandbox/'));

/** Follows the entry link; returns the `name=value` of the session cookie. */
async function signIn(sb: Sandbox, link: string): Promise<string> {
  const res = await send(sb, 'GET', pathOf(link));
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/sandbox/console');
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(new RegExp(`^sandbox_console_${sb.port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=/sandbox$`));
  return setCookie.split(';')[0]!;
}

let now = 1_000_000;
const sb = sandboxOfFile({ consoleSessions: { now: () => now } });

describe('developer console access', () => {
  it('a ticket link gives a session cookie that opens the page with its security headers', async () => {
    const cookie = await signIn(sb, sb.consoleUrl());
    const page = await send(sb, 'GET', '/sandbox/console', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<html');
    const js = await send(sb, 'GET', '/sandbox/console/console.js', { cookie });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const css = await send(sb, 'GET', '/sandbox/console/console.css', { cookie });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('the session cookie stands in for the bearer token on the control API, reads and writes', async () => {
    const cookie = await signIn(sb, sb.consoleUrl());
    const health = await send(sb, 'GET', '/sandbox/health', { cookie });
    expect(health.status).toBe(200);
    const moved = await send(
      sb,
      'POST',
      '/sandbox/clock',
      { cookie, 'content-type': 'application/json' },
      JSON.stringify({ advanceMs: 0 }),
    );
    expect(moved.status).toBe(200);
    // The JSON rule holds for the cookie too: a cross-site form cannot ride on it.
    const form = await send(sb, 'POST', '/sandbox/clock', { cookie, 'content-type': 'text/plain' }, '{"advanceMs":1}');
    expect(form.status).toBe(415);
  });

  it('the token link works for the whole launch, and is cleared from the address by the redirect', async () => {
    const link = `${sb.url}/sandbox/console?token=${encodeURIComponent(sb.controlToken)}`;
    await signIn(sb, link);
    now += 3_600_000;
    await signIn(sb, link);
  });

  it('a ticket works once', async () => {
    const link = sb.consoleUrl();
    await signIn(sb, link);
    const again = await send(sb, 'GET', pathOf(link));
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.text).toContain('Open the developer console again from the app');
  });

  it('a ticket expires 60 seconds after it was issued', async () => {
    const fresh = sb.consoleUrl();
    now += 60_000;
    await signIn(sb, fresh); // exactly a minute: still good
    const stale = sb.consoleUrl();
    now += 60_001;
    expect((await send(sb, 'GET', pathOf(stale))).status).toBe(401);
  });

  it('a wrong token or ticket, or none, gets the 401 page and no cookie', async () => {
    for (const path of ['/sandbox/console?token=wrong-token-of-enough-length', '/sandbox/console?ticket=made-up', '/sandbox/console']) {
      const res = await send(sb, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.headers['set-cookie'], path).toBeUndefined();
      expect(res.text, path).toContain('<h1>');
    }
    expect((await send(sb, 'GET', '/sandbox/console/console.js')).status).toBe(401);
    // A made-up cookie is no session, on the page nor on the control API.
    const fake = `sandbox_console_${sb.port}=${'A'.repeat(43)}`;
    expect((await send(sb, 'GET', '/sandbox/console', { cookie: fake })).status).toBe(401);
    expect((await send(sb, 'GET', '/sandbox/health', { cookie: fake })).status).toBe(401);
  });

  it('another port’s cookie name does not count', async () => {
    const cookie = await signIn(sb, sb.consoleUrl());
    const value = cookie.split('=')[1]!;
    expect((await send(sb, 'GET', '/sandbox/health', { cookie: `sandbox_console_${sb.port + 1}=${value}` })).status).toBe(401);
  });

  it('a foreign Origin or Host is refused with the cookie as with the token, and on the entry link', async () => {
    const cookie = await signIn(sb, sb.consoleUrl());
    expect((await send(sb, 'GET', '/sandbox/health', { cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await send(sb, 'GET', '/sandbox/health', { cookie, host: 'evil.example' })).status).toBe(403);
    expect((await send(sb, 'GET', '/sandbox/console', { cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await send(sb, 'GET', '/sandbox/console', { cookie, host: `evil.example:${sb.port}` })).status).toBe(403);
    const post = await send(
      sb,
      'POST',
      '/sandbox/clock',
      { cookie, origin: `http://127.0.0.1:${sb.port + 1}`, 'content-type': 'application/json' },
      JSON.stringify({ advanceMs: 86_400_000 }),
    );
    expect(post.status).toBe(403);
    // A ticket presented from a foreign page is refused and not spent.
    const link = sb.consoleUrl();
    expect((await send(sb, 'GET', pathOf(link), { host: 'evil.example' })).status).toBe(403);
    await signIn(sb, link);
    // The bearer token alone still works, as before.
    expect((await control(sb, 'GET', '/health')).ok).toBe(true);
  });

  it('serves the page’s modules and style sheets by plain name, nothing else: no path traversal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dir, 'orders-list.js'), 'export const x = 1;');
    writeFileSync(join(dir, 'theme.css'), 'body{}');
    writeFileSync(join(dir, '.hidden.js'), 'secret');
    writeFileSync(join(dir, 'notes.txt'), 'secret');
    writeFileSync(join(dir, 'Upper.js'), 'secret');
    const other = await startSandbox({ consoleDir: dir });
    try {
      const bearer = { authorization: `Bearer ${other.controlToken}` };
      const js = await send(other, 'GET', '/sandbox/console/orders-list.js', bearer);
      expect([js.status, js.headers['content-type'], js.text]).toEqual([200, 'text/javascript; charset=utf-8', 'export const x = 1;']);
      expect((await send(other, 'GET', '/sandbox/console/theme.css', bearer)).headers['content-type']).toBe('text/css; charset=utf-8');
      expect((await send(other, 'GET', '/sandbox/console/orders-list.js')).status).toBe(401);
      for (const name of ['.hidden.js', 'notes.txt', 'Upper.js', '%2ehidden.js', 'missing.js']) {
        const res = await send(other, 'GET', `/sandbox/console/${name}`, bearer);
        expect(res.status, name).toBe(404);
        expect(res.text, name).not.toContain('secret');
      }
    } finally {
      await other.close();
      rmSync(dir, { recursive: true });
    }
    const cookie = await signIn(sb, sb.consoleUrl());
    for (const path of [
      '/sandbox/console/../../package.json',
      '/sandbox/console/%2e%2e/%2e%2e/package.json',
      '/sandbox/console/..%2f..%2fpackage.json',
      '/sandbox/console/other.js',
      '/sandbox/console/sub/console.js',
    ]) {
      const res = await send(sb, 'GET', path, { cookie });
      expect(res.status, path).not.toBe(200);
      expect(res.text, path).not.toContain('"name"');
    }
  });

  it('the console folder can be given, and a missing file says so', async () => {
    const other = await startSandbox({ consoleDir: '/nonexistent-console-dir' });
    try {
      const res = await send(other, 'GET', '/sandbox/console', { authorization: `Bearer ${other.controlToken}` });
      expect(res.status).toBe(404);
      expect(res.text).toContain('/nonexistent-console-dir');
    } finally {
      await other.close();
    }
  });
});
