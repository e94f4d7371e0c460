/**
 * One HTTP exchange with the gateway over undici's keep-alive pool, and the classification of what went
 * wrong: whether the request can have reached the gateway at all.
 */
import { setMaxListeners } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, type Dispatcher } from 'undici';

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
/** The reason of a request refused because its client was closed (its environment was left), or ended because it was destroyed. */
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

/**
 * Signals already allowed many listeners: a batch or a sync shares one signal among all its requests in flight,
 * each of which listens to it, and Node warns past ten listeners as if that were a leak.
 */
const shared = new WeakSet<AbortSignal>();

/** Why this side ended an exchange. */
class DeadlinePassed extends Error {}
class CallerCancelled extends Error {}
class AnswerTooLarge extends Error {}

/**
 * One exchange, as undici's dispatch handler: it keeps the answer's bytes as they arrive, counting them against
 * the cap, and can end the exchange at any point (its deadline, its caller's Cancel) through undici's own
 * controller. Written against dispatch rather than request(), which takes an AbortSignal per request to be
 * ended: creating and listening to one added 10 to 20 µs of CPU to an exchange of about 60 (measured against a
 * local server), and request()'s answer is a stream that text() then reads whole, with no cap.
 */
class Exchanger implements Dispatcher.DispatchHandler {
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  /** Why this side ended it, if it did. */
  ended: Error | undefined;
  /** Whether undici took the request up for writing: ended before that, nothing of it was sent. */
  started = false;
  private chunks: Buffer[] = [];
  private bytes = 0;
  private controller: Dispatcher.DispatchController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private signal: AbortSignal | undefined;
  private resolve!: (exchange: Exchange) => void;
  private reject!: (err: unknown) => void;
  private settled = false;

  constructor(private readonly maxBytes: number) {}

  /** Sends the request and settles with its answer; the deadline and the caller's signal can end it first. */
  run(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, timeoutMs: number, signal: AbortSignal | undefined): Promise<Exchange> {
    return new Promise<Exchange>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.timer = setTimeout(expire, timeoutMs, this);
      if (signal) {
        this.signal = signal;
        if (!shared.has(signal)) {
          setMaxListeners(0, signal);
          shared.add(signal);
        }
        signal.addEventListener('abort', this, { once: true });
      }
      dispatcher.dispatch(options, this);
    });
  }

  /** Ends the exchange from this side: undici aborts it where it is, and closes its connection. */
  end(reason: Error): void {
    if (this.settled) return;
    this.ended = reason;
    // Not taken up yet: undici aborts it when it is, before writing a byte (onRequestStart). Either way the
    // caller has its answer now.
    this.controller?.abort(reason);
    this.settle(undefined, reason);
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    this.end(new CallerCancelled('Cancelled by its caller'));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.started = true;
    this.controller = controller;
    if (this.ended) controller.abort(this.ended);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (1xx) comes before the real one; the deadline goes on running through any number.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = headers;
    // An answer that says beforehand it is over the cap is not read at all (a throw here aborts the exchange).
    const length = headers['content-length'];
    if (typeof length === 'string' && Number(length) > this.maxBytes) throw new AnswerTooLarge();
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw new AnswerTooLarge();
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.settle({ status: this.status, headers: this.headers, body: utf8(this.chunks, this.bytes) });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.settle(undefined, this.ended ?? err);
  }

  private settle(exchange: Exchange | undefined, err?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this);
    this.chunks = [];
    if (exchange) this.resolve(exchange);
    else this.reject(err);
  }
}

const expire = (exchange: Exchanger) => exchange.end(new DeadlinePassed('The answer did not arrive whole in time'));

/** The answer's bytes as text, as undici's text() reads them: UTF-8 (bad bytes become U+FFFD), a BOM skipped. */
function utf8(chunks: readonly Buffer[], length: number): string {
  if (length === 0) return '';
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const start = all.length > 2 && all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0;
  return all.toString('utf8', start);
}

export class Transport {
  private readonly dispatcher: Dispatcher;
  private readonly maxAnswerBytes: number;
  /** Set by close() and destroy(): a request after either is refused before anything is sent. */
  private closed = false;
  private destroyed = false;
  /** Each address's origin and path, as undici's dispatch takes them: a client asks a handful of addresses. */
  private readonly targets = new Map<string, { readonly origin: string; readonly path: string }>();

  constructor(options: { connections?: number; maxAnswerBytes?: number } = {}) {
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    this.dispatcher = new Agent({ connections: options.connections || null, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  /**
   * Sends one POST; resolves with the whole answer or rejects with a TransportFailure. `timeoutMs` is the
   * exchange's deadline: the answer's headers and its whole body must have arrived by then (undici's own
   * headers and body timeouts only bound the silence between bytes, which an answer trickling a byte at a
   * time never breaks). An answer over the byte cap is cut off where it passes it. `signal` (a sync's or a
   * batch's Cancel) ends the request at once; a request given none is ended only by its deadline or by
   * destroy().
   */
  async post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<Exchange> {
    if (this.closed) throw notSent(CLOSED);
    if (signal?.aborted) throw notSent(CANCELLED, signal.reason);
    const exchange = new Exchanger(this.maxAnswerBytes);
    try {
      const { origin, path } = this.target(url);
      const options = { origin, path, method: 'POST' as const, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
      return await exchange.run(this.dispatcher, options, timeoutMs, signal);
    } catch (err) {
      throw this.failureOf(err, exchange);
    }
  }

  private target(url: string): { readonly origin: string; readonly path: string } {
    let target = this.targets.get(url);
    if (target === undefined) {
      const u = new URL(url);
      target = { origin: u.origin, path: `${u.pathname}${u.search}` };
      this.targets.set(url, target);
    }
    return target;
  }

  /** What went wrong, with the ends this side put to the exchange told apart from the network's. */
  private failureOf(err: unknown, exchange: Exchanger): TransportFailure {
    // Ended before undici took it up for writing: nothing of it was sent, whatever ended it.
    const stage = exchange.started ? 'maybeSent' : 'notSent';
    if (err instanceof AnswerTooLarge) return { stage: 'maybeSent', reason: answerTooLarge(this.maxAnswerBytes), cause: err };
    if (exchange.ended) return { stage, reason: exchange.ended instanceof DeadlinePassed ? TIMED_OUT : CANCELLED, cause: err };
    if (this.destroyed && codeOf(err) === 'UND_ERR_DESTROYED') return { stage, reason: CLOSED, cause: err };
    const code = codeOf(err);
    return classifyFailure(err, code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT');
  }

  /**
   * Takes no new request (each is refused as notSent), waits for those in flight to end (each within its
   * deadline), then closes the connections.
   */
  close(): Promise<void> {
    this.closed = true;
    return this.dispatcher.close();
  }

  /**
   * Ends every request in flight now and closes the connections without waiting: a request that may have
   * been written fails as maybeSent (a payment among them is then of unknown outcome, never failed), one not
   * yet written and any request after this as notSent.
   */
  destroy(): Promise<void> {
    this.closed = true;
    this.destroyed = true;
    return this.dispatcher.destroy();
  }
}

const notSent = (reason: string, cause?: unknown): TransportFailure => ({ stage: 'notSent', reason, cause });

export function isTransportFailure(value: unknown): value is TransportFailure {
  return typeof value === 'object' && value !== null && 'stage' in value && 'reason' in value && !(value instanceof Error);
}
