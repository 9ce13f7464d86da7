import type { FastifyBaseLogger } from 'fastify';
import type { OrderCloser } from './order-closer.js';
import type { Reconciliation } from './reconciliation.js';

/** Closing unpaid orders and reconciling with the providers (once a minute: jobs/periodic-work). */
export class CommerceJobs {
  constructor(
    private readonly closer: OrderCloser,
    private readonly reconciliation: Reconciliation,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Both jobs once; a failure is logged and the next run tries again. */
  async runOnce(): Promise<void> {
    try {
      await this.closer.run();
      await this.reconciliation.run();
    } catch (error) {
      this.logger.error({ err: error }, 'order jobs failed');
    }
  }
}
