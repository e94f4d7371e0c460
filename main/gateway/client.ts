/**
 * The typed gateway client. Every request is checked against the spec's rules before anything is
 * sent, encoded as the gateway expects, optionally signed, paced by the client's limiter, and its
 * answer normalised into one shape per endpoint or one of the typed errors of errors.ts.
 *
 * Retries follow what a request can do to money (main/protocol/endpoints.ts): look-ups and listings
 * are retried, and so is register.do, whose repeat is refused as a duplicate orderNumber; when a
 * duplicate follows an attempt that may have arrived, the order is looked up instead. Payments and
 * changes are never retried by the client: a payment with no usable answer is OutcomeUnknownError.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { KeyObject } from 'node:crypto';
import { escape } from 'node:querystring';
import { inspect } from 'node:util';
import type { z } from 'zod';
import { SPEC_BY_NAME, SPECS, WALLETS, type EndpointSpec, type Wallet } from '../protocol/endpoints.js';
import type { FieldViolation } from '../protocol/violations.js';
import type { JsonObject } from './envelope.js';
import { BASE_URL_REFUSAL_MESSAGE, baseUrlRefusal } from './environments.js';
import { GatewayClientError, GatewayError, HttpError, NetworkError, RateLimitedError, ValidationError } from './errors.js';
import { interpret, interpretFailure } from './interpret.js';
import { AdaptiveLimiter, type Release } from './limiter.js';
import { makePlan, type EndpointPlan } from './plan.js';
import { redact } from './redact.js';
import { requestViolations } from './requestCheck.js';
import * as R from './responses.js';
import { DEFAULT_RETRY, retryDelay, type RetryOptions } from './retry.js';
import { RequestSigner } from './signer.js';
import { answerCapOf, CANCELLED, CLOSED, isTransportFailure, Transport, type Exchange } from './transport.js';
import { OrderStatus } from '../domain/orderStatus.js';

export type Credentials = { readonly userName: string; readonly password: string } | { readonly token: string };

export interface RequestEvent {
  readonly endpoint: string;
  readonly attempt: number;
  readonly url: string;
  /** The request's parameters with secrets and card data redacted; only with logBodies. */
  readonly params?: unknown;
}

export interface ResponseEvent {
  readonly endpoint: string;
  readonly attempt: number;
  readonly durationMs: number;
  readonly status?: number;
  /** 'ok', or the kind of error the attempt ended in. */
  readonly outcome: 'ok' | GatewayClientError['kind'];
  readonly errorCode?: string;
  /** The normalised answer, redacted; only with logBodies. */
  readonly body?: unknown;
}

export interface ClientHooks {
  onRequest?(event: RequestEvent): void;
  onResponse?(event: ResponseEvent): void;
}

export interface ClientOptions {
  readonly baseUrl: string;
  readonly credentials: Credentials;
  /** Per-request timeout; a payment that times out is OutcomeUnknownError. Default 30 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryOptions>;
  /** Requests in flight and requests per second (0 = unlimited, the default). */
  readonly limits?: { readonly maxInFlight?: number; readonly rps?: number };
  /** Sign requests with this RSA key: every endpoint, or the named ones. */
  readonly signing?: ({ readonly privateKey: string | KeyObject } | { readonly signer: RequestSigner }) & {
    readonly endpoints?: 'all' | readonly string[];
  };
  readonly hooks?: ClientHooks;
  /** Give hooks the (redacted) parameters and answers. Off by default. */
  readonly logBodies?: boolean;
  /**
   * Sent as `language` where the endpoint takes one and the caller gave none; a function is asked at each
   * request, so that a person's new language reaches the next request without a new client.
   */
  readonly language?: string | (() => string);
}

export interface CallOptions {
  readonly timeoutMs?: number;
  /**
   * Ends the request when it aborts (a sync's or a batch's Cancel): in flight, waiting for the limiter or
   * between attempts, and nothing is tried again after it. Only the requests given it: a charge sent meanwhile
   * without it goes on.
   */
  readonly signal?: AbortSignal;
}

