import type { AlarmType } from '@xunji/shared';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';
import type { AlarmRaiser, FoundAlarm } from './alarm-raiser.js';
import { ALARM_OF_DEVICE_ALARM } from './device-alarms.js';
import type { FenceTracker } from './fence-tracker.js';
import { MotionWatch, type MotionRules } from './motion-watch.js';

export interface EngineRules extends MotionRules {
  /** An offline device raises the offline alarm when it stays offline this long. */
  offlineAfterMs: number;
}

const positionOf = (row: PositionInsert) => ({
  latitude: row.latitude,
  longitude: row.longitude,
  speed: row.speed,
});

/**
 * The alarm stage after the store: from the gateway's committed events it finds fence crossings,
 * the device's own alarms, overspeed, rest, low battery and offline, one device at a time in
 * order, and hands them to the raiser. It never holds up the gateway: it listens after commit.
 */
export class AlarmEngine {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly watches = new Map<number, MotionWatch>();
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly fences: FenceTracker,
    private readonly raiser: AlarmRaiser,
    private readonly rules: EngineRules,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(events: GatewayEvents): void {
    this.unsubscribe ??= events.subscribe((event) => this.accept(event));
  }

  /** Stops listening and waits for the work in hand. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    this.offlineTimers.clear();
    await this.idle();
  }

  /** Resolves when every event received so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /** Drops what is kept in memory of a device, as a restart would (it is read again). */
  forget(deviceId: number): void {
    this.fences.invalidate(deviceId);
    this.watches.delete(deviceId);
  }

  accept(event: GatewayEvent): void {
    if (event.type === 'position') this.enqueue(event.deviceId, () => this.onPosition(event));
    else if (event.type === 'alarm') this.enqueue(event.deviceId, () => this.onDeviceAlarm(event));
    else if (event.type === 'status') this.onStatus(event.deviceId, event.status, event.at);
  }

  private enqueue(deviceId: number, work: () => Promise<unknown>): void {
    const previous = this.queues.get(deviceId) ?? Promise.resolve();
    const next = previous.then(work).then(() => undefined, this.onError);
    this.queues.set(deviceId, next);
    void next.then(() => {
      if (this.queues.get(deviceId) === next) this.queues.delete(deviceId);
    });
  }

  private async onPosition(event: Extract<GatewayEvent, { type: 'position' }>): Promise<void> {
    const { deviceId, position: row } = event;
    this.cancelOffline(deviceId);
    const position = positionOf(row);
    const found = (type: AlarmType): FoundAlarm => ({
      deviceId,
      type,
      time: row.fixTime,
      position,
    });
    // Cell-tower fixes are hundreds of metres off: they neither cross fences nor drive.
    const gps = row.valid === 1 && row.lbsMode !== 'lbs';
    if (gps) {
      for (const { fence, entered } of await this.fences.crossings(deviceId, row, row.fixTime)) {
        const wanted = entered ? fence.alarmOn !== 'out' : fence.alarmOn !== 'enter';
        if (wanted)
          await this.raiser.raise({
            ...found(entered ? 'fenceEnter' : 'fenceOut'),
            fence: { id: fence.id, name: fence.name },
          });
      }
    }
    const watch = this.watchOf(deviceId);
    if (gps && row.lbsMode === 'gps') {
      const setting = await this.raiser.setting(deviceId);
      if (watch.overspeed(row.fixTime, row.speed, setting.speedLimit))
        await this.raiser.raise(found('overspeed'));
      if (watch.rest(row.fixTime, row.speed)) await this.raiser.raise(found('rest'));
    }
    if (watch.lowBattery(row.battery)) await this.raiser.raise(found('lowPower'));
  }

  private async onDeviceAlarm(event: Extract<GatewayEvent, { type: 'alarm' }>): Promise<void> {
    const position = event.position ? positionOf(event.position) : undefined;
    const time = event.position?.fixTime ?? event.at;
    const types = new Set(event.alarms.map((alarm) => ALARM_OF_DEVICE_ALARM[alarm]));
    for (const type of types)
      if (type) await this.raiser.raise({ deviceId: event.deviceId, type, time, position });
  }

  private onStatus(deviceId: number, status: string, at: number): void {
    if (status !== 'offline') {
      this.cancelOffline(deviceId);
      return;
    }
    if (this.offlineTimers.has(deviceId)) return;
    const timer = setTimeout(() => {
      this.offlineTimers.delete(deviceId);
      this.enqueue(deviceId, () =>
        this.raiser.raise({ deviceId, type: 'offline', time: at + this.rules.offlineAfterMs }),
      );
    }, this.rules.offlineAfterMs);
    timer.unref();
    this.offlineTimers.set(deviceId, timer);
  }

  private cancelOffline(deviceId: number): void {
    const timer = this.offlineTimers.get(deviceId);
    if (timer) clearTimeout(timer);
    this.offlineTimers.delete(deviceId);
  }

  private watchOf(deviceId: number): MotionWatch {
    let watch = this.watches.get(deviceId);
    if (!watch) this.watches.set(deviceId, (watch = new MotionWatch(this.rules)));
    return watch;
  }
}
