import type { FleetDevice } from '../../apps/server/test/support/cluster-fleet.js';
import { callApi } from '../../apps/server/test/support/cluster-fleet.js';
import type { ClusterProcess } from '../../apps/server/test/support/cluster-processes.js';

/**
 * "Locate now" commands at a steady rate through the API processes in turn, to the devices in
 * turn (so to every gateway), each timed from the request until its device receives it: the API's
 * store, the notice through Redis, the gateway holding the connection writing it. A device with a
 * command still on its way is skipped.
 */
export class CommandProbe {
  readonly latenciesMs: number[] = [];
  sent = 0;
  failed = 0;
  private readonly pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(
    private readonly devices: FleetDevice[],
    private readonly apis: ClusterProcess[],
    /** The token of each owner. */
    private readonly tokens: string[],
  ) {}

  start(perSecond: number): void {
    this.timer = setInterval(() => this.send(), 1000 / perSecond);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The device received a command. */
  arrived(deviceId: number, at: number): void {
    const sentAt = this.pending.get(deviceId);
    if (sentAt === undefined) return;
    this.pending.delete(deviceId);
    this.latenciesMs.push(at - sentAt);
  }

  /** Sent and never received. */
  get lost(): number {
    return this.pending.size;
  }

  private send(): void {
    const turn = this.next++;
    const device = this.devices[turn % this.devices.length]!;
    if (this.pending.has(device.id)) return;
    this.pending.set(device.id, performance.now());
    this.sent++;
    const api = this.apis[turn % this.apis.length]!;
    callApi(api, 'POST', '/terminal/locate', {
      token: this.tokens[device.owner]!,
      body: { terminalId: device.id },
    }).catch(() => {
      this.pending.delete(device.id);
      this.failed++;
    });
  }
}