const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Percent-encoding for form bodies: querystring.escape escapes exactly what encodeURIComponent does (and
 * throws the same URIError on a lone surrogate), but scans in JavaScript with a table and returns a plain
 * string untouched, where encodeURIComponent is a call into the runtime; this runs for every parameter.
 */
const encode = escape;

/** application/x-www-form-urlencoded: nested objects as JSON text, arrays as repeated names. */
function formBody(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const name in params) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    const key = encode(name);
    if (Array.isArray(value)) for (const item of value) parts.push(`${key}=${encode(String(item))}`);
    else parts.push(`${key}=${encode(typeof value === 'object' ? JSON.stringify(value) : String(value))}`);
  }
  return parts.join('&');
}

export class GatewayClient {
  /** The answer schema of every endpoint, filled in by the typed methods below (and the wallets'). */
  private readonly responses = new Map<string, z.ZodType>();
  readonly limiter: AdaptiveLimiter;
  private readonly transport: Transport;
  private readonly retry: RetryOptions;
  private readonly signer?: RequestSigner;
  private readonly baseUrl: string;
  private closed = false;

  constructor(private readonly options: ClientOptions) {
    // undici's request would drop user:password@ without a word (no Basic auth is sent), a method's path would
    // land inside a ?query or #fragment, and toJSON would print the secret: credentials come only through
    // options.credentials.
    const refused = baseUrlRefusal(options.baseUrl);
    if (refused) throw new TypeError(BASE_URL_REFUSAL_MESSAGE[refused]);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.limiter = new AdaptiveLimiter({ maxInFlight: options.limits?.maxInFlight ?? 0, rps: options.limits?.rps ?? 0 });
    this.transport = new Transport({ connections: options.limits?.maxInFlight });
    if (options.signing) this.signer = 'signer' in options.signing ? options.signing.signer : new RequestSigner(options.signing.privateKey);
    for (const wallet of WALLETS) {
      this.responses.set(SPECS[wallet].payment.name, R.walletPaymentResponse);
      this.responses.set(SPECS[wallet].paymentDirect.name, R.walletPaymentResponse);
    }
  }

  /**
   * Takes no new request (refused as not sent, without retries), lets those in flight end (each within its
   * timeout), then closes the connections: what a switch of environment does to the old client.
   */
  close(): Promise<void> {
    this.closed = true;
    return this.transport.close();
  }

  /**
   * Ends every request in flight at once and closes the connections: a request
   * that may have reached the gateway fails as having no answer (a payment's outcome is then unknown, to be
   * reconciled), and any request after this fails as not sent, without retries.
   */
  destroy(): Promise<void> {
    this.closed = true;
    return this.transport.destroy();
  }

  /** The client holds credentials: printed or serialised, it shows only where it points. */
  toJSON(): string {
    return `[GatewayClient ${this.baseUrl}]`;
  }

  [inspect.custom](): string {
    return this.toJSON();
  }

  // One typed method per endpoint.

