/**
 * The work a service has under way, so that whoever retires the service can wait for it to end: a switch
 * of environment closes the old gateway client only once the old services' charges and operations have
 * settled their rows (each request bounded by the client's deadline), never under them.
 */
export class WorkUnderWay {
  private running = 0;
  private waiting: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) for (const done of this.waiting.splice(0)) done();
    }
  }

  /** Resolves once nothing is under way (at once if nothing is). */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
