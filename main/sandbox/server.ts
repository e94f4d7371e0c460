/**
 * The sandbox gateway as an HTTP server: gateway endpoints on the spec's paths, the cardholder pages,
 * and the control API under /sandbox/. Start it with createSandbox(); close() stops it. The control API
 * takes only requests carrying the returned controlToken (see http/controlGuard.ts); the gateway endpoints
 * and pages are unchanged by it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SandboxClock } from './clock.js';
import { SandboxEvents } from './console/events.js';
import { faultsView } from './console/faultWords.js';
import { RequestLog } from './console/requestLog.js';
import { ConsoleSessions, type ConsoleSessionOptions } from './console/sessions.js';
import { EventStreams } from './console/sse.js';
import { createControl } from './control.js';
import { seedDemo, seedOrders } from './demo.js';
import { CallbackSender, DEFAULT_CALLBACK_OPTIONS, type CallbackOptions } from './engine/callbacks.js';
import { cardFingerprint } from './engine/cards.js';
import { CURRENCIES } from './engine/currencies.js';
import type { Core } from './engine/core.js';
import { ENDPOINTS } from './endpoints/index.js';
import { createPages } from './endpoints/pages.js';
import { controlTokenFor } from './http/controlGuard.js';
import { Faults } from './http/faults.js';
import { handleGateway } from './http/gateway.js';
import { RateLimiter } from './http/limits.js';
import { IdSource } from './ids.js';
import type { MerchantLimits } from './state/model.js';
import { narrowPrivateFile } from '../store/privateFiles.js';
import { openSandboxDatabase } from './state/database.js';
import { SandboxState } from './state/store.js';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Loopback by default; the sandbox has no business on other interfaces. */
  readonly host?: string;
  /** SQLite file that keeps the sandbox's state across restarts; in memory without it. */
  readonly dataFile?: string;
  /** Limits every merchant starts with (0 = unlimited). */
  readonly limits?: Partial<MerchantLimits>;
  /** Seeds identifiers so that a run hands out the same ones every time. */
  readonly seed?: number;
  /** Seeds the demo data set on an empty sandbox. */
  readonly demo?: boolean;
  /** Seeds this many more orders over the last 90 days at start (benchmarks: 100,000 in a few seconds). */
  readonly seedOrders?: number;
  readonly callbacks?: Partial<CallbackOptions>;
  /** Where the sandbox reports unexpected failures; console.error by default. */
  readonly log?: (line: string) => void;
  /**
   * The control API's bearer token (16+ characters of letters, digits and -._~+/); a random one per
   * launch without it. Read it back from Sandbox.controlToken.
   */
  readonly controlToken?: string;
  /** The developer console's page folder; resources/sandbox-console of the repository (or the app) without it. */
  readonly consoleDir?: string;
  /** Ticket lifetime and clock of the console's one-time links (tests). */
  readonly consoleSessions?: ConsoleSessionOptions;
}

/**
 * resources/sandbox-console from this file: main/sandbox/server.ts under tsx and vitest, out/main/index.js
 * in the Electron bundle; both are two folders below the root that holds resources/.
 */
const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../resources/sandbox-console/', import.meta.url));

export interface Sandbox {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  readonly core: Core;
  readonly faults: Faults;
  /** What every control API request (/sandbox/...) must carry as `Authorization: Bearer <token>`. */
  readonly controlToken: string;
  /** The currencies its merchants accept (ISO 4217 numeric codes): what a charge form may offer. */
  readonly currencies: readonly string[];
  /**
   * A link that opens the developer console once: `<url>/sandbox/console?ticket=…`, a ticket usable a
   * single time within a minute (never the control token, so the link is worth nothing once opened).
   */
  consoleUrl(): string;
  close(): Promise<void>;
}

/**
 * The key of the card fingerprints for a data file: beside it, never in it, readable by the owner only,
 * so that the SQLite file alone does not give card numbers away.
 */
function fingerprintKey(dataFile: string): Buffer {
  const keyFile = `${dataFile}.pan-key`;
  if (existsSync(keyFile)) {
    narrowPrivateFile(keyFile);
    return readFileSync(keyFile);
  }
  const key = randomBytes(32);
  writeFileSync(keyFile, key, { mode: 0o600, flag: 'wx' });
  return key;
}

/** formUrl: /payment/merchants/<login>/payment_<language>.html */
const PAYMENT_PAGE = /^\/payment\/merchants\/[^/]+\/payment_[a-z]{2}\.html$/;

function notFound(res: ServerResponse, path: string): void {
  const text = JSON.stringify({ error: `Not found: ${path}` });
  res.writeHead(404, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const controlToken = controlTokenFor(options.controlToken);
  const limits: MerchantLimits = { rps: options.limits?.rps ?? 0, concurrency: options.limits?.concurrency ?? 0 };
  const db = openSandboxDatabase(options.dataFile);
  const state = new SandboxState(db, limits);
  const clock = new SandboxClock(Number(state.meta('clockOffsetMs') ?? 0));
  const events = new SandboxEvents();
  const callbacks = new CallbackSender({ ...DEFAULT_CALLBACK_OPTIONS, ...options.callbacks }, (delivery) =>
    events.emit('callback', delivery),
  );
  let baseUrl = '';
  let listeningPort = 0;
  const fingerprint = cardFingerprint(options.dataFile ? fingerprintKey(options.dataFile) : randomBytes(32));
  const core: Core = { state, clock, ids: new IdSource(options.seed), callbacks, fingerprint, baseUrl: () => baseUrl, events };
  const faults = new Faults((rules) => events.emit('faults', faultsView(rules)));
  const limiter = new RateLimiter();
  const sessions = new ConsoleSessions(options.consoleSessions);
  const requests = new RequestLog(events);
  const streams = new EventStreams(events);
  const pages = createPages(core);
  const control = createControl({
    core,
    faults,
    limiter,
    reset: (seed) => {
      state.reset();
      faults.clear();
      limiter.clear();
      callbacks.clear();
      clock.set(Date.now());
      state.saveMeta('clockOffsetMs', 0);
      core.ids = new IdSource(seed);
      requests.clear();
      events.emit('reset', {});
    },
    token: controlToken,
    port: () => listeningPort,
    sessions,
    requests,
    streams,
    consoleDir: options.consoleDir ?? DEFAULT_CONSOLE_DIR,
  });
  const gatewayDeps = { core, faults, limiter, log, requests };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (path.startsWith('/sandbox/')) return control(req, res, url);
    const endpoint = ENDPOINTS.get(path);
    if (endpoint) {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' });
        res.end(`${path} takes POST`);
        return;
      }
      return handleGateway(gatewayDeps, endpoint, req, res);
    }
    const pageHandler = pages.byPath.get(path) ?? (PAYMENT_PAGE.test(path) ? pages.paymentPage : undefined) ?? pages.returnPageFor(path);
    if (pageHandler && (req.method === 'GET' || req.method === 'POST')) return pageHandler(req, res, url);
    notFound(res, path);
  };

  const server: Server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`sandbox: ${req.url} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Sandbox internal error');
      } else res.destroy();
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  listeningPort = port;
  baseUrl = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  if (options.demo) seedDemo(core);
  if (options.seedOrders) seedOrders(core, options.seedOrders);

  return {
    url: baseUrl,
    port,
    core,
    faults,
    controlToken,
    currencies: Object.keys(CURRENCIES),
    consoleUrl: () => `${baseUrl}/sandbox/console?ticket=${sessions.issueTicket()}`,
    close: async () => {
      callbacks.close();
      streams.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
