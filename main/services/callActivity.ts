/**
 * When the person last asked main for something: what background work (the Orders list's index loading
 * after start) gives way to, so that the screens opening meanwhile are answered as if it were not running.
 * The dispatcher (and browser mode's host, for every request) notes each call's start and end. The app is in
 * use just after a call started or ended, and while a call is in flight, for its first second only: a long
 * call (a sync of a quarter) does not hold the work back for as long as it runs.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** How long after a call started or ended the app counts as in use. */
const IN_USE_MS = 120;
/** How long a call in flight keeps the app in use. */
const IN_FLIGHT_MS = 1000;
/** How often background work that gives way looks again. */
const LOOK_EVERY_MS = 15;

export class CallActivity {
  private last = -Infinity;
  /** When each call in flight started. */
  private readonly inFlight = new Set<{ readonly at: number }>();

  /** A call starts; the function returned says it ended. */
  begin(): () => void {
    const call = { at: performance.now() };
    this.last = call.at;
    this.inFlight.add(call);
    return () => {
      this.inFlight.delete(call);
      this.last = performance.now();
    };
  }

  private inUse(now: number): boolean {
    if (now - this.last < IN_USE_MS) return true;
    for (const call of this.inFlight) if (now - call.at < IN_FLIGHT_MS) return true;
    return false;
  }

  /**
   * Resolves once no call has started or ended for a moment, or after `atMostMs` whatever the calls: work
   * that gives way still moves on under a screen that asks without pause.
   */
  async quiet(atMostMs: number): Promise<void> {
    const until = performance.now() + atMostMs;
    for (let now = performance.now(); this.inUse(now) && now < until; now = performance.now()) await sleep(LOOK_EVERY_MS);
  }
}
