/**
 * The request pipeline of a gateway endpoint: read and decode the body, authenticate, admit under the
 * merchant's limits, apply an injected fault, check the signature, validate the fields, handle, answer.
 * Whatever goes wrong, the answer is the endpoint's own envelope and the server keeps running.
 * Every request, however it ends, is recorded once in the developer console's request log, here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toViolation } from '../../protocol/violations.js';
import { authenticate } from '../auth.js';
import type { RequestLog } from '../console/requestLog.js';
import type { Core } from '../engine/core.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import { errorBody, type Json } from '../envelopes.js';
import { GatewayError, violationError } from '../errors.js';
import { message, words } from '../messages.js';
import { BodyError, decodeUtf8, mediaType, parseForm, parseJsonObject, readBody, type RawParams } from './body.js';
import type { FaultPlan, Faults } from './faults.js';
import type { RateLimiter } from './limits.js';
import { signatureProblem } from './signature.js';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

export interface GatewayDeps {
  readonly core: Core;
  readonly faults: Faults;
  readonly limiter: RateLimiter;
  readonly log: (line: string) => void;
  readonly requests: RequestLog;
}

/** What the request log keeps of a request, filled in as the pipeline goes. */
interface Trace {
  params: Record<string, unknown>;
  merchant: string | null;
  fault: { readonly id: number; readonly mode: string } | null;
  /** null until an answer starts, and for a connection reset. */
  httpStatus: number | null;
  answer: Json | null;
  /** The answer's JSON length, for the log's budget of answers it keeps. */
  answerBytes: number;
}

function send(res: ServerResponse, trace: Trace, status: number, body: Json, headers: Record<string, string> = {}): void {
  trace.httpStatus = status;
  trace.answer = body;
  const text = JSON.stringify(body);
  trace.answerBytes = text.length;
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Form parameters as one value each; `features` (and any other repeatable name) as a list. */
function formParams(raw: RawParams, repeatable: readonly string[], language: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, values] of raw) {
    if (repeatable.includes(name)) out[name] = values;
    else if (values.length > 1) {
      throw new GatewayError(5, message('wrong', language, { name, rule: words('request.singleValue') }));
    } else out[name] = values[0];
  }
  return out;
}

/** The request's language as far as it can be read before validation, for the texts of any refusal. */
function languageOf(params: Record<string, unknown>): string {
  const l = params.language;
  return typeof l === 'string' && /^[a-zA-Z]{2}$/.test(l) ? l.toLowerCase() : 'en';
}

