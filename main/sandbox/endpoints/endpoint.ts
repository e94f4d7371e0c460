/**
 * One gateway endpoint: where it lives, what body it takes, how it authenticates, the envelope it
 * answers in, its request schema, and what it does.
 */
import type { z } from 'zod';
import type { FieldViolation } from '../../protocol/violations.js';
import type { AuthMode } from '../auth.js';
import type { Core } from '../engine/core.js';
import type { Envelope, Json } from '../envelopes.js';
import type { Merchant } from '../state/model.js';

export interface RequestContext {
  readonly core: Core;
  readonly merchant: Merchant;
  /** The request's language, for every text in the answer. */
  readonly language: string;
}

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly body: 'form' | 'json';
  readonly auth: AuthMode;
  readonly envelope: Envelope;
  readonly schema: S;
  /** Parameters that may be repeated in a form body (features). */
  readonly repeatable?: readonly string[];
  /** The errorCode for a field violation where the endpoint's family differs from 4/5 (register.do's 14). */
  readonly violationCode?: (v: FieldViolation) => number | undefined;
  readonly handle: (ctx: RequestContext, params: z.output<S>) => Json;
}

/** Keeps each endpoint's handler typed by its own schema while the router holds them all. */
export function endpoint<S extends z.ZodType>(e: Endpoint<S>): Endpoint {
  return e as unknown as Endpoint;
}
