import type { FastifyBaseLogger } from 'fastify';
import type { DataRetention } from './data-retention.js';

const DAY_MS = 86_400_000;

/** Data retention once at start and then daily, in the process that runs the gateway. */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly retention: DataRetention,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(everyMs = DAY_MS): void {
    const run = () => {
      this.running ??= this.runOnce().finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, everyMs).unref();
  }

  /** One pass; a failure is logged and the next day's run tries again. */
  async runOnce(): Promise<void> {
    try {
      const result = await this.retention.run(this.abort.signal);
      const { partitionsDropped, positions, networkFixes, recordings } = result;
      if (partitionsDropped.length + positions + networkFixes + recordings > 0)
        this.logger.info(result, 'data retention deleted old data');
    } catch (error) {
      this.logger.error({ err: error }, 'data retention failed');
    }
  }

  /** Stops the schedule; a pass under way ends after its current batch. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.abort.abort();
    await this.running;
  }
}
