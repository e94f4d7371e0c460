/**
 * The sandbox's control API under /sandbox/ (JSON): reset, seed, clock, faults, merchant settings and
 * certificates, and read-only views of orders, bindings and callback deliveries, so tests and demos set
 * up state over HTTP. Every request passes controlGuard first (loopback Host, no foreign Origin, the
 * per-launch token, JSON), so a web page that finds the port can neither arm faults nor move the clock.
 */
import { createHash, X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { wrongSigningKey } from '../protocol/signingKey.js';
import { createConsolePages, isConsolePath } from './console/pages.js';
import { faultsView } from './console/faultWords.js';
import { applyOrderAction, orderActionInput, OrderActionRefused } from './console/orderActions.js';
import { orderDetail, orderSummary } from './console/orderViews.js';
import { redact } from './console/redaction.js';
import type { RequestLog } from './console/requestLog.js';
import type { ConsoleSessions } from './console/sessions.js';
import type { EventStreams } from './console/sse.js';
import { seedBindings, seedDemo, seedOrders, bindingSeed } from './demo.js';
import type { Core } from './engine/core.js';
import { CURRENCIES } from './engine/currencies.js';
import { expireAllDue, expireIfDue } from './engine/lifecycle.js';
import { BodyError, decodeUtf8, parseJsonObject, readBody } from './http/body.js';
import { controlGuard, tokenMatcher } from './http/controlGuard.js';
import { faultRuleInput, type Faults } from './http/faults.js';
import type { RateLimiter } from './http/limits.js';
import type { Merchant, Order } from './state/model.js';

export interface ControlDeps {
  readonly core: Core;
  readonly faults: Faults;
  readonly limiter: RateLimiter;
  /** Starts over: forgets state, faults and callbacks; a seed makes identifiers repeatable. */
  readonly reset: (seed?: number) => void;
  /** The per-launch token every control request must carry as `Authorization: Bearer <token>`. */
  readonly token: string;
  /** The port the sandbox listens on (known once it listens), for the Host and Origin checks. */
  readonly port: () => number;
  /** The developer console's tickets and sessions; a session cookie stands in for the token. */
  readonly sessions: ConsoleSessions;
  /** The last gateway requests, redacted, for the developer console. */
  readonly requests: RequestLog;
  /** The open GET /sandbox/events streams. */
  readonly streams: EventStreams;
  /** The folder of the developer console's page (resources/sandbox-console). */
  readonly consoleDir: string;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: unknown,
  ) {
    super(message);
  }
}

