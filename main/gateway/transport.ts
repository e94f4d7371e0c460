/**
 * One HTTP exchange with the gateway over undici's keep-alive pool, and the classification of what went
 * wrong: whether the request can have reached the gateway at all.
 */
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
  if (timedOut) return { stage: 'maybeSent', reason: 'timed out', cause: err };
  return { stage: 'maybeSent', reason: code ?? (err instanceof Error ? err.message : String(err)), cause: err };
}

export class Transport {
  private readonly dispatcher: Dispatcher;

  constructor(options: { connections?: number } = {}) {
    this.dispatcher = new Agent({ connections: options.connections || null, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  /**
   * Sends one POST; resolves with the whole answer or rejects with a TransportFailure. The timeout
   * bounds the wait for the answer's headers, and then for its body; undici's own timers do it, which
   * costs far less per request than an AbortSignal.
   */
  async post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<Exchange> {
    // One async function with two awaits: fewer promises per request than a then/catch chain whose inner
    // promise the outer one has to adopt.
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: res.headers, body: text };
    } catch (err) {
      const code = codeOf(err);
      throw classifyFailure(err, code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT');
    }
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

export function isTransportFailure(value: unknown): value is TransportFailure {
  return typeof value === 'object' && value !== null && 'stage' in value && 'reason' in value && !(value instanceof Error);
}
