/**
 * Turns zod issues from the field rules into field violations: a dotted path, the rule broken, and
 * whether the value was missing (the gateway's errorCode 4) or wrong (errorCode 5).
 */
import type { z } from 'zod';
import { MISSING } from './fields.js';

export interface FieldViolation {
  /** Dotted path with array indexes, for example `orderBundle.cartItems.items[0].itemAmount`. */
  readonly path: string;
  readonly kind: 'missing' | 'wrong';
  /** The rule the value breaks, in the spec's words ("String [1..36]"), or "missing". */
  readonly rule: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The rule an issue reports: our rules' own text, or a plain name for zod's built-in type checks. */
function describeBuiltIn(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  return issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'an array' : `a value of type ${issue.expected}`;
}

export function toViolation(issue: z.core.$ZodIssue): FieldViolation {
  const path = formatPath(issue.path);
  const missing = issue.message === MISSING || (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined);
  return missing ? { path, kind: 'missing', rule: MISSING } : { path, kind: 'wrong', rule: describeBuiltIn(issue) };
}

export function toViolations(error: z.ZodError): FieldViolation[] {
  return error.issues.map(toViolation);
}
