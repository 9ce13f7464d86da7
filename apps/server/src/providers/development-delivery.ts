import type { FastifyBaseLogger } from 'fastify';
import type {
  DevOutboxChannel,
  DevOutboxRepository,
} from '../repositories/dev-outbox.repository.js';
import { delivered, failed, type DeliveryOutcome } from './delivery-outcome.js';

/**
 * What the development providers do instead of sending: a `dev_outbox` row and a log line.
 * The configuration refuses them in production.
 */
export class DevelopmentDelivery {
  constructor(
    private readonly outbox: DevOutboxRepository,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async record(
    channel: DevOutboxChannel,
    recipient: string,
    body: string,
  ): Promise<DeliveryOutcome> {
    try {
      const id = await this.outbox.add({ channel, recipient, body, createdAt: Date.now() });
      this.logger.info({ channel, recipient, outbox: body }, `development ${channel} (not sent)`);
      return delivered(`dev-${id}`);
    } catch (error) {
      return failed(true, `development outbox: ${String(error)}`);
    }
  }
}
