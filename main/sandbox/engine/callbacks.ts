/**
 * Payment callbacks (gateway-extensions.md, "Callbacks"): HTTP GET to the order's dynamicCallbackUrl
 * with mdOrder, orderNumber, operation and status, and a checksum when the merchant has a secret.
 * A delivery that fails (network error or a non-2xx answer) is retried with growing delays.
 *
 * Sandbox choice: callbacks go only to loopback addresses unless the sandbox is started with
 * --callbacks-any-host, so a sandbox cannot be turned into a tool that sends requests elsewhere.
 */
import { createHmac } from 'node:crypto';

export type CallbackOperation = 'approved' | 'deposited' | 'reversed' | 'refunded' | 'declinedByTimeout' | 'declined';

export interface CallbackDelivery {
  readonly id: number;
  readonly url: string;
  readonly operation: CallbackOperation;
  readonly mdOrder: string;
  state: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: number;
  lastError?: string;
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

  constructor(public options: CallbackOptions = { ...DEFAULT_CALLBACK_OPTIONS }) {}

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
      state: 'pending',
      attempts: 0,
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
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      delivery.state = 'skipped';
      delivery.lastError = 'only http and https callbacks are sent';
      return;
    }
    if (!this.options.anyHost && !isLoopback(url)) {
      delivery.state = 'skipped';
      delivery.lastError = 'not a loopback address (start the sandbox with --callbacks-any-host to allow it)';
      return;
    }
    this.attempt(delivery, url.toString());
  }

  private attempt(delivery: CallbackDelivery, url: string): void {
    if (this.closed) return;
    delivery.attempts++;
    fetch(url, { method: 'GET', signal: AbortSignal.timeout(this.options.timeoutMs) })
      .then(async (res) => {
        await res.body?.cancel();
        if (res.ok) delivery.state = 'delivered';
        else this.retry(delivery, url, `HTTP ${res.status}`);
      })
      .catch((err: unknown) => this.retry(delivery, url, err instanceof Error ? err.message : String(err)));
  }

  private retry(delivery: CallbackDelivery, url: string, error: string): void {
    delivery.lastError = error;
    const delay = this.options.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined || this.closed) {
      delivery.state = 'failed';
      return;
    }
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
