/**
 * Browser mode's HTTP host on a random loopback port: the token is required on every call and the event
 * stream, foreign origins and Host names are refused, the renderer is served with the bridge and a CSP,
 * and bad bodies get typed errors. The dispatcher behind it is the real one over a real app core.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtCore } from './people.js';
import { openBrowserMode, type BrowserMode } from '../../main/browserMode.js';
import { CHANNELS } from '../../main/ipc/contract.js';

let mode: BrowserMode;
let folder: string;
let renderer: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'host-test-'));
  // A stand-in for the built renderer, so this test does not depend on a build.
  renderer = mkdtempSync(join(tmpdir(), 'host-renderer-'));
  writeFileSync(
    join(renderer, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  mkdirSync(join(renderer, 'assets'));
  writeFileSync(join(renderer, 'assets/app.js'), 'console.log(1)');
  mode = await openBrowserMode({ dataFolder: folder, rendererDir: renderer, log: () => {} });
  await signInAtCore(mode.core);
});

afterAll(async () => {
  await mode.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(renderer, { recursive: true, force: true });
});

/** A raw request, so that Host and Origin can be anything (fetch would set them itself). */
function send(
  path: string,
  { method = 'POST', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const url = new URL(mode.host.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const good = () => ({
  origin: mode.host.origin,
  authorization: `Bearer ${mode.host.token}`,
  'content-type': 'application/json',
});

describe('the browser-mode host', () => {
  it('answers a call that carries the token from its own origin', async () => {
    const r = await send('/ipc/app.info', { headers: good(), body: '{}' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ ok: true, value: { shell: 'browser', environment: 'sandbox' } });
  });

  it('refuses calls without the token, with a wrong one, from another origin, without an Origin, or to another Host', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ ...good(), authorization: '' }, 401],
      [{ ...good(), authorization: `Bearer ${mode.host.token.slice(0, -1)}x` }, 401],
      [{ ...good(), authorization: `Bearer ${mode.host.token}extra` }, 401],
      [{ ...good(), origin: 'http://evil.example' }, 403],
      [{ ...good(), origin: 'null' }, 403],
      [Object.fromEntries(Object.entries(good()).filter(([k]) => k !== 'origin')), 403],
      [{ ...good(), host: 'rebound.example' }, 403],
    ];
    for (const [headers, status] of cases) {
      const r = await send('/ipc/settings.get', { headers, body: '{}' });
      expect(r.status, JSON.stringify(headers)).toBe(status);
      expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(r.text).not.toContain(mode.host.token);
    }
    expect((await send('/ipc/app.info', { method: 'GET', headers: good() })).status).toBe(405);
  });

  it('gives typed errors for a body that is not JSON and for an unknown channel', async () => {
    const notJson = await send('/ipc/orders.lookup', { headers: good(), body: '{"query":' });
    expect(JSON.parse(notJson.text)).toMatchObject({ ok: false, error: { code: 'invalidInput', message: 'The request body is not JSON' } });
    const unknown = await send('/ipc/orders.charge', { headers: good(), body: '{}' });
    expect(JSON.parse(unknown.text)).toMatchObject({ ok: false, error: { code: 'unknownChannel' } });
  });

  it('serves the renderer with the bridge injected, security headers, and nothing outside its folder', async () => {
    const page = await send('/', { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<script src="\/bridge.js"><\/script>\s*<script type="module"/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await send('/assets/app.js', { method: 'GET' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-security-policy']).toBeDefined();
    const bridge = await send('/bridge.js', { method: 'GET' });
    expect(bridge.text).toContain(JSON.stringify(CHANNELS));
    // The token is never part of what is served without it.
    expect(page.text + bridge.text).not.toContain(mode.host.token);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
      expect((await send(path, { method: 'GET' })).status).not.toBe(200);
    }
  });

  it('answers 503 with what to do when the renderer is not built, and keeps serving', async () => {
    rmSync(join(renderer, 'index.html'));
    try {
      const r = await send('/', { method: 'GET' });
      expect(r.status).toBe(503);
      expect(r.text).toMatch(/not built/);
      expect((await send('/ipc/app.info', { headers: good(), body: '{}' })).status).toBe(200);
    } finally {
      writeFileSync(
        join(renderer, 'index.html'),
        '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
      );
    }
  });

  it('streams events to a caller with the token, and refuses the stream without it', async () => {
    expect((await send('/events', { method: 'GET' })).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${mode.host.origin}/events`, {
      headers: { authorization: `Bearer ${mode.host.token}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    // A batch look-up started over HTTP reports its progress on the stream.
    const started = await send('/ipc/orders.batch.start', { headers: good(), body: JSON.stringify({ text: 'demo-0001\nnobody-1\n' }) });
    const { batchId } = (JSON.parse(started.text) as { value: { batchId: string } }).value;
    let buffered = '';
    for (;;) {
      const { value } = await reader.read();
      buffered += value ?? '';
      if (buffered.includes('"state":"done"')) break;
    }
    controller.abort();
    const events = buffered
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { type: string; batchId: string; progress: { total: number; done: number } });
    expect(events.at(-1)).toMatchObject({ type: 'batch.progress', batchId, state: 'done', progress: { total: 2, done: 2 } });
  });
});
