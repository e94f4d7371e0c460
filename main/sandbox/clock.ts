/**
 * The sandbox's notion of now: the machine's clock plus an offset that tests and demos move forward
 * (order expiry, binding expiry, same-day reversal) through the control API.
 */
export class SandboxClock {
  constructor(private offsetMs = 0) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Moves the clock to an absolute time (epoch milliseconds). */
  set(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
  }

  get offset(): number {
    return this.offsetMs;
  }
}

/** YYYYMM of a time, in UTC. */
export function yearMonth(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** YYYYMMDD of a time, in UTC. */
export function yearMonthDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${yearMonth(epochMs)}${String(d.getUTCDate()).padStart(2, '0')}`;
}
