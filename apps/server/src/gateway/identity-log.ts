import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { IdentityEvent } from './identity-events.js';
import type { GatewayStats } from './stats.js';

const LOG_EVERY_MS = 60_000;

interface Pending {
  count: number;
  addresses: { established: string; newcomer: string } | undefined;
}

/**
 * Counts identity events in the gateway's stats and logs them without letting an impostor flood
 * the log: at most one line per device and event a minute, carrying the count since the line
 * before. A contest (two addresses for one device) is also written for `device:connections`, at
 * the same pace.
 */
export class IdentityLog {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly stats: GatewayStats,
    private readonly devices: DeviceRepository,
    private readonly logger: FastifyBaseLogger,
    private readonly everyMs = LOG_EVERY_MS,
  ) {}

  record(
    event: IdentityEvent,
    device: { id: number; terminalNo: string },
    addresses?: { established: string; newcomer: string },
  ): void {
    this.stats.identity[event]++;
    const key = `${event}:${device.id}`;
    const pending = this.pending.get(key);
    if (!pending) return this.flush(key, event, device, { count: 1, addresses });
    pending.count++;
    pending.addresses = addresses ?? pending.addresses;
  }

  private flush(
    key: string,
    event: IdentityEvent,
    device: { id: number; terminalNo: string },
    { count, addresses }: Pending,
  ): void {
    this.logger.warn(
      { event, deviceId: device.id, terminalNo: device.terminalNo, count, ...addresses },
      'device identity',
    );
    if (addresses) {
      this.devices
        .recordContest(device.id, addresses, Date.now(), count)
        .catch((error: unknown) => this.logger.error({ err: error }, 'contest not recorded'));
    }
    this.pending.set(key, { count: 0, addresses: undefined });
    setTimeout(() => {
      const since = this.pending.get(key);
      this.pending.delete(key);
      if (since && since.count > 0) this.flush(key, event, device, since);
    }, this.everyMs).unref();
  }
}
