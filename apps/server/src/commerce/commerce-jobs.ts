import type { FastifyBaseLogger } from 'fastify';
import type { OrderCloser } from './order-closer.js';
import type { Reconciliation } from './reconciliation.js';

const EVERY_MS = 60_000;

/** Closing unpaid orders and reconciling with the providers, once a minute, with the server. */
export class CommerceJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly closer: OrderCloser,
    private readonly reconciliation: Reconciliation,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(everyMs = EVERY_MS): void {
    this.timer = setInterval(() => {
      // A run that takes longer than a minute is not overlapped by the next.
      this.running ??= this.runOnce().finally(() => (this.running = undefined));
    }, everyMs);
    this.timer.unref();
  }

  /** Both jobs once; a failure is logged and the next run tries again. */
  async runOnce(): Promise<void> {
    try {
      await this.closer.run();
      await this.reconciliation.run();
    } catch (error) {
      this.logger.error({ err: error }, 'order jobs failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
