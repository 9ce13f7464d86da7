import type { DeviceRow } from '../db/schema.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { HeldDeviceRepository } from '../repositories/held-device.repository.js';
import { normalizeTerminalNo } from '../devices/terminal-no.js';
import { BatchLoader } from './batch-loader.js';

const KNOWN_MS = 60_000;
/** Short, so that a device registered a moment ago can connect soon. */
const UNKNOWN_MS = 10_000;

interface Entry {
  device: DeviceRow | undefined;
  until: number;
  /** Refused attempts not yet counted on the holding list. */
  attempts: number;
}

/**
 * Finds the registered device a connection names (cached briefly; unknown ones for less long).
 * With a holding list, an unknown device is put on it (with its attempts) for an operator to
 * register; it stays refused until then.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, Entry>();
  private readonly loader: BatchLoader<string, DeviceRow>;

  constructor(
    devices: DeviceRepository,
    private readonly holding?: HeldDeviceRepository,
  ) {
    this.loader = new BatchLoader((terminalNos) => devices.findByTerminalNos(terminalNos));
  }

  /** `sent`: the number as the device sent it, looked up in its normal form (terminal-no.ts). */
  async identify(sent: string, protocol: string, now = Date.now()): Promise<DeviceRow | undefined> {
    const identifier = normalizeTerminalNo(sent);
    const cached = this.cache.get(identifier);
    if (cached && cached.until > now) {
      if (!cached.device) cached.attempts++;
      return cached.device;
    }
    // The expiry is set only by a lookup, so a device retrying while unknown is looked up again.
    const device = await this.loader.load(identifier);
    const attempts = (cached?.attempts ?? 0) + 1;
    this.cache.set(identifier, {
      device,
      until: now + (device ? KNOWN_MS : UNKNOWN_MS),
      attempts: 0,
    });
    if (!device) await this.holding?.record(identifier, protocol, attempts, now);
    return device;
  }

  /** The gateway changed a device (its authentication code): later logins see the change. */
  updated(device: DeviceRow): void {
    const cached = this.cache.get(device.terminalNo);
    if (cached?.device) cached.device = device;
  }
}
