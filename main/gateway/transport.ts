/**
 * One HTTP exchange with the gateway over undici's keep-alive pool, and the classification of what went
 * wrong: whether the request can have reached the gateway at all.
 */
import { setMaxListeners } from 'node:events';
import { Agent, request, type Dispatcher } from 'undici';

export interface Exchange {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The answer's body as UTF-8 text (undici decodes it; invalid bytes become U+FFFD and fail JSON parsing). */
  readonly body: string;
}

export type TransportFailure =
  /** The connection was never made: nothing reached the gateway. */
  | { readonly stage: 'notSent'; readonly reason: string; readonly cause: unknown }
  /** The request may have reached the gateway (timeout, reset, broken answer). */
  | { readonly stage: 'maybeSent'; readonly reason: string; readonly cause: unknown };

/**
 * The most an answer may hold. A page of 200 orders is well under 1 MB; an answer this large is no answer the
 * app can use, and reading one of hundreds of megabytes would take the main process's memory with it.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The reason of a request ended because its caller's signal aborted (a Cancel). */
export const CANCELLED = 'cancelled';
/** The reason of a request ended, or refused, because its client was destroyed (a switch of environment). */
export const CLOSED = 'closed';
/** The reason of a request whose answer did not arrive whole in time. */
export const TIMED_OUT = 'timed out';

/** The reason of an answer larger than the cap; names the cap in megabytes (answerCapOf reads it back). */
export function answerTooLarge(maxBytes: number): string {
  return `answer over ${Math.round((maxBytes / (1024 * 1024)) * 100) / 100} MB`;
}

/** The cap, in megabytes, named by an answerTooLarge reason; undefined for any other reason. */
export function answerCapOf(reason: string): number | undefined {
  const m = /^answer over (\d+(?:\.\d+)?) MB$/.exec(reason);
  return m ? Number(m[1]) : undefined;
}

/** Why this side ended a request: the abort reasons of its controller. */
class DeadlinePassed extends Error {}
class CallerCancelled extends Error {}
const expire = (ending: AbortController) => ending.abort(new DeadlinePassed('The answer did not arrive whole in time'));

/**
 * Signals already allowed many listeners: a batch or a sync shares one signal among all its requests in flight,
 * each of which listens to it, and Node warns past ten listeners as if that were a leak.
 */
const shared = new WeakSet<AbortSignal>();

/**
 * Errors that can only happen before a connection exists. Unreachable-host codes also surface later, on a
 * kept-alive socket whose retransmissions failed after the request may have arrived, so they count as
 * "not sent" only when the failing call was the connect or the name look-up itself.
 */
const CONNECT_PHASE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const NEVER_SENT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL']);
const CONNECT_SYSCALLS = new Set(['connect', 'getaddrinfo']);
/**
 * The gateway's certificate refused during the TLS handshake (expired, self-signed, wrong host name): the
 * request is written only once the handshake has succeeded, so nothing was sent.
 */
const CERTIFICATE_REFUSED = /^(ERR_TLS_CERT_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$)/;

function field(err: unknown, name: 'code' | 'syscall'): string | undefined {
  const e = err as Record<string, unknown> & { cause?: Record<string, unknown> };
  const value = e?.[name] ?? e?.cause?.[name];
  return typeof value === 'string' ? value : undefined;
}

const codeOf = (err: unknown) => field(err, 'code');

export function classifyFailure(err: unknown, timedOut: boolean): TransportFailure {
  const code = codeOf(err);
  const syscall = field(err, 'syscall');
  if (
    code &&
    (NEVER_SENT_CODES.has(code) ||
      CERTIFICATE_REFUSED.test(code) ||
      (CONNECT_PHASE_CODES.has(code) && syscall !== undefined && CONNECT_SYSCALLS.has(syscall)))
  ) {
    return { stage: 'notSent', reason: code, cause: err };
  }
  if (timedOut) return { stage: 'maybeSent', reason: TIMED_OUT, cause: err };
  return { stage: 'maybeSent', reason: code ?? (err instanceof Error ? err.message : String(err)), cause: err };
}

