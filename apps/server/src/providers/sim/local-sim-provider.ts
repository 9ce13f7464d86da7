import type { SimState } from '@xunji/shared';
import type { SimCardRepository } from '../../repositories/sim-card.repository.js';
import type { SimProvider, SimTopupRequest, SimUsage } from './sim-provider.js';

/**
 * Cards kept in this database: the operator records usage with the admin CLI (`sim:usage`,
 * `sim:import`), and a paid top-up is already applied to the row by the order's fulfilment.
 */
export class LocalSimProvider implements SimProvider {
  readonly source = 'local';

  constructor(private readonly cards: SimCardRepository) {}

  async usage(iccid: string): Promise<SimUsage | null> {
    const card = await this.cards.find(iccid);
    if (!card) return null;
    return { usedDataKb: card.usedDataKb, usedSms: card.usedSms, state: card.state as SimState };
  }

  async applyTopup(topup: SimTopupRequest): Promise<{ ref: string }> {
    return { ref: `local-${topup.id}` };
  }
}
