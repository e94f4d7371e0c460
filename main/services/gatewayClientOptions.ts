/**
 * The gateway client the app builds for an environment, as far as its pace goes: the one place these
 * choices are made, used by AppCore and by the batch look-up benchmark, so the benchmark measures what a
 * person meets.
 */
import type { ClientOptions, Credentials } from '../gateway/client.js';
import { DEFAULT_RETRY } from '../gateway/retry.js';

/**
 * Requests in flight at once: enough to keep a gateway across a network busy (a batch of look-ups reaches
 * 500 a second with answers of 30 ms), few enough that one desk does not crowd out the others.
 */
export const APP_MAX_IN_FLIGHT = 16;

/** What is known of the gateway's limits for the environment: per second and at once, 0 where not known. */
export interface KnownLimits {
  readonly rps: number;
  readonly concurrency: number;
}

export function appClientOptions(options: {
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly limits: KnownLimits;
}): ClientOptions & { readonly limits: { readonly maxInFlight: number; readonly rps: number } } {
  const { rps, concurrency } = options.limits;
  return {
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    limits: { maxInFlight: concurrency > 0 ? Math.min(APP_MAX_IN_FLIGHT, concurrency) : APP_MAX_IN_FLIGHT, rps },
    // The client's own: a look-up refused with 429 is asked again after Retry-After, three times at most; with
    // the rate known the limiter draws next to no 429, and with it unknown the rate falls at each one.
    retry: DEFAULT_RETRY,
  };
}
