/**
 * Everything the gateway client can fail with. Each class says whether money could have moved,
 * because that decides what a caller may do next: resend, reconcile, or report.
 *
 *   ValidationError       the request broke the spec's rules; nothing was sent
 *   GatewayError          the gateway processed the request and refused it (errorCode, message)
 *   HttpError             an HTTP error (400, 404, 5xx) on a request that cannot move money
 *   RateLimitedError      HTTP 429: refused before processing; carries the wait
 *   NetworkError          no answer to a request that cannot move money (maybe not even sent)
 *   OutcomeUnknownError   a payment request that may have reached the gateway, with no usable answer:
 *                         timed out, connection lost, 5xx, unreadable answer. Reconcile, never resend.
 */
import type { FieldViolation } from '../protocol/violations.js';

export type ErrorKind = 'validation' | 'gateway' | 'http' | 'rateLimited' | 'network' | 'outcomeUnknown';

export abstract class GatewayClientError extends Error {
  abstract readonly kind: ErrorKind;
  /** True only where a payment may have been made: the caller must reconcile before anything else. */
  readonly outcomeUnknown: boolean = false;

  constructor(
    /** The endpoint's name on the wire, for example register.do. */
    readonly endpoint: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** A plain, serialisable description (no stack, no request data). */
  toJSON(): Record<string, unknown> {
    return { kind: this.kind, endpoint: this.endpoint, message: this.message };
  }
}

export class ValidationError extends GatewayClientError {
  readonly kind = 'validation';
  constructor(
    endpoint: string,
    readonly violations: readonly FieldViolation[],
  ) {
    super(
      endpoint,
      `${endpoint}: ${violations.map((v) => `${v.path || '(request)'}: ${v.kind === 'missing' ? 'missing' : v.rule}`).join('; ')}`,
    );
  }
  override toJSON() {
    return { ...super.toJSON(), violations: this.violations };
  }
}

export class GatewayError extends GatewayClientError {
  readonly kind = 'gateway';
  constructor(
    endpoint: string,
    /** The gateway's errorCode as a string, whatever type it arrived as. */
    readonly errorCode: string,
    /** The gateway's own text, in the request's language; never hard-coded. */
    readonly gatewayMessage: string,
  ) {
    super(endpoint, `${endpoint} refused (errorCode ${errorCode}): ${gatewayMessage}`);
  }
  override toJSON() {
    return { ...super.toJSON(), errorCode: this.errorCode, gatewayMessage: this.gatewayMessage };
  }
}

export class HttpError extends GatewayClientError {
  readonly kind = 'http';
  constructor(
    endpoint: string,
    readonly status: number,
  ) {
    super(endpoint, `${endpoint} answered HTTP ${status}`);
  }
  override toJSON() {
    return { ...super.toJSON(), status: this.status };
  }
}

export class RateLimitedError extends GatewayClientError {
  readonly kind = 'rateLimited';
  constructor(
    endpoint: string,
    /** How long the gateway asked to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs: number,
  ) {
    super(endpoint, `${endpoint} was refused by the gateway's rate limit; retry after ${retryAfterMs} ms`);
  }
  override toJSON() {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

export class NetworkError extends GatewayClientError {
  readonly kind = 'network';
  constructor(
    endpoint: string,
    /** notSent: the connection was never made; noAnswer: the request may have arrived (it moves no money). */
    readonly stage: 'notSent' | 'noAnswer',
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(endpoint, `${endpoint}: ${stage === 'notSent' ? 'not sent' : 'no answer'} (${reason})`, options);
  }
  override toJSON() {
    return { ...super.toJSON(), stage: this.stage, reason: this.reason };
  }
}

export class OutcomeUnknownError extends GatewayClientError {
  readonly kind = 'outcomeUnknown';
  override readonly outcomeUnknown = true;
  constructor(
    endpoint: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(endpoint, `${endpoint}: outcome unknown (${reason}); look the order up before doing anything else`, options);
  }
  override toJSON() {
    return { ...super.toJSON(), reason: this.reason, outcomeUnknown: true };
  }
}
