/**
 * One gateway endpoint as the sandbox serves it: its catalogue entry (path, body, authentication,
 * envelope, request schema; main/protocol/endpoints.ts) and what the sandbox does with a valid request.
 */
import type { z } from 'zod';
import type { EndpointSpec } from '../../protocol/endpoints.js';
import type { FieldViolation } from '../../protocol/violations.js';
import type { Core } from '../engine/core.js';
import type { Json } from '../envelopes.js';
import type { Merchant } from '../state/model.js';

export interface RequestContext {
  readonly core: Core;
  readonly merchant: Merchant;
  /** The request's language, for every text in the answer. */
  readonly language: string;
}

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  readonly spec: EndpointSpec<S>;
  /** The errorCode for a field violation where the endpoint's family differs from 4/5 (register.do's 14). */
  readonly violationCode?: (v: FieldViolation) => number | undefined;
  readonly handle: (ctx: RequestContext, params: z.output<S>) => Json;
}

/** Keeps each endpoint's handler typed by its own schema while the router holds them all. */
export function endpoint<S extends z.ZodType>(spec: EndpointSpec<S>, impl: Omit<Endpoint<S>, 'spec'>): Endpoint {
  return { spec, ...impl } as unknown as Endpoint;
}
