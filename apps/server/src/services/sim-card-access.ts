import { AppError } from '../errors.js';
import type { SimCardRepository } from '../repositories/sim-card.repository.js';
import type { TerminalRow } from '../repositories/terminal.repository.js';
import type { DeviceAccess } from './device-access.service.js';

/**
 * A SIM card is read through the device carrying it: a card of a device the caller may not see
 * answers SIM_NOT_FOUND, exactly like a card nobody knows.
 */
export class SimCardAccess {
  constructor(
    private readonly access: DeviceAccess,
    private readonly cards: SimCardRepository,
  ) {}

  async device(userId: number, iccid: string): Promise<TerminalRow> {
    for (const deviceId of await this.cards.deviceIdsOf(iccid)) {
      try {
        return await this.access.require(userId, deviceId);
      } catch (error) {
        if (!(error instanceof AppError) || error.codeName !== 'DEVICE_UNBOUND') throw error;
      }
    }
    throw new AppError('SIM_NOT_FOUND', { iccid });
  }
}
