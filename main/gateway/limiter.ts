/**
 * A per-client limiter for requests in flight and requests per second that backs off when the gateway
 * answers 429: the rate drops by a tenth per refusal, then climbs back in small steps as answers succeed
 * (additive increase, multiplicative decrease, as TCP does). Starts are spaced
 * evenly (1/rate apart) rather than sent in bursts, so a gateway counting per second sees a steady flow.
 *
 * Written here rather than taken from a queue library: the ones at hand (p-queue, bottleneck) limit to a
 * fixed rate and cannot follow the gateway's 429s down and back up.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface LimiterOptions {
  /** Requests in flight at once; 0 means no limit. */
  readonly maxInFlight: number;
  /** Requests started per second; 0 means no limit. */
  readonly rps: number;
  readonly now?: () => number;
}

export type Release = () => void;

export class AdaptiveLimiter {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private rate: number;
  private nextStart = 0;
  private readonly now: () => number;
  /** 429 answers seen, for callers that report how hard they pushed. */
  throttledCount = 0;

  constructor(private readonly options: LimiterOptions) {
    this.rate = options.rps;
    this.now = options.now ?? Date.now;
  }

  /** The rate currently allowed (requests per second), after any back-off. */
  get currentRate(): number {
    return this.rate;
  }

  /**
   * Waits for a place and a start slot. Returns the release function directly (no promise) when both
   * are free now, which is the common case and keeps the request path free of extra awaits.
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
    if (this.rate <= 0) return this.releaser();
    const now = this.now();
    const start = Math.max(now, this.nextStart);
    if (this.rate > 0) this.nextStart = start + 1000 / this.rate;
    return start > now ? sleep(start - now).then(() => this.releaser()) : this.releaser();
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
   * limit (a gateway counting per second) costs little; a burst of them, from a rate far above the
   * gateway's, compounds to a steep fall. Only the refused request waits out Retry-After, through its
   * retry delay; the others go on at the lower rate.
   */
  throttled(_retryAfterMs: number): void {
    this.throttledCount++;
    if (this.rate > 0) this.rate = Math.max(1, this.rate * 0.9);
  }

  /** An answer arrived without a refusal: recover a fiftieth of the configured rate. */
  succeeded(): void {
    const { rps } = this.options;
    if (rps > 0 && this.rate < rps) this.rate = Math.min(rps, this.rate + rps / 50);
  }
}
