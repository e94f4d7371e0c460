/**
 * Browser mode's transport: the built renderer and the IPC contract over HTTP on 127.0.0.1, for machines
 * where Electron cannot run and for the UI tests in Chromium.
 *
 *   GET  /, /assets/...   the built renderer (index.html gets the bridge script injected)
 *   GET  /bridge.js       the bridge that gives the page window.api over this host
 *   POST /ipc/<channel>   one call: JSON payload in, envelope out (the same dispatcher as Electron's)
 *   GET  /events          the event stream, one JSON event per line
 *
 * Every /ipc and /events request must carry the per-launch token (bearer), come from this host's own
 * origin (Origin checked where a browser sends one; a POST always has it), and name this host in Host (a
 * DNS-rebinding page names its own). Static files carry no secret and need no token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import sirv from 'sirv';
import { CONTENT_SECURITY_POLICY_HEADER } from '../security/csp.js';
import { CONTRACT_VERSION } from './channels.js';
import { CHANNELS } from './contract.js';
import type { Calls, Dispatch } from './dispatcher.js';
import type { EventHub } from './events.js';
import type { IpcErrorCode } from './contract.js';
import { failure } from './errors.js';
import { phrase, type Phrase } from '../phrases/phrase.js';

export interface HttpHostOptions {
  readonly dispatch: Dispatch;
  readonly events: EventHub;
  /** The built renderer (out/renderer). */
  readonly rendererDir: string;
  /** The bridge script's source (resources/browser-bridge.js). */
  readonly bridgeFile: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** A fixed token, for tests that need to know it up front; otherwise a random one per launch. */
  readonly token?: string;
  /**
   * Told of every request's start and end, the page's files too (the app core's CallActivity): the app's
   * background work gives way to a page loading, as it does to its calls.
   */
  readonly calls?: Calls;
}

export interface HttpHost {
  /** The origin, http://127.0.0.1:<port>. */
  readonly origin: string;
  /** What to open in a browser: the origin with the token in the fragment. */
  readonly openUrl: string;
  readonly token: string;
  close(): Promise<void>;
}

const MAX_BODY = 20 * 1024 * 1024;
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY_HEADER,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), 'application/json');

/** An answer in the dispatcher's shape: the code, the phrase, and its English for the log. */
const refused = (res: ServerResponse, status: number, code: IpcErrorCode, said: Phrase) =>
  sendJson(res, status, { ok: false, error: failure(code, [said]) });
const refusal = (res: ServerResponse, status: number, said: Phrase) => refused(res, status, 'forbidden', said);

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startHttpHost(o: HttpHostOptions): Promise<HttpHost> {
  const token = o.token ?? randomBytes(32).toString('base64url');
  const tokenBytes = Buffer.from(token);
  const bridge = `const CHANNELS = ${JSON.stringify(CHANNELS)};\nconst CONTRACT_VERSION = ${CONTRACT_VERSION};\n${readFileSync(o.bridgeFile, 'utf8')}`;
  const indexHtml = () =>
    readFileSync(join(o.rendererDir, 'index.html'), 'utf8').replace('<script type="module"', '<script src="/bridge.js"></script>\n    $&');
  const assets = sirv(o.rendererDir, {
    dev: false,
    etag: true,
    setHeaders: (res) => {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    },
  });
  let origin = '';
  let host = '';

  /** Token, Host and Origin; answers the refusal itself and returns false when one is wrong. */
  const authorised = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.headers.host !== host) {
      refusal(res, 403, phrase('ipc.host.wrongHost'));
      return false;
    }
    if (req.headers.origin !== undefined && req.headers.origin !== origin) {
      refusal(res, 403, phrase('ipc.host.otherOrigin'));
      return false;
    }
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== tokenBytes.length || !timingSafeEqual(given, tokenBytes)) {
      refusal(res, 401, phrase('ipc.host.token'));
      return false;
    }
    return true;
  };

  const server = createServer((req, res) => {
    const ended = o.calls?.begin();
    if (ended) res.once('close', ended);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/ipc/')) {
      if (req.method !== 'POST') return refusal(res, 405, phrase('ipc.host.postOnly'));
      // A POST from a browser always carries Origin; one without it did not come from the app's page.
      if (req.headers.origin === undefined) return refusal(res, 403, phrase('ipc.host.noOrigin'));
      if (!authorised(req, res)) return;
      void (async () => {
        const text = await readBody(req);
        if (text === undefined) return refused(res, 413, 'invalidInput', phrase('ipc.host.tooLarge'));
        let payload: unknown;
        try {
          payload = text === '' ? undefined : JSON.parse(text);
        } catch {
          return refused(res, 200, 'invalidInput', phrase('ipc.host.notJson'));
        }
        sendJson(res, 200, await o.dispatch(decodeURIComponent(path.slice('/ipc/'.length)), payload));
      })().catch(() => {
        if (!res.headersSent) refused(res, 500, 'internal', phrase('ipc.host.unreadable'));
        else res.destroy();
      });
      return;
    }
    if (path === '/events') {
      if (!authorised(req, res)) return;
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
      res.write('\n');
      const unsubscribe = o.events.subscribe((event) => res.write(`${JSON.stringify(event)}\n`));
      const keepAlive = setInterval(() => res.write('\n'), 15_000);
      res.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refusal(res, 405, phrase('ipc.host.getOnly'));
    if (path === '/bridge.js') return send(res, 200, bridge, 'text/javascript; charset=utf-8');
    if (path === '/' || path === '/index.html') {
      // Read on each request (a rebuild takes effect on reload); a missing build is a page, not a crash.
      let html: string;
      try {
        html = indexHtml();
      } catch {
        return send(res, 503, 'The UI is not built: run `npm run build` (or `npm run web`), then reload.', 'text/plain; charset=utf-8');
      }
      return send(res, 200, html, 'text/html; charset=utf-8');
    }
    assets(req, res, () => send(res, 404, 'Not found', 'text/plain'));
  });
  // Event streams stay open; they must not keep close() waiting.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
  return {
    origin,
    openUrl: `${origin}/#token=${token}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
