import type { DeviceAlarmType } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';
import type { AlarmRaiser, FoundAlarm } from './alarm-raiser.js';
import { ALARM_OF_DEVICE_ALARM } from './device-alarms.js';
import type { FenceTracker } from './fence-tracker.js';
import { MotionWatch, type MotionRules } from './motion-watch.js';
import { OfflineWatch, type OfflineStore } from './offline-watch.js';

export interface EngineRules extends MotionRules {
  /** An offline device raises the offline alarm when it stays offline this long. */
  offlineAfterMs: number;
  /**
   * Whether this process watches the devices offline before it started (the one process that
   * runs the gateway; a cluster's gateways leave them to `raiseOverdueOffline`).
   */
  resumeOffline: boolean;
}

const positionOf = (row: PositionInsert) => ({
  latitude: row.latitude,
  longitude: row.longitude,
  speed: row.speed,
});

/** The rest of this turn of the event loop belongs to others (the gateway's sockets). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The alarm stage after the store: from the gateway's committed events it finds fence crossings,
 * the device's own alarms, overspeed, rest, low battery and offline, one device at a time in
 * order, and hands them to the raiser. It never holds up the gateway: it listens after commit,
 * and each event's work starts in a turn of its own (on SQLite every query is synchronous, so a
 * backlog handled in one go would keep the gateway's acknowledgements waiting).
 */
export class AlarmEngine {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly watches = new Map<number, MotionWatch>();
  /** The offline timers (`dueAt` tells when a watched device's alarm is due). */
  readonly offline: OfflineWatch;
  private resuming: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly fences: FenceTracker,
    private readonly raiser: AlarmRaiser,
    offlineStore: OfflineStore,
    private readonly rules: EngineRules,
    clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {
    this.offline = new OfflineWatch(offlineStore, rules.offlineAfterMs, clock, (deviceId, since) =>
      this.enqueue(deviceId, () => this.onOfflineDue(deviceId, since)),
    );
  }

  start(events: GatewayEvents): void {
    if (this.unsubscribe) return;
    this.unsubscribe = events.subscribe((event) => this.accept(event));
    if (this.rules.resumeOffline) this.resuming = this.offline.resume().catch(this.onError);
  }

  /** Stops listening and waits for the work in hand. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.resuming;
    this.offline.stop();
    await this.idle();
  }

  /** Resolves when every event received so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    await this.resuming;
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /**
   * Raises the offline alarms overdue by more than `graceMs` that no timer of this process
   * watches (a cluster's periodic task: the gateway's own timer raises an alarm on time first).
   */
  async raiseOverdueOffline(graceMs: number): Promise<void> {
    const overdue = await this.offline.overdue(graceMs);
    for (const { deviceId, since } of overdue)
      if (this.offline.dueAt(deviceId) === undefined)
        this.enqueue(deviceId, () => this.onOfflineDue(deviceId, since));
    await Promise.all(overdue.map(({ deviceId }) => this.queues.get(deviceId)));
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
    const next = previous
      .then(nextTurn)
      .then(work)
      .then(() => undefined, this.onError);
    this.queues.set(deviceId, next);
    void next.then(() => {
      if (this.queues.get(deviceId) === next) this.queues.delete(deviceId);
    });
  }

  private async onPosition(event: Extract<GatewayEvent, { type: 'position' }>): Promise<void> {
    const { deviceId, position: row } = event;
    this.offline.back(deviceId);
    const position = positionOf(row);
    const found = (type: DeviceAlarmType): FoundAlarm => ({
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
    if (status === 'offline') this.offline.wentOffline(deviceId, at);
    else this.offline.back(deviceId);
  }

  private async onOfflineDue(deviceId: number, since: number): Promise<void> {
    if (await this.offline.stillOffline(deviceId, since))
      await this.raiser.raise({
        deviceId,
        type: 'offline',
        time: since + this.rules.offlineAfterMs,
      });
  }

  private watchOf(deviceId: number): MotionWatch {
    let watch = this.watches.get(deviceId);
    if (!watch) this.watches.set(deviceId, (watch = new MotionWatch(this.rules)));
    return watch;
  }
}
