/**
 * What a failed gateway request means to the person at the screen, in one place: what happened, what it did
 * to money, and what to do. The gateway client's own messages ("getOrderStatusExtended.do answered HTTP
 * 503", "not sent (ECONNREFUSED)") are written for developers; they stay as the detail, behind a "Details"
 * disclosure on screen and in main's log.
 *
 * What is said about money follows what the client knows, never more: "Nothing was changed" only where the
 * request provably was not processed (never sent, turned away by the rate limit, refused by the gateway) or
 * could not change anything (a look-up). A payment without an answer may have gone through: it is
 * reconciled, and the words say so.
 */
import {
  GatewayClientError,
  GatewayError,
  HttpError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  ValidationError,
} from '../gateway/errors.js';
import { SPEC_BY_NAME, type EndpointKind } from '../protocol/endpoints.js';
import { maskCardNumbers } from './cardNumbers.js';

/** The kinds of failure the screen tells apart, each with its own words. */
export type FailureKind =
  | 'serverFault'
  | 'noSuchAddress'
  | 'rateLimited'
  | 'noAnswer'
  | 'notSent'
  | 'tls'
  | 'credentials'
  | 'signature'
  | 'refused'
  | 'invalidRequest';

export interface FailureWords {
  readonly kind: FailureKind;
  /** What happened, in words, without what it did to money (a screen that says that itself uses this). */
  readonly what: string;
  /** The whole sentence for the screen: what happened, what it did to money, what to do. */
  readonly message: string;
  /** The client's technical account (endpoint, status, error code), card numbers masked: for Details and the log. */
  readonly detail: string;
}

/** What a request that got no usable answer may have done, by what the endpoint can do. */
type Effect = 'nothing' | 'unknownPayment' | 'unknownChange' | 'noMoney';

/**
 * TLS failures of the handshake, before any request byte is written. Node reports these by OpenSSL's names
 * (CERT_HAS_EXPIRED) or its own (ERR_TLS_CERT_ALTNAME_INVALID, ERR_SSL_...).
 */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

const NOT_SENT_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'The gateway could not be reached (connection refused).',
  ENOTFOUND: "The gateway's address could not be found (DNS).",
  EAI_AGAIN: "The gateway's address could not be looked up (DNS did not answer).",
  EHOSTUNREACH: 'There is no network route to the gateway.',
  ENETUNREACH: 'There is no network route to the gateway.',
  UND_ERR_CONNECT_TIMEOUT: 'The connection to the gateway timed out before it was made.',
  ERR_INVALID_URL: "The gateway's address is not a valid URL.",
};

const NO_ANSWER_WORDS: Readonly<Record<string, string>> = {
  'timed out': 'The gateway did not answer in time.',
  ECONNRESET: 'The connection to the gateway broke before its answer arrived.',
  UND_ERR_SOCKET: 'The connection to the gateway broke before its answer arrived.',
  EPIPE: 'The connection to the gateway broke before its answer arrived.',
};

const TRY_LATER = 'Try again in a minute; if it persists, check the environment in Settings.';
const CHECK_ADDRESS = "Check the environment's base URL in Settings and the network, then try again.";

function endpointKind(endpoint: string): EndpointKind | undefined {
  return SPEC_BY_NAME.get(endpoint)?.kind;
}

/** Without a usable answer, what the request may have done. */
function effectWithoutAnswer(err: GatewayClientError): Effect {
  if (err instanceof OutcomeUnknownError) return 'unknownPayment';
  const kind = endpointKind(err.endpoint);
  if (kind === 'lookup') return 'nothing';
  if (kind === 'payment') return 'unknownPayment';
  if (kind === 'register') return 'noMoney';
  return 'unknownChange';
}

/** What a request that may move money is called on screen. */
const MONEY_REQUEST: Readonly<Record<string, string>> = {
  'deposit.do': 'the charge of the held amount',
  'reverse.do': 'the reversal',
  'refund.do': 'the refund',
};

function effectWords(effect: Effect, endpoint: string): string {
  switch (effect) {
    case 'nothing':
      return 'Nothing was changed.';
    case 'noMoney':
      return 'No money was moved.';
    case 'unknownPayment':
      return `Whether ${MONEY_REQUEST[endpoint] ?? 'the payment'} went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.`;
    case 'unknownChange':
      return 'Whether the change was made is not known: look again before repeating it.';
  }
}

function sentence(err: GatewayClientError, kind: FailureKind, what: string, effect: Effect, todo: string): FailureWords {
  // A payment whose outcome is unknown has only one thing to do: wait for the reconciliation.
  const parts = [what, effectWords(effect, err.endpoint), effect === 'unknownPayment' ? '' : todo].filter((p) => p !== '');
  return { kind, what, message: parts.join(' '), detail: maskCardNumbers(err.message) };
}

