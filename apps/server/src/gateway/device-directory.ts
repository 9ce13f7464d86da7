import type { DeviceRow } from '../db/schema.js';
import type { DeviceRepository } from '../repositories/device.repository.js';

const KNOWN_MS = 60_000;
/** Short, so that a device registered a moment ago can connect soon. */
const UNKNOWN_MS = 10_000;

/** Finds the registered device a connection names; unknown ones are counted, never stored. */
export class DeviceDirectory {
  private readonly cache = new Map<string, { device: DeviceRow | undefined; until: number }>();
  unknownAttempts = 0;

  constructor(private readonly devices: DeviceRepository) {}

  async identify(identifier: string, now = Date.now()): Promise<DeviceRow | undefined> {
    const cached = this.cache.get(identifier);
    const device =
      cached && cached.until > now
        ? cached.device
        : await this.devices.findByTerminalNo(identifier);
    this.cache.set(identifier, { device, until: now + (device ? KNOWN_MS : UNKNOWN_MS) });
    if (!device) this.unknownAttempts++;
    return device;
  }
}
