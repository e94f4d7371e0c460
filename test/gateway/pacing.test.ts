/**
 * Pacing at the gateway's known rate: on an injected clock, with the sandbox's own window (limits.ts) as the
 * judge of what a gateway would refuse; then once over real HTTP, against a sandbox that refuses.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter, Pacer, PACING_MARGIN_MS } from '../../main/gateway/limiter.js';
import { RateLimiter } from '../../main/sandbox/http/limits.js';
import { clientFor, control, RETURN_URL, uniqueNumber } from './setup.js';
import { sandboxOfFile } from '../sandbox/fixture.js';

/** A repeatable source of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Starts `n` requests through a pacer as a queue that is never empty would (the limiter asks again at once
 * after each start), on a clock that the waits move on, each timer firing up to `lateMs` late and, now and
 * then, after a stall of `stallMs`. The times the requests started.
 */
function paced(pacer: Pacer, n: number, { lateMs = 0, stallMs = 0, seed = 1 } = {}): number[] {
  const random = seeded(seed);
  const starts: number[] = [];
  let now = 1_000_000;
  while (starts.length < n) {
    const wait = pacer.take(now);
    if (wait === 0) starts.push(now);
    else now += wait + random() * lateMs + (random() < 0.01 ? stallMs : 0);
  }
  return starts;
}

/** How many of the requests arriving at these times the sandbox's one-second window refuses. */
function refusedBySandbox(arrivals: number[], rps: number): number {
  const gateway = new RateLimiter();
  let refused = 0;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    const admission = gateway.admit('m', { rps, concurrency: 0 }, Math.floor(at));
    if (admission.ok) admission.release();
    else refused++;
  }
  return refused;
}

describe('pacing at the rate the gateway allows', () => {
  it('starts no more than the rate in any window of a second and the margin, however late its timers fire', () => {
    for (const timing of [{}, { lateMs: 3 }, { lateMs: 3, stallMs: 80 }]) {
      const starts = paced(new Pacer(500), 5_000, timing);
      for (let i = 0; i + 500 < starts.length; i++) expect(starts[i + 500]! - starts[i]!).toBeGreaterThanOrEqual(1_000 + PACING_MARGIN_MS);
    }
  });

  it('keeps within 4% of the rate while its timers fire late, catching up what a stall held back', () => {
    for (const timing of [{}, { lateMs: 3 }, { lateMs: 3, stallMs: 80 }]) {
      const starts = paced(new Pacer(500), 5_000, timing);
      const seconds = (starts.at(-1)! - starts[0]!) / 1_000;
      // 10 s at the full rate; the margin costs 3%.
      expect(seconds).toBeGreaterThan(10);
      expect(seconds).toBeLessThan(10 * 1.04);
    }
  });

  it('draws no refusal from the sandbox’s window when requests arrive up to the margin late', () => {
    for (const rps of [50, 500]) {
      const random = seeded(rps);
      const arrivals = paced(new Pacer(rps), rps * 10, { lateMs: 2, stallMs: 40 }).map((t) => t + random() * PACING_MARGIN_MS);
      expect(refusedBySandbox(arrivals, rps)).toBe(0);
    }
  });

  it('sends fewer once the gateway refused, and the full rate again as answers succeed', () => {
    const pacer = new Pacer(100);
    const limiter = new AdaptiveLimiter({ maxInFlight: 0, rps: 100 });
    // The limiter's back-off is the pacer's rate: the same rule, read through the limiter.
    for (let i = 0; i < 5; i++) limiter.throttled(1_000);
    pacer.rate = limiter.currentRate;
    const slow = paced(pacer, 300);
    expect((slow.at(-1)! - slow[0]!) / 1_000).toBeGreaterThan((299 / (100 * 0.9 ** 5)) * 1.0);
    for (let i = 0; i < 50; i++) limiter.succeeded();
    expect(limiter.currentRate).toBe(100);
  });

  it('paces nothing and lowers nothing where the rate is not known', () => {
    const limiter = new AdaptiveLimiter({ maxInFlight: 0, rps: 0 });
    for (let i = 0; i < 1_000; i++) expect(typeof limiter.acquire()).toBe('function');
    limiter.throttled(1_000);
    expect(limiter.currentRate).toBe(0);
    expect(limiter.throttledCount).toBe(1);
  });

  it('takes only a whole number of requests a second', () => {
    expect(() => new Pacer(2.5)).toThrow(RangeError);
    expect(() => new Pacer(0)).toThrow(RangeError);
  });
});

describe('pacing over HTTP', () => {
  const sb = sandboxOfFile();

  it('looks up a few hundred orders at the rate the sandbox allows without drawing its 429', async () => {
    const setup = clientFor(sb, { limits: { maxInFlight: 16 } });
    const orderIds = await Promise.all(
      Array.from(
        { length: 150 },
        async () => (await setup.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL })).orderId,
      ),
    );
    await setup.close();
    await control(sb, 'PATCH', '/merchants/sandbox', { rps: 50 });
    // The registrations' window, which counted them all, closes before the first look-up.
    await sleep(1_100);
    const client = clientFor(sb, { limits: { maxInFlight: 16, rps: 50 }, retry: { attempts: 10 } });
    try {
      const views = await Promise.all(orderIds.map((orderId) => client.getOrderStatusExtended({ orderId })));
      expect(views.every((v) => v.orderStatus === 0)).toBe(true);
      // A request held up longer than the margin on a busy machine may still draw one; a paced client does not
      // draw them by the dozen as one that learns the limit from refusals does.
      expect(client.limiter.throttledCount).toBeLessThanOrEqual(2);
    } finally {
      await client.close();
      await control(sb, 'PATCH', '/merchants/sandbox', { rps: 0 });
    }
  }, 20_000);
});