/** The detail of a transport failure: the code (ECONNREFUSED) or the reason in the client's message. */
function reasonOf(err: GatewayClientError): string {
  if (err instanceof NetworkError || err instanceof OutcomeUnknownError) return err.reason;
  return '';
}

/** HTTP status from an OutcomeUnknownError whose reason is "HTTP 503" (a payment answered with a fault). */
function statusIn(reason: string): number | undefined {
  const m = /^HTTP (\d{3})$/.exec(reason);
  return m ? Number(m[1]) : undefined;
}

/**
 * Access refused for who is asking rather than what: the gateway answers such refusals with its own text
 * (errorCode 5 "Access denied" in the sandbox), which the words quote; this only chooses what to advise.
 */
const ACCESS_DENIED = /access denied|доступ запрещ|unauthori[sz]ed|authentication|credentials|password|token/i;
const SIGNATURE = /signature|подпись/i;

export function failureWords(err: GatewayClientError): FailureWords {
  if (err instanceof ValidationError) {
    return sentence(
      err,
      'invalidRequest',
      "The request was not sent: some of its values break the gateway's rules.",
      'nothing',
      'Correct them and try again.',
    );
  }
  if (err instanceof GatewayError) {
    const said = maskCardNumbers(err.gatewayMessage.trim()) || 'no reason given';
    const quoted = `${said.replace(/[.\s]+$/, '')} (error code ${err.errorCode}).`;
    if (SIGNATURE.test(said))
      return sentence(
        err,
        'signature',
        `The gateway rejected the request's signature: ${quoted}`,
        'nothing',
        "Check the signing keys: the active key's certificate must be uploaded to the gateway.",
      );
    if (ACCESS_DENIED.test(said))
      return sentence(
        err,
        'credentials',
        `The gateway refused this app's credentials: ${quoted}`,
        'nothing',
        'Check the API user and password (or token) of this environment in Settings.',
      );
    return sentence(err, 'refused', `The gateway refused the request: ${quoted}`, 'nothing', '');
  }
  if (err instanceof RateLimitedError) {
    const seconds = Math.max(1, Math.ceil(err.retryAfterMs / 1000));
    return sentence(
      err,
      'rateLimited',
      'The gateway is busy and turned the request away (HTTP 429).',
      'nothing',
      `Try again in ${seconds === 1 ? 'a second' : `${seconds} seconds`}.`,
    );
  }
  if (err instanceof HttpError) {
    if (err.status === 404) return sentence(err, 'noSuchAddress', 'The gateway has no such address (HTTP 404).', 'nothing', CHECK_ADDRESS);
    if (err.status === 401 || err.status === 403)
      return sentence(
        err,
        'credentials',
        `The gateway refused this app's credentials (HTTP ${err.status}).`,
        'nothing',
        'Check the API user and password (or token) of this environment in Settings.',
      );
    return sentence(err, 'serverFault', `The gateway is not answering (HTTP ${err.status}).`, effectWithoutAnswer(err), TRY_LATER);
  }
  const reason = reasonOf(err);
  if (TLS_CODE.test(reason)) {
    const notSent = err instanceof NetworkError && err.stage === 'notSent';
    return sentence(
      err,
      'tls',
      `The gateway's certificate was not accepted (${reason}).`,
      notSent ? 'nothing' : effectWithoutAnswer(err),
      "Check the environment's base URL in Settings; if it is right, the gateway's certificate must be fixed.",
    );
  }
  if (err instanceof NetworkError && err.stage === 'notSent') {
    const what = NOT_SENT_WORDS[reason] ?? `The request could not be sent to the gateway (${reason}).`;
    return sentence(err, 'notSent', what, 'nothing', CHECK_ADDRESS);
  }
  const status = statusIn(reason);
  if (status !== undefined)
    return sentence(err, 'serverFault', `The gateway is not answering (HTTP ${status}).`, effectWithoutAnswer(err), TRY_LATER);
  const what =
    NO_ANSWER_WORDS[reason] ??
    (reason.startsWith('unreadable answer') || reason.startsWith('unexpected answer') || reason.startsWith('answer without')
      ? "The gateway's answer could not be read."
      : 'The gateway gave no answer.');
  return sentence(err, 'noAnswer', what, effectWithoutAnswer(err), TRY_LATER);
}

/** The words for any error a service meets: a gateway failure in words, anything else by its own message. */
export function failureText(err: unknown): { readonly what: string; readonly message: string; readonly detail?: string } {
  if (err instanceof GatewayClientError) return failureWords(err);
  const message = maskCardNumbers(err instanceof Error ? err.message : String(err));
  return { what: message, message };
}
