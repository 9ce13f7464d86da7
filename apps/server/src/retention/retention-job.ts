import type { FastifyBaseLogger } from 'fastify';
import type { DataRetention } from './data-retention.js';

/** Data retention's pass (at start and daily: jobs/periodic-work), logged. */
export class RetentionJob {
  constructor(
    private readonly retention: DataRetention,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** One pass, which ends after its current batch once `signal` is aborted; a failure is logged. */
  async runOnce(signal?: AbortSignal): Promise<void> {
    try {
      const result = await this.retention.run(signal);
      const { partitionsDropped, positions, networkFixes, recordings } = result;
      if (partitionsDropped.length + positions + networkFixes + recordings > 0)
        this.logger.info(result, 'data retention deleted old data');
    } catch (error) {
      this.logger.error({ err: error }, 'data retention failed');
    }
  }
}
