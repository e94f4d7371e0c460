/**
 * A desk's work with the team database that must happen, however long the database is away: writing its
 * outbox's answers and its audit entries there, putting its settings in step. One run at a time; asked again while running, it runs
 * once more after (what was asked meanwhile is not missed); failed, it is tried again every few seconds
 * until it succeeds or the desk lets it go.
 */
export class RetriedRun {
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly options: { readonly retryMs: number; readonly failed?: (err: unknown) => void },
  ) {}

  /** Runs the task (or once more after the run under way); resolves when a run that began after this call ends. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const loop = async () => {
      do {
        this.again = false;
        await this.task();
      } while (this.again);
    };
    return (this.running = loop().finally(() => (this.running = undefined)));
  }

  /** Runs now, and again every few seconds until a run succeeds. */
  soon(): void {
    this.run().catch((err: unknown) => {
      this.options.failed?.(err);
      this.later();
    });
  }

  /** Runs in a few seconds (the database just failed), and again every few seconds until a run succeeds. */
  later(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.soon();
    }, this.options.retryMs);
    this.timer.unref();
  }

  /** Tries no more; what is left is done when the desk next uses the database. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
