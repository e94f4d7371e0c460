/**
 * Retry timing: doubling delays with full jitter (a random wait up to the doubled delay, so clients
 * that failed together do not return together), never shorter than the gateway's Retry-After.
 */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 disables retries. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** The longest Retry-After the client waits out; a longer one ends the retries with RateLimitedError. */
  readonly maxRetryAfterMs: number;
  /** Random source in [0, 1); injectable so tests can pin the jitter. */
  readonly random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 100, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

/** Delay before attempt `attempt + 1`, given the attempt that just failed (1-based). */
export function retryDelay(options: RetryOptions, attempt: number, retryAfterMs?: number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.floor((options.random ?? Math.random)() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; absent or unreadable gives undefined. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\s*[0-9]+\s*$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
