/**
 * A per-client limiter for requests in flight and requests per second that backs off when the gateway
 * answers 429: the rate drops by a tenth per refusal, then climbs back in small steps as answers succeed
 * (additive increase, multiplicative decrease, as TCP does).
 *
 * Where the gateway's rate is known, starts are paced so that the gateway never has cause to refuse (a
 * Pacer, below): evenly spaced, and never more than the rate within any window of a second and a margin.
 * Where it is not known (rps 0), nothing is paced and a 429 is waited out by the refused request alone.
 *
 * Written here rather than taken from a queue library: the ones at hand (p-queue, bottleneck) limit to a
 * fixed rate and cannot follow the gateway's 429s down and back up.
 */

export interface LimiterOptions {
  /** Requests in flight at once; 0 means no limit. */
  readonly maxInFlight: number;
  /** Requests per second the gateway allows; 0 means not known (no pacing). */
  readonly rps: number;
  readonly now?: () => number;
}

export type Release = () => void;

/**
 * The gateway counts requests in a one-second window that opens at the first request after the last one
 * expired (the sandbox: main/sandbox/http/limits.ts; the spec says only that a limit exists). The client
 * counts its starts over a window this much longer, so that a request that reaches the gateway up to this
 * late (loopback, a busy event loop at either end, a network's jitter) is still in a window the gateway
 * has room in. The cost is the same share of the rate: 3% at 30 ms.
 */
export const PACING_MARGIN_MS = 30;
const WINDOW_MS = 1_000 + PACING_MARGIN_MS;
/**
 * How far behind its schedule the pacer may fall and catch up. A timer fires a millisecond or more late,
 * and more on a busy event loop; without catching up, each late timer would lower the rate for good. With
 * it, the starts a stall held back go at once, at most this many milliseconds' worth, and never more than
 * the window allows (nor than the requests in flight allow). 20 ms lost 2 to 4% of the rate on a machine
 * busy with other work (load average 4 to 5 on 2 cores, where this process waits for a core that long);
 * 100 ms, about 1% (bench/batch-lookup.ts).
 */
const CATCH_UP_MS = 100;

/**
 * When the next request may start, at a known rate: pure, on the caller's clock. Two rules, both in
 * requests per WINDOW_MS: starts are spaced WINDOW_MS / rate apart on a schedule (which a late caller may
 * catch up by CATCH_UP_MS), and any WINDOW_MS holds at most floor(rate) starts, on the times starts
 * really happened, so no burst after a stall crosses the gateway's window.
 */
export class Pacer {
  /** The times of the last `limit` starts, a ring: the newest is just before `head`. */
  private readonly starts: Float64Array;
  private head = 0;
  private count = 0;
  private due = Number.NEGATIVE_INFINITY;
  /** The rate in force: the gateway's, or lower after 429 answers. */
  rate: number;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a pacer's limit is a whole number of requests per second: ${limit}`);
    this.starts = new Float64Array(limit);
    this.rate = limit;
  }

  /** 0: a request starts now (and is counted); otherwise the milliseconds to wait before asking again. */
  take(now: number): number {
    const due = Math.max(this.due, now - CATCH_UP_MS);
    if (now < due) return Math.ceil(due - now);
    const perWindow = Math.min(this.limit, Math.max(1, Math.floor(this.rate)));
    if (this.count >= perWindow) {
      const oldest = this.starts[(this.head - perWindow + this.limit) % this.limit]!;
      if (now - oldest < WINDOW_MS) return Math.max(1, Math.ceil(oldest + WINDOW_MS - now));
    }
    this.starts[this.head] = now;
    this.head = (this.head + 1) % this.limit;
    this.count = Math.min(this.count + 1, this.limit);
    this.due = due + WINDOW_MS / this.rate;
    return 0;
  }
}

export class AdaptiveLimiter {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Requests that have a place and wait for their start, first come first served. */
  private readonly paced: Array<(release: Release) => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly pacer: Pacer | undefined;
  private readonly now: () => number;
  /** 429 answers seen, for callers that report how hard they pushed. */
  throttledCount = 0;

  constructor(private readonly options: LimiterOptions) {
    this.pacer = options.rps > 0 ? new Pacer(options.rps) : undefined;
    this.now = options.now ?? (() => performance.now());
  }

  /** The rate currently allowed (requests per second), after any back-off; 0 where none is known. */
  get currentRate(): number {
    return this.pacer?.rate ?? 0;
  }

  /**
   * Waits for a place and a start. Returns the release function directly (no promise) when both are free
   * now, which is the common case and keeps the request path free of extra awaits.
   */
  acquire(): Release | Promise<Release> {
    const { maxInFlight } = this.options;
    if (maxInFlight > 0 && this.inFlight >= maxInFlight) {
      // The releasing request hands its place straight to the longest waiter.
      return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.startSlot());
    }
    this.inFlight++;
    return this.startSlot();
  }

  private startSlot(): Release | Promise<Release> {
    if (!this.pacer || (this.paced.length === 0 && this.pacer.take(this.now()) === 0)) return this.releaser();
    return new Promise<Release>((resolve) => {
      this.paced.push(resolve);
      this.pump();
    });
  }

  /** Starts every waiting request the pacer allows now, and sets one timer for the next. */
  private pump(): void {
    if (this.timer !== undefined || !this.pacer) return;
    while (this.paced.length > 0) {
      const wait = this.pacer.take(this.now());
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.paced.shift()!(this.releaser());
    }
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    };
  }

  /**
   * The gateway answered 429: lower the rate by a tenth for each refusal. An isolated refusal near the
   * limit costs little; a burst of them, from a rate far above the gateway's, compounds to a steep fall.
   * Only the refused request waits out Retry-After, through its retry delay; the others go on at the lower
   * rate. With no rate known there is nothing to lower: each refused request waits on its own.
   */
  throttled(_retryAfterMs: number): void {
    this.throttledCount++;
    if (this.pacer) this.pacer.rate = Math.max(1, this.pacer.rate * 0.9);
  }

  /** An answer arrived without a refusal: recover a fiftieth of the gateway's rate. */
  succeeded(): void {
    const pacer = this.pacer;
    if (pacer && pacer.rate < pacer.limit) pacer.rate = Math.min(pacer.limit, pacer.rate + pacer.limit / 50);
  }
}