/** Answers per fault mode that replace the normal handling: the request never reaches the gateway. */
function failBeforeHandling(res: ServerResponse, trace: Trace, fault: FaultPlan): boolean {
  switch (fault.mode) {
    case 'reset':
      res.socket?.resetAndDestroy();
      return true;
    case 'status':
      trace.httpStatus = fault.status;
      res.writeHead(fault.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Sandbox injected fault: HTTP ${fault.status}`);
      return true;
    case 'throttle':
      trace.httpStatus = 429;
      res.writeHead(429, { 'retry-after': String(fault.retryAfterSec), 'content-type': 'text/plain; charset=utf-8' });
      res.end('Sandbox injected fault: too many requests');
      return true;
    default:
      return false;
  }
}

/** Answers per fault mode after the request was processed: the money moved, the answer did not arrive whole. */
function sendAfterHandling(res: ServerResponse, trace: Trace, fault: FaultPlan | undefined, body: Json): void {
  if (fault?.mode === 'lost') {
    // Produced but never delivered: the log shows what the merchant missed, with no HTTP status.
    trace.answer = body;
    trace.answerBytes = JSON.stringify(body).length;
    res.socket?.resetAndDestroy();
    return;
  }
  if (fault?.mode === 'truncate') {
    trace.httpStatus = 200;
    trace.answer = body;
    const text = Buffer.from(JSON.stringify(body));
    trace.answerBytes = text.length;
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': text.length });
    res.write(text.subarray(0, Math.floor(text.length / 2)), () => res.socket?.resetAndDestroy());
    return;
  }
  send(res, trace, 200, body);
}

export async function handleGateway(deps: GatewayDeps, endpoint: Endpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const at = Date.now();
  const sandboxAt = deps.core.clock.now();
  const started = performance.now();
  const trace: Trace = { params: {}, merchant: null, fault: null, httpStatus: null, answer: null, answerBytes: 0 };
  try {
    await answerRequest(deps, endpoint, req, res, trace);
  } finally {
    deps.requests.record({
      at,
      sandboxAt,
      endpoint: endpoint.spec.path,
      merchant: trace.merchant,
      params: trace.params,
      httpStatus: trace.httpStatus,
      answer: trace.answer,
      answerBytes: trace.answerBytes,
      fault: trace.fault,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  }
}

async function answerRequest(
  deps: GatewayDeps,
  endpoint: Endpoint,
  req: IncomingMessage,
  res: ServerResponse,
  trace: Trace,
): Promise<void> {
  const { core } = deps;
  let language = 'en';
  try {
    const raw = await readBody(req);
    const type = mediaType(req.headers['content-type']);
    const wanted = endpoint.spec.body === 'form' ? FORM : JSON_TYPE;
    if (type !== wanted) throw new BodyError(400, `Content-Type must be ${wanted} for ${endpoint.spec.path}`);
    const text = decodeUtf8(raw);
    let params: Record<string, unknown>;
    if (endpoint.spec.body === 'form') {
      const form = parseForm(text);
      language = languageOf({ language: form.get('language')?.[0] });
      params = formParams(form, endpoint.spec.repeatable ?? [], language);
    } else {
      params = parseJsonObject(text);
      language = languageOf(params);
    }
    trace.params = params;

    const merchant = authenticate(core.state, params, endpoint.spec.auth, language);
    trace.merchant = merchant.login;
    const admission = deps.limiter.admit(merchant.login, merchant.limits);
    if (!admission.ok) {
      const words = message(admission.reason.limit === 'rate' ? 'overloadedRate' : 'overloadedConcurrency', language, {
        limit: admission.reason.of,
      });
      send(res, trace, 429, errorBody(endpoint.spec.envelope, 7, words), {
        'retry-after': String(admission.retryAfterSec),
      });
      return;
    }
    res.on('close', admission.release);

    const fault = deps.faults.take(endpoint.spec.path);
    if (fault) trace.fault = { id: fault.id, mode: fault.mode };
    if (fault && fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (fault && failBeforeHandling(res, trace, fault)) return;

    if (merchant.signatureRequired) {
      const problem = signatureProblem(merchant, raw, req.headers, core.clock.now());
      if (problem) throw new GatewayError(5, message('signature', language, { reason: problem }));
    }

    const parsed = endpoint.spec.request.safeParse(params);
    if (!parsed.success) {
      const v = toViolation(parsed.error.issues[0]!);
      const error = violationError(v, language);
      const code = endpoint.violationCode?.(v);
      throw code === undefined
        ? error
        : new GatewayError(code, code === 14 ? message('invalidFeatures', language, { features: String(params.features) }) : error.message);
    }
    const body = endpoint.handle({ core, merchant, language }, parsed.data);
    sendAfterHandling(res, trace, fault, body);
  } catch (err) {
    if (res.headersSent || res.destroyed) return;
    if (err instanceof GatewayError) send(res, trace, 200, errorBody(endpoint.spec.envelope, err.code, err.message));
    else if (err instanceof BodyError) send(res, trace, err.status, errorBody(endpoint.spec.envelope, 5, err.message));
    else {
      deps.log(`sandbox: ${endpoint.spec.path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      send(res, trace, 500, errorBody(endpoint.spec.envelope, 7, message('systemError', language)));
    }
  }
}
