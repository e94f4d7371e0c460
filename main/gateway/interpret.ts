/**
 * From an HTTP exchange (or its failure) to the endpoint's normalised answer or a typed error. Pure, so
 * that property tests can throw any answer at it.
 */
import type { z } from 'zod';
import type { EndpointSpec } from '../protocol/endpoints.js';
import { foldKeys, verdict, type JsonObject } from './envelope.js';
import { GatewayError, HttpError, NetworkError, OutcomeUnknownError, RateLimitedError, type GatewayClientError } from './errors.js';
import { parseRetryAfter } from './retry.js';
import type { Exchange, TransportFailure } from './transport.js';

export type Interpretation = { readonly ok: true; readonly body: JsonObject } | { readonly ok: false; readonly error: GatewayClientError };

/** Listing endpoints answer errorCode 2 for "nothing found", which is an empty list (this one), not a failure. */
const EMPTY_LISTS: ReadonlyMap<string, () => JsonObject> = new Map<string, () => JsonObject>([
  ['getBindings.do', () => ({ bindings: [] })],
  ['getBindingsByCardOrId.do', () => ({ bindings: [] })],
  ['getLastOrdersForMerchants.do', () => ({ totalCount: 0, orderStatuses: [] })],
]);

const fail = (error: GatewayClientError): Interpretation => ({ ok: false, error });

/** A payment with no usable answer may have been made; anything else simply has no answer. */
function noUsableAnswerError(spec: EndpointSpec, reason: string, cause?: unknown): GatewayClientError {
  return spec.kind === 'payment'
    ? new OutcomeUnknownError(spec.name, reason, { cause })
    : new NetworkError(spec.name, 'noAnswer', reason, { cause });
}

const noUsableAnswer = (spec: EndpointSpec, reason: string, cause?: unknown) => fail(noUsableAnswerError(spec, reason, cause));

export function interpretFailure(spec: EndpointSpec, failure: TransportFailure): GatewayClientError {
  if (failure.stage === 'notSent') return new NetworkError(spec.name, 'notSent', failure.reason, { cause: failure.cause });
  return noUsableAnswerError(spec, failure.reason, failure.cause);
}

/** Reads an answer; whatever goes wrong while reading it (say, JSON nested too deep to walk) is no usable answer. */
export function interpret(spec: EndpointSpec, response: z.ZodType, exchange: Exchange, now = Date.now()): Interpretation {
  try {
    return read(spec, response, exchange, now);
  } catch (err) {
    return noUsableAnswer(spec, 'unreadable answer', err);
  }
}

function read(spec: EndpointSpec, response: z.ZodType, exchange: Exchange, now: number): Interpretation {
  if (exchange.status === 429) {
    const header = exchange.headers['retry-after'];
    return fail(new RateLimitedError(spec.name, parseRetryAfter(Array.isArray(header) ? header[0] : header, now) ?? 1000));
  }
  // 404: the address does not exist, so nothing was processed.
  if (exchange.status === 404) return fail(new HttpError(spec.name, 404));
  if (exchange.status !== 200) {
    // 400 is the gateway's "internal error" and 5xx a fault on its side: for a payment, not a refusal.
    return spec.kind === 'payment' ? noUsableAnswer(spec, `HTTP ${exchange.status}`) : fail(new HttpError(spec.name, exchange.status));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(exchange.body);
  } catch (err) {
    return noUsableAnswer(spec, 'unreadable answer: not JSON', err);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return noUsableAnswer(spec, 'unreadable answer: not a JSON object');
  const body = foldKeys(parsed) as JsonObject;
  const v = verdict(body);
  const empty = EMPTY_LISTS.get(spec.name);
  if (!v.ok && !(v.errorCode === '2' && empty)) {
    return fail(new GatewayError(spec.name, v.errorCode, v.message));
  }
  // Only registration answers are seen without a verdict; from anything else, silence is no answer.
  if (v.ok && !v.stated && spec.kind !== 'register') return noUsableAnswer(spec, 'answer without errorCode or success');
  // "Nothing found" from a listing is its empty list, nothing more.
  if (!v.ok) return { ok: true, body: empty!() };
  const shaped = response.safeParse(body);
  if (!shaped.success) return noUsableAnswer(spec, `unexpected answer: ${shaped.error.issues[0]?.path.join('.') || 'shape'}`);
  // The envelope's own fields (errorCode "0", errorMessage) stay in the answer: reading past them costs
  // nothing, while removing them would cost every answer a copy.
  return { ok: true, body: shaped.data as JsonObject };
}
