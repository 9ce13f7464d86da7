import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { SimTopupRow, SimCardRepository } from '../repositories/sim-card.repository.js';
import type { SimProviders } from '../providers/sim/create-sim-provider.js';

/**
 * Hands a paid SIM top-up to the platform that keeps its card and records the outcome
 * (sent with the platform's reference, or failed: the sync job tries again).
 */
export class SimTopupDelivery {
  constructor(
    private readonly cards: SimCardRepository,
    private readonly providers: SimProviders,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Called after a paid top-up's order commits; never throws for the platform's failure. */
  async deliver(orderId: number): Promise<void> {
    const topup = await this.cards.topupOfOrder(orderId);
    if (topup && topup.operatorState !== 'sent') await this.send(topup);
  }

  /** Every top-up still pending or failed, oldest first. */
  async retryUndelivered(): Promise<void> {
    for (const topup of await this.cards.undelivered()) await this.send(topup);
  }

  private async send(topup: SimTopupRow): Promise<void> {
    const card = await this.cards.find(topup.iccid);
    const provider = card && this.providers.get(card.source);
    if (!provider) {
      this.logger.warn(
        { topup: topup.id, iccid: topup.iccid },
        'no SIM provider for the card of a top-up',
      );
      await this.cards.markTopup(topup.id, 'failed', null, this.clock.now());
      return;
    }
    try {
      const { ref } = await provider.applyTopup(topup);
      await this.cards.markTopup(topup.id, 'sent', ref, this.clock.now());
    } catch (error) {
      this.logger.warn({ err: error, topup: topup.id }, 'SIM top-up not accepted by the operator');
      await this.cards.markTopup(topup.id, 'failed', null, this.clock.now());
    }
  }
}