  readonly register = this.method(SPECS.register, R.registerResponse);
  readonly registerPreAuth = this.method(SPECS.registerPreAuth, R.registerResponse);
  readonly paymentOrder = this.method(SPECS.paymentOrder, R.paymentOrderResponse);
  readonly instantPayment = this.method(SPECS.instantPayment, R.instantPaymentResponse);
  readonly getOrderStatusExtended = this.method(SPECS.getOrderStatusExtended, R.orderStatusView);
  readonly deposit = this.method(SPECS.deposit, R.acknowledgement);
  readonly reverse = this.method(SPECS.reverse, R.acknowledgement);
  readonly refund = this.method(SPECS.refund, R.acknowledgement);
  readonly getLastOrdersForMerchants = this.method(SPECS.getLastOrdersForMerchants, R.lastOrdersResponse);
  /** The same request, its answer read only for what the Orders list keeps (responses.ts says why). */
  readonly getLastOrdersListed = this.reading(SPECS.getLastOrdersForMerchants, R.lastOrdersListResponse);
  readonly getBindings = this.method(SPECS.getBindings, R.bindingsResponse);
  readonly getBindingsByCardOrId = this.method(SPECS.getBindingsByCardOrId, R.bindingsResponse);
  readonly unBindCard = this.method(SPECS.unBindCard, R.acknowledgement);
  readonly bindCard = this.method(SPECS.bindCard, R.acknowledgement);
  readonly extendBinding = this.method(SPECS.extendBinding, R.acknowledgement);
  readonly paymentOrderBinding = this.method(SPECS.paymentOrderBinding, R.paymentOrderResponse);
  readonly recurrentPayment = this.method(SPECS.recurrentPayment, R.recurrentPaymentResponse);
  readonly installmentPayment = this.method(SPECS.installmentPayment, R.installmentPaymentResponse);

  walletPayment(wallet: Wallet, params: z.input<(typeof SPECS)[Wallet]['payment']['request']>, options?: CallOptions) {
    return this.send(SPECS[wallet].payment, params, options) as Promise<R.WalletPaymentResponse>;
  }

  walletPaymentDirect(wallet: Wallet, params: z.input<(typeof SPECS)[Wallet]['paymentDirect']['request']>, options?: CallOptions) {
    return this.send(SPECS[wallet].paymentDirect, params, options) as Promise<R.WalletPaymentResponse>;
  }

  /** Any endpoint by its name on the wire (register.do, applepay/payment.do, ...), for the command line. */
  call(name: string, params: Record<string, unknown>, options?: CallOptions): Promise<JsonObject> {
    const spec = SPEC_BY_NAME.get(name);
    if (!spec) {
      throw new ValidationError(name, [{ path: '(endpoint)', kind: 'wrong', rule: `one of ${[...SPEC_BY_NAME.keys()].join(', ')}` }]);
    }
    return this.send(spec, params, options);
  }

  private method<S extends z.ZodType, Res extends z.ZodType>(spec: EndpointSpec<S>, response: Res) {
    this.responses.set(spec.name, response);
    return this.reading(spec, response);
  }

  /** The endpoint with its answer read by `response`, which need not be the endpoint's own schema. */
  private reading<S extends z.ZodType, Res extends z.ZodType>(spec: EndpointSpec<S>, response: Res) {
    return (params: z.input<S>, options?: CallOptions) =>
      this.send(spec, params as Record<string, unknown>, options, response) as Promise<z.output<Res>>;
  }

  // The request path.

  /** Plans by endpoint and by the schema its answer is read with. */
  private readonly plans = new Map<EndpointSpec, Map<z.ZodType, EndpointPlan>>();

  /** The endpoint's plan for reading its answer with `answer` (its own schema by default), made on first use. */
  private planFor(spec: EndpointSpec, given?: z.ZodType): EndpointPlan {
    // Every endpoint of the catalogue has an answer schema; a missing one is a bug, found before sending.
    const answer = given ?? this.responses.get(spec.name);
    if (!answer) throw new Error(`No answer schema for ${spec.name}`);
    let byAnswer = this.plans.get(spec);
    if (byAnswer === undefined) this.plans.set(spec, (byAnswer = new Map()));
    let plan = byAnswer.get(answer);
    if (plan === undefined) {
      const endpoints = this.options.signing?.endpoints;
      plan = makePlan(spec, {
        baseUrl: this.baseUrl,
        answer,
        signed: this.signer !== undefined && (endpoints === undefined || endpoints === 'all' || endpoints.includes(spec.name)),
        retryAttempts: this.retry.attempts,
        auth: this.authFields(spec),
        encode: formBody,
      });
      byAnswer.set(answer, plan);
    }
    return plan;
  }

