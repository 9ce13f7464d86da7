import type { DeviceRow } from '../db/schema.js';
import type { DeviceRepository } from '../repositories/device.repository.js';

const KNOWN_MS = 60_000;
/** Short, so that a device registered a moment ago can connect soon. */
const UNKNOWN_MS = 10_000;

/** Finds the registered device a connection names (cached briefly; unknown ones for less long). */
export class DeviceDirectory {
  private readonly cache = new Map<string, { device: DeviceRow | undefined; until: number }>();

  constructor(private readonly devices: DeviceRepository) {}

  async identify(identifier: string, now = Date.now()): Promise<DeviceRow | undefined> {
    const cached = this.cache.get(identifier);
    if (cached && cached.until > now) return cached.device;
    // The expiry is set only by a lookup, so a device retrying while unknown is looked up again.
    const device = await this.devices.findByTerminalNo(identifier);
    this.cache.set(identifier, { device, until: now + (device ? KNOWN_MS : UNKNOWN_MS) });
    return device;
  }
}
