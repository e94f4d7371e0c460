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
import { answerCapOf, CANCELLED, CLOSED, TIMED_OUT } from '../gateway/transport.js';
import { SPEC_BY_NAME, type EndpointKind } from '../protocol/endpoints.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { maskCardNumbers } from '../domain/cardNumbers.js';

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
  /** What happened, without what it did to money (a screen that says that itself uses this). */
  readonly what: Phrase;
  /** All of it for the screen: what happened, what it did to money, what to do. */
  readonly said: Said;
  /** `said` in English, for main's log and for tests; never shown (the renderer renders `said`). */
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

const NOT_SENT: Readonly<Record<string, Phrase>> = {
  ECONNREFUSED: phrase('gateway.notSent.refused'),
  ENOTFOUND: phrase('gateway.notSent.noAddress'),
  EAI_AGAIN: phrase('gateway.notSent.dnsSilent'),
  EHOSTUNREACH: phrase('gateway.notSent.noRoute'),
  ENETUNREACH: phrase('gateway.notSent.noRoute'),
  UND_ERR_CONNECT_TIMEOUT: phrase('gateway.notSent.connectTimeout'),
  ERR_INVALID_URL: phrase('gateway.notSent.badUrl'),
};

const NO_ANSWER: Readonly<Record<string, Phrase>> = {
  [TIMED_OUT]: phrase('gateway.noAnswer.timedOut'),
  ECONNRESET: phrase('gateway.noAnswer.broken'),
  UND_ERR_SOCKET: phrase('gateway.noAnswer.broken'),
  EPIPE: phrase('gateway.noAnswer.broken'),
};

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

/** What a payment whose outcome is unknown is called, by the request that may have moved money. */
const UNKNOWN_PAYMENT: Readonly<Record<string, Phrase>> = {
  'deposit.do': phrase('gateway.effect.unknownPayment.deposit'),
  'reverse.do': phrase('gateway.effect.unknownPayment.reverse'),
  'refund.do': phrase('gateway.effect.unknownPayment.refund'),
};

function effectPhrase(effect: Effect, endpoint: string): Phrase {
  switch (effect) {
    case 'nothing':
      return phrase('gateway.effect.nothing');
    case 'noMoney':
      return phrase('gateway.effect.noMoney');
    case 'unknownPayment':
      return UNKNOWN_PAYMENT[endpoint] ?? phrase('gateway.effect.unknownPayment.payment');
    case 'unknownChange':
      return phrase('gateway.effect.unknownChange');
  }
}

