/**
 * Payment callbacks (docs/gateway-facts.md, "Callbacks"): HTTP GET to the order's dynamicCallbackUrl
 * with mdOrder, orderNumber, operation and status, and a checksum when the merchant has a secret.
 * A delivery that fails (network error or a non-2xx answer) is retried with growing delays.
 *
 * Sandbox choice: callbacks go only to loopback addresses unless the sandbox is started with
 * --callbacks-any-host, so a sandbox cannot be turned into a tool that sends requests elsewhere.
 */
import { createHmac } from 'node:crypto';

export type CallbackOperation = 'approved' | 'deposited' | 'reversed' | 'refunded' | 'declinedByTimeout' | 'declined';

/** One try to deliver a callback: what the merchant's server answered, or why nothing came back. */
export interface CallbackAttempt {
  /** Wall clock (ms) the attempt started. */
  readonly at: number;
  /** The merchant's HTTP status; null when the request failed (refused, timed out). */
  readonly httpStatus: number | null;
  /** Why the attempt failed (a non-2xx status or a network error); null when it was delivered. */
  readonly error: string | null;
  readonly durationMs: number;
}

export interface CallbackDelivery {
  readonly id: number;
  readonly url: string;
  readonly operation: CallbackOperation;
  readonly mdOrder: string;
  readonly orderNumber: string;
  /** Wall clock (ms) the callback was due, like every time of a delivery (retries run in real time). */
  readonly createdAt: number;
  state: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: number;
  lastError?: string;
  attemptsLog: CallbackAttempt[];
  /** When the next retry is due (wall clock, ms); null when none is scheduled. */
  nextAttemptAt: number | null;
}

export interface CallbackOptions {
  /** Delays before each retry after the first attempt, in milliseconds. */
  retryDelaysMs: number[];
  timeoutMs: number;
  anyHost: boolean;
}

export const DEFAULT_CALLBACK_OPTIONS: CallbackOptions = {
  retryDelaysMs: [1000, 5000, 30000, 120000],
  timeoutMs: 5000,
  anyHost: false,
};

const MAX_KEPT = 1000;

/** Checksum over the other parameters sorted by name, as `name;value;` pairs, HMAC-SHA256, upper-case hex. */
export function callbackChecksum(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k};${params[k]};`)
    .join('');
  return createHmac('sha256', secret).update(text).digest('hex').toUpperCase();
}

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export class CallbackSender {
  private deliveries: CallbackDelivery[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private nextId = 1;
  private closed = false;

  constructor(
    public options: CallbackOptions = { ...DEFAULT_CALLBACK_OPTIONS },
    /** Told of every delivery created or changed (the developer console's `callback` event). */
    private readonly onChange: (delivery: CallbackDelivery) => void = () => {},
  ) {}

  private changed(delivery: CallbackDelivery): void {
    this.onChange({ ...delivery, attemptsLog: [...delivery.attemptsLog] });
  }

  send(target: string, order: { id: string; orderNumber: string }, operation: CallbackOperation, success: boolean, secret?: string): void {
    const params: Record<string, string> = {
      mdOrder: order.id,
      orderNumber: order.orderNumber,
      operation,
      status: success ? '1' : '0',
    };
    if (secret) params.checksum = callbackChecksum(params, secret);
    const delivery: CallbackDelivery = {
      id: this.nextId++,
      url: target,
      operation,
      mdOrder: order.id,
      orderNumber: order.orderNumber,
      createdAt: Date.now(),
      state: 'pending',
      attempts: 0,
      attemptsLog: [],
      nextAttemptAt: null,
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > MAX_KEPT) this.deliveries.splice(0, this.deliveries.length - MAX_KEPT);

    let url: URL;
    try {
      url = new URL(target);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    } catch {
      delivery.state = 'skipped';
      delivery.lastError = 'not a valid URL';
      return this.changed(delivery);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      delivery.state = 'skipped';
      delivery.lastError = 'only http and https callbacks are sent';
      return this.changed(delivery);
    }
    if (!this.options.anyHost && !isLoopback(url)) {
      delivery.state = 'skipped';
      delivery.lastError = 'not a loopback address (start the sandbox with --callbacks-any-host to allow it)';
      return this.changed(delivery);
    }
    this.changed(delivery);
    this.attempt(delivery, url.toString());
  }

  private attempt(delivery: CallbackDelivery, url: string): void {
    if (this.closed) return;
    delivery.attempts++;
    delivery.nextAttemptAt = null;
    const at = Date.now();
    const started = performance.now();
    const log = (httpStatus: number | null, error: string | null) =>
      delivery.attemptsLog.push({ at, httpStatus, error, durationMs: Math.round(performance.now() - started) });
    fetch(url, { method: 'GET', signal: AbortSignal.timeout(this.options.timeoutMs) })
      .then(async (res) => {
        await res.body?.cancel();
        if (res.ok) {
          log(res.status, null);
          delivery.state = 'delivered';
          this.changed(delivery);
        } else {
          log(res.status, `HTTP ${res.status}`);
          this.retry(delivery, url, `HTTP ${res.status}`);
        }
      })
      .catch((err: unknown) => {
        const error = err instanceof Error ? err.message : String(err);
        log(null, error);
        this.retry(delivery, url, error);
      });
  }

  private retry(delivery: CallbackDelivery, url: string, error: string): void {
    delivery.lastError = error;
    const delay = this.options.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined || this.closed) {
      delivery.state = 'failed';
      return this.changed(delivery);
    }
    delivery.nextAttemptAt = Date.now() + delay;
    this.changed(delivery);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(delivery, url);
    }, delay);
    this.timers.add(timer);
  }

  list(): readonly CallbackDelivery[] {
    return this.deliveries;
  }

  clear(): void {
    this.deliveries = [];
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
