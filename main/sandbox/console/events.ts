/**
 * What happened in the sandbox, as it happens: the feed of the developer console (served as server-sent
 * events by the control API) and of tests that wait for something. Listeners run synchronously inside
 * the change that emits, so one that throws is cut off rather than allowed to break a payment.
 */

/** The kinds of change the console shows; each payload is the JSON the console receives. */
export interface SandboxEventMap {
  /** A gateway request answered (or failed by a fault): one entry of the request log. */
  readonly request: unknown;
  /** An order registered or changed (paid, declined, held, deposited, reversed, refunded, expired). */
  readonly order: unknown;
  /** A callback delivery created or changed (attempt made, answered, retried, given up). */
  readonly callback: unknown;
  /** The fault rules changed (armed, used, cleared). */
  readonly faults: unknown;
  /** The sandbox clock moved. */
  readonly clock: unknown;
  /** A merchant's settings or certificates changed. */
  readonly merchant: unknown;
  /** Everything was forgotten (control API reset). */
  readonly reset: unknown;
}
export type SandboxEventType = keyof SandboxEventMap;

export interface SandboxEvent<T extends SandboxEventType = SandboxEventType> {
  /** Increasing per sandbox launch, so a reconnecting console can tell what it missed. */
  readonly seq: number;
  readonly type: T;
  /** Wall-clock time of the change (not the sandbox clock, which tests move). */
  readonly at: number;
  readonly data: SandboxEventMap[T];
}

export type SandboxListener = (event: SandboxEvent) => void;

export class SandboxEvents {
  private readonly listeners = new Set<SandboxListener>();
  private seq = 0;

  emit<T extends SandboxEventType>(type: T, data: SandboxEventMap[T]): void {
    if (this.listeners.size === 0) return;
    const event: SandboxEvent<T> = { seq: ++this.seq, type, at: Date.now(), data };
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }

  /** Calls `listener` for every event from now on; the returned function stops it. */
  subscribe(listener: SandboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
