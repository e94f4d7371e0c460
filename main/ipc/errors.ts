/**
 * Turns anything a handler throws into an IpcError: plain data with a code the renderer can act on, what
 * to say as phrases (the renderer words them in the language shown; `message` is their English for logs),
 * and for bad input the field paths. Never a stack, never a secret: messages come from
 * the app's own errors (which carry no secrets), card-number-like digit runs are masked once more on the
 * way out, and an unexpected error is reported only by a reference that points into main's log.
 */
import { randomBytes } from 'node:crypto';
import { ZodError } from 'zod';
import { GatewayClientError, ValidationError } from '../gateway/errors.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import { english } from '../phrases/english.js';
import { fieldList, issuePath, issuePhrase } from '../phrases/inputIssue.js';
import { maskedSaid } from '../phrases/masked.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { ChargeRequestError } from '../services/confirmedCharge.js';
import { failureWords } from '../services/failureWords.js';
import { SettingsError } from '../services/settings.js';
import { StoreError } from '../store/errors.js';
import { VaultUnavailableError } from '../vault/errors.js';
import type { IpcError, IpcErrorCode } from './contract.js';

/** A refusal a handler raises on purpose: the code and the phrases go to the renderer as they are. */
export class IpcFailure extends SaidError {
  constructor(
    readonly code: IpcErrorCode,
    said: Phrase | Said,
  ) {
    super(said);
    this.name = 'IpcFailure';
  }
}

export function invalidInput(err: ZodError): IpcError {
  const fields = err.issues.map((i) => {
    // The schema's own phrase code, or zod's kind of issue as a phrase (phrases/inputIssue.ts).
    const said = issuePhrase(i);
    return { path: issuePath(i), said, message: english(said) };
  });
  const said = [phrase('ipc.invalidInput', { fields: fieldList(fields) })];
  return { code: 'invalidInput', said, message: english(said), fields };
}

/**
 * An IpcError from phrases, masked on the way out (what they quote may be input or the gateway's words);
 * the English is made here, once, for the log.
 */
export const failure = (code: IpcErrorCode, said: Said, detail?: string): IpcError => {
  const masked = maskedSaid(said);
  return { code, said: masked, message: maskCardNumbers(english(masked)), ...(detail === undefined ? {} : { detail }) };
};

export function toIpcError(err: unknown, log: (line: string) => void): IpcError {
  if (err instanceof ZodError) return invalidInput(err);
  if (err instanceof IpcFailure) return failure(err.code, err.said);
  if (err instanceof ValidationError) {
    const words = failureWords(err);
    return {
      ...failure('invalidInput', words.said, words.detail),
      fields: err.violations.map((v) => {
        const said = v.kind === 'missing' ? phrase('input.missing') : phrase('input.breaksRule', { rule: v.rule });
        return { path: v.path || '(request)', said, message: english(said) };
      }),
    };
  }
  if (err instanceof GatewayClientError) {
    // The screen gets words and what to do; the client's technical account goes behind Details and to the log.
    const words = failureWords(err);
    log(`ipc: gateway failure: ${words.detail}`);
    return failure('gateway', words.said, words.detail);
  }
  if (err instanceof ChargeRequestError) return failure(err.reason === 'notFound' ? 'notFound' : 'invalidInput', err.said);
  const known: [new (...args: never[]) => SaidError, IpcErrorCode][] = [
    [SettingsError, 'settings'],
    [VaultUnavailableError, 'keychainUnavailable'],
    [StoreError, 'storage'],
  ];
  for (const [type, code] of known) if (err instanceof type) return failure(code, err.said);
  // Anything else is a bug: the renderer gets a reference, the log gets the details.
  const reference = randomBytes(4).toString('hex');
  log(`ipc: unexpected error ${reference}: ${maskCardNumbers(err instanceof Error ? (err.stack ?? err.message) : String(err))}`);
  return failure('internal', [phrase('ipc.internal', { reference })]);
}
