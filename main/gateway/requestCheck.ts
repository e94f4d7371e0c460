/**
 * Checking a request against its endpoint's rules before anything is sent: the spec's field rules, the
 * configured credentials, and no parameter the endpoint's table does not name.
 *
 * Most requests are valid, and for them one check answers: zod's `validate`, a yes or no without building
 * the parsed value (which the client never sends), on the compiled schema once the endpoint is in steady
 * use. Only a request it refuses is parsed again by the endpoint's own schema, to list every violation
 * with its path and rule.
 */
import { toViolations, type FieldViolation } from '../protocol/violations.js';
import type { EndpointPlan } from './plan.js';

/**
 * Parameters the endpoint's table does not name. They are refused rather than sent unchecked; the
 * credentials in particular come from the client's configuration, never from a request's parameters.
 */
function unknownKeys(plan: EndpointPlan, params: Record<string, unknown>): FieldViolation[] {
  const names = plan.parameters;
  const out: FieldViolation[] = [];
  if (!names) return out;
  for (const key in params) {
    if (!names.has(key) && params[key] !== undefined) out.push({ path: key, kind: 'wrong', rule: `not a parameter of ${plan.spec.name}` });
  }
  return out;
}

/** Whether every parameter is one the endpoint names; allocation-free, for the common valid request. */
function onlyKnownKeys(plan: EndpointPlan, params: Record<string, unknown>): boolean {
  const names = plan.parameters;
  if (!names) return true;
  for (const key in params) if (!names.has(key) && params[key] !== undefined) return false;
  return true;
}

/** Every violation of the request, in the order: field rules, credentials, unknown parameters; empty when valid. */
export function requestViolations(plan: EndpointPlan, params: Record<string, unknown>): readonly FieldViolation[] {
  const auth = plan.authViolation;
  if (plan.request.schema.validate(params) && auth === undefined && onlyKnownKeys(plan, params)) return NO_VIOLATIONS;
  // Refused somewhere: the endpoint's schema lists the field violations (none if only the other checks failed).
  const checked = plan.spec.request.safeParse(params);
  const violations = checked.success ? [] : toViolations(checked.error);
  if (auth) violations.push(auth);
  violations.push(...unknownKeys(plan, params));
  return violations;
}

const NO_VIOLATIONS: readonly FieldViolation[] = Object.freeze([]);
