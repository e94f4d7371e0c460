/**
 * Per-merchant request limits: requests per second (a one-second window on the machine's clock)
 * and simultaneous requests. Over either, the gateway answers HTTP 429 with Retry-After.
 */
import type { MerchantLimits } from '../state/model.js';

/** Which limit a refused request went over, and the limit: the answer words it in the request's language. */
export type Overload = { readonly limit: 'rate' | 'concurrency'; readonly of: number };

export type Admission =
  { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly retryAfterSec: number; readonly reason: Overload };

class MerchantCounter {
  windowStart = 0;
  count = 0;
  inFlight = 0;
}

export class RateLimiter {
  private counters = new Map<string, MerchantCounter>();

  admit(merchant: string, limits: MerchantLimits, nowMs = Date.now()): Admission {
    let c = this.counters.get(merchant);
    if (!c) {
      c = new MerchantCounter();
      this.counters.set(merchant, c);
    }
    if (nowMs - c.windowStart >= 1000) {
      c.windowStart = nowMs;
      c.count = 0;
    }
    if (limits.rps > 0 && c.count >= limits.rps) {
      return {
        ok: false,
        retryAfterSec: Math.max(1, Math.ceil((c.windowStart + 1000 - nowMs) / 1000)),
        reason: { limit: 'rate', of: limits.rps },
      };
    }
    if (limits.concurrency > 0 && c.inFlight >= limits.concurrency) {
      return { ok: false, retryAfterSec: 1, reason: { limit: 'concurrency', of: limits.concurrency } };
    }
    c.count++;
    c.inFlight++;
    const counter = c;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (!released) {
          released = true;
          counter.inFlight--;
        }
      },
    };
  }

  clear(): void {
    this.counters.clear();
  }
}
