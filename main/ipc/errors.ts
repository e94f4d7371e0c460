/**
 * Turns anything a handler throws into an IpcError: plain data with a code the renderer can act on, a
 * message in words, and for bad input the field paths. Never a stack, never a secret: messages come from
 * the app's own errors (which carry no secrets), card-number-like digit runs are masked once more on the
 * way out, and an unexpected error is reported only by a reference that points into main's log.
 */
import { randomBytes } from 'node:crypto';
import { ZodError } from 'zod';
import { GatewayClientError, ValidationError } from '../gateway/errors.js';
import { maskCardNumbers } from '../services/cardNumbers.js';
import { failureWords } from '../services/failureWords.js';
import { SettingsError } from '../services/settings.js';
import { StoreError } from '../store/errors.js';
import { VaultUnavailableError } from '../vault/errors.js';
import type { IpcError, IpcErrorCode } from './contract.js';

/** A refusal a handler raises on purpose: the code and message go to the renderer as they are. */
export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}

const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(payload)';

export function invalidInput(err: ZodError): IpcError {
  const fields = err.issues.map((i) => ({ path: fieldPath(i.path), message: maskCardNumbers(i.message) }));
  return {
    code: 'invalidInput',
    message: `Invalid request: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
    fields,
  };
}

export function toIpcError(err: unknown, log: (line: string) => void): IpcError {
  if (err instanceof ZodError) return invalidInput(err);
  if (err instanceof IpcFailure) return { code: err.code, message: maskCardNumbers(err.message) };
  if (err instanceof ValidationError) {
    return {
      code: 'invalidInput',
      message: maskCardNumbers(err.message),
      fields: err.violations.map((v) => ({ path: v.path || '(request)', message: v.kind === 'missing' ? 'missing' : v.rule })),
    };
  }
  if (err instanceof GatewayClientError) {
    // The screen gets words and what to do; the client's technical account goes behind Details and to the log.
    const words = failureWords(err);
    log(`ipc: gateway failure: ${words.detail}`);
    return { code: 'gateway', message: words.message, detail: words.detail };
  }
  const known: [new (...args: never[]) => Error, IpcErrorCode][] = [
    [SettingsError, 'settings'],
    [VaultUnavailableError, 'keychainUnavailable'],
    [StoreError, 'storage'],
  ];
  for (const [type, code] of known) if (err instanceof type) return { code, message: maskCardNumbers(err.message) };
  // Anything else is a bug: the renderer gets a reference, the log gets the details.
  const reference = randomBytes(4).toString('hex');
  log(`ipc: unexpected error ${reference}: ${maskCardNumbers(err instanceof Error ? (err.stack ?? err.message) : String(err))}`);
  return { code: 'internal', message: `Something went wrong inside the app; the app's log has the details under reference ${reference}.` };
}
