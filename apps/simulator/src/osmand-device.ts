/**
 * A phone running OsmAnd / Traccar Client: one HTTP request per fix; a fix counts as acknowledged
 * when the gateway answers 200 (it does so once the position is stored). Fixes that fail are kept
 * and sent again, oldest first, before new ones, to the next of its servers when it has several.
 */
import { osmandQuery } from './devices/osmand.js';
import type { Fix } from './fix.js';
import { serverRotationOf, type ServerAddress, type ServerRotation } from './server-address.js';
import type { Trip } from './trip.js';
import type { DeviceEvent, DeviceEventType } from './virtual-device.js';

export interface OsmandDeviceOptions {
  deviceId: string;
  trip: Trip;
  host: string;
  port: number;
  /** A cluster's other gateways, each tried in turn after a request to the one before fails. */
  otherServers?: readonly ServerAddress[];
  intervalSeconds: number;
  timeScale?: number;
  maxBuffered?: number;
  onEvent?: (event: DeviceEvent) => void;
}

export class OsmandDevice {
  private readonly acked: number[] = [];
  private queue: Fix[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending = false;
  private stopped = false;
  private readonly servers: ServerRotation;

  constructor(private readonly options: OsmandDeviceOptions) {
    this.servers = serverRotationOf(options);
  }

  get deviceId(): string {
    return this.options.deviceId;
  }

  get acknowledgedFixTimes(): readonly number[] {
    return this.acked;
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.options.intervalSeconds * 1000);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private emit(type: DeviceEventType, detail?: string): void {
    const event: DeviceEvent = { deviceId: this.deviceId, protocol: 'osmand', type };
    if (detail !== undefined) event.detail = detail;
    this.options.onEvent?.(event);
  }

  private tick(): void {
    const { trip } = this.options;
    trip.advance(this.options.intervalSeconds * (this.options.timeScale ?? 1));
    this.queue = [...this.queue, trip.fix()].slice(-(this.options.maxBuffered ?? 5000));
    if (!this.sending) void this.flush();
  }

  private async flush(): Promise<void> {
    this.sending = true;
    while (this.queue.length > 0 && !this.stopped) {
      const fix = this.queue[0]!;
      const { host, port } = this.servers.current;
      try {
        const response = await fetch(`http://${host}:${port}${osmandQuery(this.deviceId, fix)}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        this.emit('buffered', `${this.queue.length} fixes: ${(error as Error).message}`);
        this.servers.advance();
        break;
      }
      this.queue.shift();
      this.acked.push(fix.time);
      this.emit('acked', new Date(fix.time).toISOString());
    }
    this.sending = false;
  }
}