export class Transport {
  private readonly dispatcher: Dispatcher;
  private readonly maxAnswerBytes: number;
  private destroyed = false;

  constructor(options: { connections?: number; maxAnswerBytes?: number } = {}) {
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    // maxResponseSize: undici's parser counts the body's bytes as they arrive and ends the connection at the
    // first chunk past the cap, before any of it is handed on; nothing is counted here per chunk.
    this.dispatcher = new Agent({
      connections: options.connections || null,
      keepAliveTimeout: 30_000,
      pipelining: 1,
      maxResponseSize: this.maxAnswerBytes,
    });
  }

  /**
   * Sends one POST; resolves with the whole answer or rejects with a TransportFailure. `timeoutMs` is the
   * exchange's deadline: the answer's headers and its whole body must have arrived by then (undici's own
   * headers and body timeouts only bound the silence between bytes, which an answer trickling a byte at a
   * time never breaks). An answer over the byte cap is refused unread. `signal` (a sync's or a batch's
   * Cancel) ends the request at once; a request given none is ended only by its deadline or by destroy().
   */
  async post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<Exchange> {
    if (this.destroyed) throw notSent(CLOSED);
    if (signal?.aborted) throw notSent(CANCELLED, signal.reason);
    // One controller per exchange carries its deadline and its caller's Cancel to undici.
    const ending = new AbortController();
    const timer = setTimeout(expire, timeoutMs, ending);
    let onAbort: (() => void) | undefined;
    if (signal) {
      if (!shared.has(signal)) {
        setMaxListeners(0, signal);
        shared.add(signal);
      }
      onAbort = () => ending.abort(new CallerCancelled('Cancelled by its caller'));
      signal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: ending.signal,
      });
      // An answer that says beforehand it is over the cap is not read at all.
      const length = res.headers['content-length'];
      if (typeof length === 'string' && Number(length) > this.maxAnswerBytes) {
        res.body.on('error', ignore).destroy();
        throw { stage: 'maybeSent', reason: answerTooLarge(this.maxAnswerBytes), cause: undefined } satisfies TransportFailure;
      }
      const text = await res.body.text();
      return { status: res.statusCode, headers: res.headers, body: text };
    } catch (err) {
      if (isTransportFailure(err)) throw err;
      throw this.failureOf(err, ending.signal);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal!.removeEventListener('abort', onAbort);
    }
  }

  /** What went wrong, with the ends this side put to the exchange told apart from the network's. */
  private failureOf(err: unknown, ending: AbortSignal): TransportFailure {
    const code = codeOf(err);
    // The request may have been written by the time any of these ended it: never "not sent".
    if (ending.aborted) return { stage: 'maybeSent', reason: ending.reason instanceof DeadlinePassed ? TIMED_OUT : CANCELLED, cause: err };
    if (this.destroyed && (code === 'UND_ERR_DESTROYED' || err === CLOSED_ERROR)) return { stage: 'maybeSent', reason: CLOSED, cause: err };
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return { stage: 'maybeSent', reason: answerTooLarge(this.maxAnswerBytes), cause: err };
    return classifyFailure(err, code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT');
  }

  /** Waits for the requests in flight to end (each within its deadline), then closes the connections. */
  close(): Promise<void> {
    return this.dispatcher.close();
  }

  /**
   * Ends every request in flight now and closes the connections without waiting: a request that may have
   * been written fails as maybeSent (a payment among them is then of unknown outcome, never failed), and
   * any request after this fails as notSent.
   */
  destroy(): Promise<void> {
    this.destroyed = true;
    return this.dispatcher.destroy(CLOSED_ERROR);
  }
}

/** What destroy() ends the requests in flight with. */
const CLOSED_ERROR = Object.assign(new Error('The gateway client was destroyed'), { code: 'UND_ERR_DESTROYED' });

const notSent = (reason: string, cause?: unknown): TransportFailure => ({ stage: 'notSent', reason, cause });

const ignore = () => undefined;

export function isTransportFailure(value: unknown): value is TransportFailure {
  return typeof value === 'object' && value !== null && 'stage' in value && 'reason' in value && !(value instanceof Error);
}