/** Every answer of the control API, redacted as all the console serves is (console/redaction.ts). */
function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(redact(body));
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function jsonBody<T extends z.ZodType>(req: IncomingMessage, schema: T): Promise<z.output<T>> {
  const raw = await readBody(req);
  const value = raw.length === 0 ? {} : parseJsonObject(decodeUtf8(raw));
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ControlError(
      400,
      'Invalid control request',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

const resetInput = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
const seedInput = z.object({
  demo: z.boolean().default(false),
  bindings: z.array(bindingSeed).max(10_000).default([]),
  /** Orders over the last 90 days, for benchmarks. */
  orders: z.number().int().min(1).max(1_000_000).optional(),
});
const clockInput = z
  .object({
    advanceMs: z.number().int().min(0).optional(),
    advanceSeconds: z.number().min(0).optional(),
    setEpochMs: z.number().int().min(0).optional(),
  })
  .refine(
    (c) => [c.advanceMs, c.advanceSeconds, c.setEpochMs].filter((x) => x !== undefined).length === 1,
    'give exactly one of advanceMs, advanceSeconds, setEpochMs',
  );
const faultsInput = z.object({ rules: z.array(faultRuleInput).min(1).max(100) });
const merchantInput = z.object({
  signatureRequired: z.boolean().optional(),
  rps: z.number().int().min(0).optional(),
  concurrency: z.number().int().min(0).optional(),
  callbackSecret: z.string().min(1).max(256).nullable().optional(),
});
const certificateInput = z.object({
  pem: z
    .string()
    .min(1)
    .max(64 * 1024),
});
/** A query's `limit`: a whole number in [1, max], or the default when absent. */
function limitParam(q: URLSearchParams, max: number, fallback: number): number {
  const raw = q.get('limit');
  if (raw === null) return fallback;
  const n = /^[0-9]{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) throw new ControlError(400, `limit must be a whole number from 1 to ${max}, not "${raw}"`);
  return n;
}

/** A query parameter, or undefined when absent or empty (an empty filter field means no filter). */
const queryParam = (q: URLSearchParams, name: string) => q.get(name) || undefined;

const callbackOptionsInput = z.object({ retryDelaysMs: z.array(z.number().int().min(0).max(3_600_000)).max(20) });

function merchantView(m: Merchant) {
  return {
    login: m.login,
    apiUser: m.apiUser,
    signatureRequired: m.signatureRequired,
    limits: m.limits,
    // Every merchant of the sandbox accepts the same currencies (ISO 4217 numeric codes).
    currencies: Object.keys(CURRENCIES),
    callbackChecksum: m.callbackSecret !== undefined,
    certificates: m.certificates.map(({ pem: _pem, ...rest }) => rest),
  };
}

/** `METHOD /route` with the path's variable parts named, e.g. `GET /merchants/:login/certificates`. */
function routeKey(method: string, parts: readonly string[]): string {
  const named = parts.map((p, i) => {
    if (i === 1 && (parts[0] === 'merchants' || parts[0] === 'orders')) return parts[0] === 'merchants' ? ':login' : ':orderId';
    if (i === 1 && parts[0] === 'faults') return ':id';
    if (i === 3 && parts[2] === 'certificates') return ':id';
    return p;
  });
  return `${method} /${named.join('/')}`;
}

export function createControl(deps: ControlDeps) {
  const { core, faults } = deps;
  const refusal = controlGuard(deps.token, deps.port, (req) => deps.sessions.hasSession(req, deps.port()));
  const consolePages = createConsolePages({
    sessions: deps.sessions,
    isToken: tokenMatcher(deps.token),
    guard: refusal,
    port: deps.port,
    dir: deps.consoleDir,
  });

  const saveMerchant = (m: Merchant): void => {
    core.state.saveMerchant(m);
    core.events.emit('merchant', merchantView(m));
  };

  const orderOf = (orderId: string): Order => {
    const order = core.state.orderForCardholder(orderId);
    if (!order) throw new ControlError(404, `No order ${orderId}`);
    return expireIfDue(core, order);
  };

  const merchantOf = (login: string): Merchant => {
    const m = core.state.merchant(login);
    if (!m) throw new ControlError(404, `No merchant with login ${login}`);
    return m;
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    const parts = path.split('/').slice(2); // after '/sandbox'
    const key = routeKey(method, parts);
    const q = url.searchParams;

    switch (key) {
      case 'GET /health':
        return send(res, 200, { ok: true, now: core.clock.now(), merchants: core.state.allMerchants().map((m) => m.login) });
      case 'POST /reset': {
        const { seed } = await jsonBody(req, resetInput);
        deps.reset(seed);
        return send(res, 200, { ok: true, seed: seed ?? null });
      }
      case 'POST /seed': {
        const input = await jsonBody(req, seedInput);
        const demo = input.demo ? seedDemo(core) : undefined;
        const bindings = seedBindings(core, input.bindings);
        const orders = input.orders === undefined ? undefined : seedOrders(core, input.orders);
        return send(res, 200, { ok: true, ...(demo ? { demo } : {}), bindings, ...(orders ? { orders } : {}) });
      }
      case 'GET /clock':
        return send(res, 200, { now: core.clock.now(), offsetMs: core.clock.offset });
      case 'POST /clock': {
        const c = await jsonBody(req, clockInput);
        if (c.setEpochMs !== undefined) core.clock.set(c.setEpochMs);
        else core.clock.advance(c.advanceMs ?? Math.round((c.advanceSeconds ?? 0) * 1000));
        core.state.saveMeta('clockOffsetMs', core.clock.offset);
        core.events.emit('clock', { now: core.clock.now(), offsetMs: core.clock.offset });
        expireAllDue(core);
        return send(res, 200, { now: core.clock.now(), offsetMs: core.clock.offset });
      }
      case 'GET /events':
        return deps.streams.serve(req, res);
      case 'GET /faults':
        return send(res, 200, faultsView(faults.list()));
      case 'POST /faults': {
        const { rules } = await jsonBody(req, faultsInput);
        return send(res, 200, faultsView(rules.map((r) => faults.add(r))));
      }
      case 'DELETE /faults':
        faults.clear();
        return send(res, 200, { ok: true });
      case 'DELETE /faults/:id': {
        const id = /^[0-9]{1,9}$/.test(parts[1]!) ? Number(parts[1]) : NaN;
        if (!faults.remove(id)) throw new ControlError(404, `No fault rule ${parts[1]}`);
        return send(res, 200, faultsView(faults.list()));
      }
      case 'GET /merchants':
        return send(res, 200, { merchants: core.state.allMerchants().map(merchantView) });
      case 'GET /merchants/:login':
        return send(res, 200, merchantView(merchantOf(parts[1]!)));
      case 'PATCH /merchants/:login':
      case 'POST /merchants/:login': {
        const m = merchantOf(parts[1]!);
        const input = await jsonBody(req, merchantInput);
        if (input.signatureRequired !== undefined) m.signatureRequired = input.signatureRequired;
        if (input.rps !== undefined) m.limits.rps = input.rps;
        if (input.concurrency !== undefined) m.limits.concurrency = input.concurrency;
        if (input.callbackSecret !== undefined) m.callbackSecret = input.callbackSecret ?? undefined;
        saveMerchant(m);
        return send(res, 200, merchantView(m));
      }
      case 'GET /merchants/:login/certificates':
        return send(res, 200, { certificates: merchantView(merchantOf(parts[1]!)).certificates });
      case 'POST /merchants/:login/certificates': {
        const m = merchantOf(parts[1]!);
        const { pem } = await jsonBody(req, certificateInput);
        let x509: X509Certificate;
        try {
          x509 = new X509Certificate(pem);
        } catch {
          throw new ControlError(400, 'pem is not an X.509 certificate in PEM form');
        }
        // The interface: "The signing key is 2048-bit RSA"; any other key is refused here, not at the first request.
        const found = wrongSigningKey(x509.publicKey);
        if (found) throw new ControlError(400, `The certificate's key must be 2048-bit RSA; this one is ${found}`);
        const fingerprint256 = x509.fingerprint256;
        const id = createHash('sha256').update(x509.raw).digest('hex').slice(0, 16);
        if (!m.certificates.some((c) => c.id === id)) {
          m.certificates.push({
            id,
            pem: x509.toString(),
            fingerprint256,
            subject: x509.subject,
            validTo: x509.validTo,
            addedAt: core.clock.now(),
          });
          saveMerchant(m);
        }
        return send(res, 200, { id, fingerprint256, subject: x509.subject, validTo: x509.validTo });
      }
      case 'DELETE /merchants/:login/certificates/:id': {
        const m = merchantOf(parts[1]!);
        const before = m.certificates.length;
        m.certificates = m.certificates.filter((c) => c.id !== parts[3]);
        if (m.certificates.length === before) throw new ControlError(404, `No certificate ${parts[3]} for ${m.login}`);
        saveMerchant(m);
        return send(res, 200, { ok: true });
      }
      case 'GET /orders': {
        expireAllDue(core);
        const limit = limitParam(q, 10_000, 500);
        const orders = core.state
          .listOrders(
            {
              merchant: q.get('merchant') ?? undefined,
              orderNumber: q.get('orderNumber') ?? undefined,
              orderId: q.get('orderId') ?? undefined,
              clientId: q.get('clientId') ?? undefined,
              status: q.get('status') ?? undefined,
            },
            limit,
          )
          .map(orderSummary);
        return send(res, 200, { orders });
      }
      case 'GET /orders/:orderId':
        return send(res, 200, { order: orderDetail(orderOf(parts[1]!)) });
      case 'POST /orders/:orderId/actions': {
        const order = orderOf(parts[1]!);
        const input = await jsonBody(req, orderActionInput);
        try {
          applyOrderAction(core, order, input);
        } catch (err) {
          if (err instanceof OrderActionRefused) throw new ControlError(err.status, err.message);
          throw err;
        }
        return send(res, 200, { order: orderDetail(order) });
      }
      case 'GET /bindings': {
        const bindings = core.state
          .allBindings()
          .filter(
            (b) => (!q.has('merchant') || b.merchant === q.get('merchant')) && (!q.has('clientId') || b.clientId === q.get('clientId')),
          )
          .map((b) => ({
            bindingId: b.id,
            merchant: b.merchant,
            clientId: b.clientId,
            category: b.category,
            maskedPan: b.card.maskedPan,
            expiry: b.card.expiry,
            active: b.active,
            recurring: b.recurring,
            installment: b.installment,
            installmentsPaid: b.installmentsPaid,
          }));
        return send(res, 200, { bindings });
      }
      case 'GET /requests':
        return send(res, 200, {
          requests: deps.requests.list({
            endpoint: queryParam(q, 'endpoint'),
            orderId: q.get('orderId') ?? undefined,
            merchant: q.get('merchant') ?? undefined,
            limit: limitParam(q, 1000, 200),
          }),
        });
      case 'GET /callbacks':
        return send(res, 200, { deliveries: core.callbacks.list() });
      case 'DELETE /callbacks':
        core.callbacks.clear();
        return send(res, 200, { ok: true });
      case 'POST /callbacks/options': {
        const { retryDelaysMs } = await jsonBody(req, callbackOptionsInput);
        core.callbacks.options.retryDelaysMs = retryDelaysMs;
        return send(res, 200, { retryDelaysMs });
      }
      default:
        throw new ControlError(404, `No control route ${method} ${path}`);
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    // The console's page answers in HTML and has its own entry link; it checks the same guard itself.
    if (isConsolePath(url.pathname)) return consolePages(req, res, url);
    const refused = refusal(req);
    if (refused) {
      req.resume(); // discard any body unread
      return send(res, refused.status, { error: refused.error });
    }
    try {
      await route(req, res, url);
    } catch (err) {
      if (res.headersSent) return;
      if (err instanceof ControlError) send(res, err.status, { error: err.message, ...(err.issues ? { issues: err.issues } : {}) });
      else if (err instanceof BodyError) send(res, err.status, { error: err.message });
      else throw err;
    }
  };
}
