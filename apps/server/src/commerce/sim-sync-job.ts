import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { SimProviders } from '../providers/sim/create-sim-provider.js';
import type { SimCardRepository } from '../repositories/sim-card.repository.js';
import type { SimTopupDelivery } from '../services/sim-topup-delivery.js';

export interface SimSyncResult {
  refreshed: number;
  failed: number;
  /** Cards of a platform this server has no adapter for. */
  skipped: number;
}

/**
 * Once a night (SIM_SYNC_HOUR): the usage of every card kept by an operator platform is read
 * again, and top-ups the platform did not take are handed over again.
 */
export class SimSyncJob {
  constructor(
    private readonly cards: SimCardRepository,
    private readonly providers: SimProviders,
    private readonly delivery: SimTopupDelivery,
    /** SIM_SYNC_HOUR, in China's time (jobs/periodic-work). */
    readonly hour: number,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async runNow(): Promise<SimSyncResult> {
    const result: SimSyncResult = { refreshed: 0, failed: 0, skipped: 0 };
    for (const card of await this.cards.list()) {
      if (card.source === 'local') continue;
      const provider = this.providers.get(card.source);
      if (!provider) {
        result.skipped += 1;
        continue;
      }
      try {
        const usage = await provider.usage(card.iccid);
        if (!usage) throw new Error(`${card.source} does not know the card`);
        await this.cards.setUsage(card.iccid, {
          usedDataKb: usage.usedDataKb,
          usedSms: usage.usedSms,
          state: usage.state ?? undefined,
          at: this.clock.now(),
        });
        result.refreshed += 1;
      } catch (error) {
        this.logger.warn({ err: error, iccid: card.iccid }, 'SIM usage not refreshed');
        result.failed += 1;
      }
    }
    await this.delivery.retryUndelivered();
    if (result.skipped > 0)
      this.logger.warn({ cards: result.skipped }, 'SIM cards of a platform without an adapter');
    return result;
  }
}
