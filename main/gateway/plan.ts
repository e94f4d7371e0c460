/**
 * What a client works out once per endpoint rather than on every request: the request and answer
 * schemas (compiled once in steady use), the names of the endpoint's parameters, the address, whether
 * requests are signed, how many attempts the endpoint allows, and the credentials it carries with their
 * form encoding.
 *
 * Why: each of these used to be derived again for every request (a schema's shape looked up, the URL
 * concatenated, the signing list searched), which added up on the request path; none of them can change
 * during a client's life.
 */
import type { z } from 'zod';
import type { EndpointSpec } from '../protocol/endpoints.js';
import type { FieldViolation } from '../protocol/violations.js';
import { CompiledWhenHot } from './compiled.js';

export interface EndpointPlan {
  readonly spec: EndpointSpec;
  /** The endpoint's request schema, compiled once hot; spec.request stays the reference that lists violations. */
  readonly request: CompiledWhenHot<z.ZodType>;
  /** The answer schema, compiled once hot. */
  readonly answer: CompiledWhenHot<z.ZodType>;
  /** The parameters the endpoint's table names; undefined where the schema has no plain shape. */
  readonly parameters: ReadonlySet<string> | undefined;
  readonly takesLanguage: boolean;
  readonly url: string;
  readonly contentType: string;
  readonly signed: boolean;
  /** Attempts in all: the client's retry attempts where a repeat cannot move money, else 1. */
  readonly attempts: number;
  /** The credentials this endpoint's requests carry (none when they cannot be used). */
  readonly auth: Readonly<Record<string, string>>;
  /** Why the configured credentials cannot be used with this endpoint; every request is then refused. */
  readonly authViolation: FieldViolation | undefined;
  /** The credentials' form encoding, ending in '&' when there are any. */
  readonly authPrefix: string;
}

export interface PlanContext {
  readonly baseUrl: string;
  readonly answer: z.ZodType;
  readonly signed: boolean;
  readonly retryAttempts: number;
  readonly auth: Readonly<Record<string, string>> | FieldViolation;
  /** The form encoding of a set of fields (the client's, so that credentials and parameters encode alike). */
  readonly encode: (fields: Readonly<Record<string, string>>) => string;
  /** Uses before the schemas are compiled (compiled.ts); 0 compiles them at once. */
  readonly compileAfter?: number;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

export function makePlan(spec: EndpointSpec, context: PlanContext): EndpointPlan {
  const shape = (spec.request as unknown as { shape?: Record<string, unknown> }).shape;
  const refused = 'path' in context.auth;
  const auth = refused ? NO_FIELDS : (context.auth as Readonly<Record<string, string>>);
  const encodedAuth = context.encode(auth);
  return {
    spec,
    request: new CompiledWhenHot(spec.request, context.compileAfter),
    answer: new CompiledWhenHot(context.answer, context.compileAfter),
    parameters: shape ? new Set(Object.keys(shape)) : undefined,
    takesLanguage: shape !== undefined && 'language' in shape,
    url: context.baseUrl + spec.path,
    contentType: spec.body === 'form' ? FORM : JSON_TYPE,
    signed: context.signed,
    attempts: spec.kind === 'lookup' || spec.kind === 'register' ? context.retryAttempts : 1,
    auth,
    authViolation: refused ? (context.auth as FieldViolation) : undefined,
    authPrefix: encodedAuth === '' ? '' : `${encodedAuth}&`,
  };
}