  /** The credentials a request of this endpoint carries, or why the configured ones cannot be used. */
  private authFields(spec: EndpointSpec): Readonly<Record<string, string>> | FieldViolation {
    const c = this.options.credentials;
    if (spec.auth === 'walletMerchant') return NO_FIELDS;
    if ('token' in c) {
      if (spec.auth === 'userPassword')
        return { path: 'userName', kind: 'wrong', rule: 'userName and password: this request does not accept a token' };
      return { token: c.token };
    }
    return { userName: c.userName, password: c.password };
  }

  /**
   * Checks, encodes and signs a request, then runs its attempts. Not an async method, so that a request
   * costs one async frame (the attempts') rather than two; whatever is refused before sending still
   * comes back as a rejected promise, never as a throw.
   */
  private send(spec: EndpointSpec, given: Record<string, unknown>, options: CallOptions = {}, answer?: z.ZodType): Promise<JsonObject> {
    try {
      const plan = this.planFor(spec, answer);
      const language = typeof this.options.language === 'function' ? this.options.language() : this.options.language;
      const params = language && given.language === undefined && plan.takesLanguage ? { ...given, language } : given;
      const violations = requestViolations(plan, params);
      if (violations.length > 0) throw new ValidationError(spec.name, [...violations]);

      // The credentials' encoding is made once per endpoint; the request's own parameters follow it.
      const body = Buffer.from(spec.body === 'form' ? plan.authPrefix + formBody(params) : JSON.stringify({ ...plan.auth, ...params }));
      const headers: Record<string, string> = { 'content-type': plan.contentType };
      if (plan.signed) {
        const s = this.signer!.sign(body);
        headers['x-hash'] = s.xHash;
        headers['x-signature'] = s.xSignature;
      }
      return this.attempts(plan, params, headers, body, options.timeoutMs ?? this.options.timeoutMs ?? 30_000, options.signal);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** The attempts the endpoint allows, each paced by the limiter; the answer, or the last attempt's typed error. */
  private async attempts(
    plan: EndpointPlan,
    params: Record<string, unknown>,
    headers: Record<string, string>,
    body: Buffer,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<JsonObject> {
    const { spec } = plan;
    const hooks = this.options.hooks;
    // Whether an earlier attempt may have reached the gateway (so a duplicate may be our own order).
    let mayHaveArrived = false;
    /** The last attempt's error: what a Cancel between attempts ends the request with. */
    let last: GatewayClientError | undefined;
    for (let attempt = 1; ; attempt++) {
      // One attempt, inline rather than a method of its own: an async frame less on every request.
      if (hooks?.onRequest) this.reportRequest(hooks.onRequest, plan, attempt, params);
      const slot = this.limiter.acquire();
      // A Cancel ends the wait for a place too; the place, once given, is handed back unused.
      const release = typeof slot === 'function' ? slot : signal ? await untilAborted(slot, signal) : await slot;
      if (release === undefined) throw last ?? interpretFailure(spec, { stage: 'notSent', reason: CANCELLED, cause: signal?.reason });
      const started = hooks?.onResponse ? performance.now() : 0;
      let exchange: Exchange | undefined;
      let outcome: JsonObject | GatewayClientError;
      try {
        exchange = await this.transport.post(plan.url, headers, body, timeoutMs, signal);
        const r = interpret(spec, plan.answer.schema, exchange);
        outcome = r.ok ? r.body : r.error;
      } catch (err) {
        if (!isTransportFailure(err)) throw err;
        outcome = interpretFailure(spec, err);
      } finally {
        release();
      }
      if (outcome instanceof RateLimitedError) this.limiter.throttled(outcome.retryAfterMs);
      else if (exchange) this.limiter.succeeded();
      if (hooks?.onResponse) this.reportResponse(hooks.onResponse, plan, attempt, performance.now() - started, exchange, outcome);
      if (!(outcome instanceof GatewayClientError)) return outcome;

      // What the failure allows: recovering a registration, another attempt, or nothing more.
      const error = outcome;
      // An attempt that a Cancel or destroy() stopped before it was sent says less than the one before it.
      if (last && error instanceof NetworkError && error.stage === 'notSent' && (error.reason === CANCELLED || error.reason === CLOSED))
        throw last;
      last = error;
      if (spec.kind === 'register' && mayHaveArrived && error instanceof GatewayError && error.errorCode === '1') {
        return this.recoverRegistration(params, error);
      }
      // Not again once the caller cancelled or the client was closed or destroyed, nor after an answer over the size
      // cap: the same request would bring the same answer.
      const retryable =
        (error instanceof RateLimitedError && error.retryAfterMs <= this.retry.maxRetryAfterMs) ||
        (error instanceof NetworkError && answerCapOf(error.reason) === undefined) ||
        (error instanceof HttpError && error.status >= 500);
      if (!retryable || attempt >= plan.attempts || signal?.aborted || this.closed) throw error;
      if ((error instanceof NetworkError && error.stage === 'noAnswer') || (error instanceof HttpError && error.status >= 500))
        mayHaveArrived = true;
      const delay = retryDelay(this.retry, attempt, error instanceof RateLimitedError ? error.retryAfterMs : undefined);
      // A Cancel during the wait ends the request with what its last attempt came to.
      if (signal) await sleep(delay, undefined, { signal }).catch(() => Promise.reject(error));
      else await sleep(delay);
    }
  }

  // Hooks observe: what they see is redacted, and a failing hook never fails a request.

  private reportRequest(
    onRequest: NonNullable<ClientHooks['onRequest']>,
    plan: EndpointPlan,
    attempt: number,
    params: Record<string, unknown>,
  ): void {
    const logBodies = this.options.logBodies === true;
    safely(() => onRequest({ endpoint: plan.spec.name, attempt, url: plan.url, ...(logBodies ? { params: redact(params) } : {}) }));
  }

  private reportResponse(
    onResponse: NonNullable<ClientHooks['onResponse']>,
    plan: EndpointPlan,
    attempt: number,
    durationMs: number,
    exchange: Exchange | undefined,
    outcome: JsonObject | GatewayClientError,
  ): void {
    const ok = !(outcome instanceof GatewayClientError);
    const logBodies = this.options.logBodies === true;
    safely(() =>
      onResponse({
        endpoint: plan.spec.name,
        attempt,
        durationMs,
        status: exchange?.status,
        outcome: ok ? 'ok' : (outcome as GatewayClientError).kind,
        ...(outcome instanceof GatewayError ? { errorCode: outcome.errorCode } : {}),
        ...(logBodies && ok ? { body: redact(outcome) } : {}),
      }),
    );
  }

  /**
   * A registration whose earlier attempt may have arrived came back as a duplicate orderNumber: the
   * order is probably ours. Look it up; if its amount matches, it is, and its orderId is the answer.
   */
  private async recoverRegistration(wire: Record<string, unknown>, duplicate: GatewayError): Promise<JsonObject> {
    const view = await this.getOrderStatusExtended({ orderNumber: String(wire.orderNumber) });
    const orderId = R.orderIdOf(view);
    // Ours only if it is still the unpaid order we asked for: same amount and currency, waiting for payment.
    const sameCurrency = wire.currency === undefined || view.currency === String(wire.currency);
    if (!orderId || view.amount !== Number(wire.amount) || !sameCurrency || view.orderStatus !== OrderStatus.REGISTERED) throw duplicate;
    return { orderId, recovered: true };
  }
}

/**
 * The limiter's place, or undefined if the signal aborts first; a place given after that is released at once.
 * The listener goes as soon as either happens.
 */
function untilAborted(slot: Promise<Release>, signal: AbortSignal): Promise<Release | undefined> {
  if (signal.aborted) {
    void slot.then((release) => release());
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    void slot.then((release) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) release();
      else resolve(release);
    });
  });
}

/** Runs a hook; whatever it throws is dropped. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // ignored on purpose
  }
}