function sentence(err: GatewayClientError, kind: FailureKind, what: Phrase, effect: Effect, todo?: Phrase): FailureWords {
  // A payment whose outcome is unknown has only one thing to do: wait for the reconciliation.
  const said = [what, effectPhrase(effect, err.endpoint), ...(todo && effect !== 'unknownPayment' ? [todo] : [])];
  return { kind, what, said, message: english(said), detail: maskCardNumbers(err.message) };
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
    return sentence(err, 'invalidRequest', phrase('gateway.invalidRequest'), 'nothing', phrase('gateway.correctAndRetry'));
  }
  if (err instanceof GatewayError) {
    // The gateway's own words, in the language the request named: quoted as they are, without a closing stop.
    const text = maskCardNumbers(err.gatewayMessage.trim()).replace(/[.\s]+$/, '');
    const said = text === '' ? phrase('gateway.noReasonGiven') : text;
    const quoted = { said, errorCode: String(err.errorCode) };
    if (SIGNATURE.test(text))
      return sentence(err, 'signature', phrase('gateway.signature', quoted), 'nothing', phrase('gateway.checkSigningKeys'));
    if (ACCESS_DENIED.test(text))
      return sentence(err, 'credentials', phrase('gateway.credentials', quoted), 'nothing', phrase('gateway.checkCredentials'));
    return sentence(err, 'refused', phrase('gateway.refused', quoted), 'nothing');
  }
  if (err instanceof RateLimitedError) {
    const seconds = Math.max(1, Math.ceil(err.retryAfterMs / 1000));
    return sentence(err, 'rateLimited', phrase('gateway.rateLimited'), 'nothing', phrase('gateway.retryIn', { count: seconds }));
  }
  if (err instanceof HttpError) {
    if (err.status === 404)
      return sentence(err, 'noSuchAddress', phrase('gateway.noSuchAddress'), 'nothing', phrase('gateway.checkAddress'));
    if (err.status === 401 || err.status === 403)
      return sentence(
        err,
        'credentials',
        phrase('gateway.credentialsHttp', { status: err.status }),
        'nothing',
        phrase('gateway.checkCredentials'),
      );
    return sentence(
      err,
      'serverFault',
      phrase('gateway.serverFault', { status: err.status }),
      effectWithoutAnswer(err),
      phrase('gateway.tryLater'),
    );
  }
  const reason = reasonOf(err);
  if (TLS_CODE.test(reason)) {
    const notSent = err instanceof NetworkError && err.stage === 'notSent';
    return sentence(
      err,
      'tls',
      phrase('gateway.tls', { reason }),
      notSent ? 'nothing' : effectWithoutAnswer(err),
      phrase('gateway.fixCertificate'),
    );
  }
  // Ended from this side (a Cancel, the client destroyed by a switch): nothing to fix, nothing to advise.
  if (reason === CANCELLED || reason === CLOSED) {
    const notSent = err instanceof NetworkError && err.stage === 'notSent';
    const what = notSent
      ? phrase(reason === CANCELLED ? 'gateway.notSent.cancelled' : 'gateway.notSent.closed')
      : phrase(reason === CANCELLED ? 'gateway.noAnswer.cancelled' : 'gateway.noAnswer.closed');
    return sentence(err, notSent ? 'notSent' : 'noAnswer', what, notSent ? 'nothing' : effectWithoutAnswer(err));
  }
  if (err instanceof NetworkError && err.stage === 'notSent') {
    const what = NOT_SENT[reason] ?? phrase('gateway.notSent.other', { reason });
    return sentence(err, 'notSent', what, 'nothing', phrase('gateway.checkAddress'));
  }
  const status = statusIn(reason);
  if (status !== undefined)
    return sentence(err, 'serverFault', phrase('gateway.serverFault', { status }), effectWithoutAnswer(err), phrase('gateway.tryLater'));
  const megabytes = answerCapOf(reason);
  if (megabytes !== undefined)
    return sentence(
      err,
      'noAnswer',
      phrase('gateway.noAnswer.tooLarge', { megabytes }),
      effectWithoutAnswer(err),
      phrase('gateway.tryLater'),
    );
  const what =
    NO_ANSWER[reason] ??
    (reason.startsWith('unreadable answer') || reason.startsWith('unexpected answer') || reason.startsWith('answer without')
      ? phrase('gateway.noAnswer.unreadable')
      : phrase('gateway.noAnswer.none'));
  return sentence(err, 'noAnswer', what, effectWithoutAnswer(err), phrase('gateway.tryLater'));
}

export interface FailureText {
  readonly what: Phrase;
  readonly said: Said;
  /** `said` in English, for main's log and tests. */
  readonly message: string;
  readonly detail?: string;
}

/**
 * The words for any error a service meets: a gateway failure as above, an error of the app by the phrases
 * it carries, anything else (a bug) as "unexpected" with its own message, masked, as the detail.
 */
export function failureText(err: unknown): FailureText {
  if (err instanceof GatewayClientError) return failureWords(err);
  if (err instanceof SaidError) return { what: err.said[0] ?? phrase('app.unexpected'), said: err.said, message: err.message };
  const detail = maskCardNumbers(err instanceof Error ? err.message : String(err));
  const what = phrase('app.unexpected');
  return { what, said: [what], message: `${english(what)} (${detail})`, detail };
}
