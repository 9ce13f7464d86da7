import type { Clock } from '../clock.js';
import type { GatewayEvents } from '../gateway/gateway-events.js';
import type { PositionRepository } from '../repositories/position.repository.js';

/**
 * Longer than any protocol's idle timeout (gateway.ts: at most 15 minutes), after which a gateway
 * closes a silent connection itself.
 */
export const QUIET_AFTER_MS = 20 * 60_000;

/**
 * In a cluster, a gateway process that dies (SIGKILL, a lost machine) cannot mark its devices
 * offline, and no other gateway may at its own start (they hold theirs). Run once per cluster:
 * devices stored online but unheard of for longer than any gateway keeps a silent connection are
 * offline, and every process hears of it.
 */
export class QuietDevices {
  constructor(
    private readonly positions: Pick<PositionRepository, 'markQuietOffline'>,
    private readonly events: GatewayEvents,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<void> {
    const now = this.clock.now();
    for (const deviceId of await this.positions.markQuietOffline(now - QUIET_AFTER_MS, now))
      this.events.publish({ type: 'status', deviceId, status: 'offline', at: now });
  }
}
