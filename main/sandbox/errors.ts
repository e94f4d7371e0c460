/**
 * A refusal the sandbox answers in the endpoint's own envelope: errorCode and a message in the
 * request's language. Handlers throw it; the router renders it.
 */
import type { FieldViolation } from '../protocol/violations.js';
import { message, type MessageArg, type MessageId } from './messages.js';
import { ruleWords } from './ruleWords.js';

export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function refuse(code: number, id: MessageId, language: string | undefined, ...args: MessageArg[]): never {
  throw new GatewayError(code, message(id, language, ...args));
}

/** The gateway names the first offending field: 4 when it is missing, 5 when its value is wrong. */
export function violationError(v: FieldViolation, language: string | undefined): GatewayError {
  return v.kind === 'missing'
    ? new GatewayError(4, message('missing', language, v.path))
    : new GatewayError(5, message('wrong', language, v.path, ruleWords(v.rule)));
}
