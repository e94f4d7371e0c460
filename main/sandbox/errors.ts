/**
 * A refusal the sandbox answers in the endpoint's own envelope: errorCode and a message in the
 * request's language. Handlers throw it; the router renders it.
 */
import type { FieldViolation } from '../protocol/violations.js';
import { message, type MessageId, type MessageValues } from './messages.js';
import { ruleWords } from './ruleWords.js';

export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function refuse<M extends MessageId>(code: number, id: M, language: string | undefined, ...values: MessageValues<M>): never {
  throw new GatewayError(code, message(id, language, ...values));
}

/** The gateway names the first offending field: 4 when it is missing, 5 when its value is wrong. */
export function violationError(v: FieldViolation, language: string | undefined): GatewayError {
  return v.kind === 'missing'
    ? new GatewayError(4, message('missing', language, { name: v.path }))
    : new GatewayError(5, message('wrong', language, { name: v.path, rule: ruleWords(v.rule) }));
}
