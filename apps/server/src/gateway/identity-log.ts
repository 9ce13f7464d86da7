import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { GatewayStats } from './stats.js';

/** What the gateway saw of a connection claiming to be a device (docs/security.md). */
export const IDENTITY_EVENTS = [
  /** A second connection kept out: the device's live one keeps it. */
  'contested',
  /** A connection replaced the device's live one (it had gone quiet, or the new one proved a code). */
  'takeover',
  /** JT/T 808 authentication with a code that is not the device's. */
  'authRefused',
  /** A device that has a code (or key) connected without presenting it. */
  'authRequired',
  /** JT/T 808 registration refused: the code is fixed, or the device is held by a live connection. */
  'registrationRefused',
  /** OsmAnd reports from a new address while the previous one reported recently. */
  'addressChanged',
] as const;

export type IdentityEvent = (typeof IDENTITY_EVENTS)[number];

export const newIdentityCounts = (): Record<IdentityEvent, number> =>
  Object.fromEntries(IDENTITY_EVENTS.map((event) => [event, 0])) as Record<IdentityEvent, number>;

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
