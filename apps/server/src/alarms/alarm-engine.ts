import type { DeviceAlarmType } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';
import type { AlarmSettingRow } from '../db/schema.js';
import type { AlarmRaiser } from './alarm-raiser.js';
import { ALARM_OF_DEVICE_ALARM } from './device-alarms.js';
import { DeviceWorkQueue } from './device-work-queue.js';
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

/** What the alarm stage does for a device, one piece after the other. */
type AlarmWork =
  | Extract<GatewayEvent, { type: 'position' | 'alarm' }>
  | { type: 'offlineDue'; deviceId: number; since: number };

const positionOf = (row: PositionInsert) => ({
  latitude: row.latitude,
  longitude: row.longitude,
  speed: row.speed,
});

/**
 * The alarm stage after the store: from the gateway's committed events it finds fence crossings,
 * the device's own alarms, overspeed, rest, low battery and offline, one device at a time in
 * order, and hands them to the raiser. It never holds up the gateway: it listens after commit,
 * and its work runs in turns of its own (device-work-queue.ts).
 */
export class AlarmEngine {
  private readonly queue: DeviceWorkQueue<AlarmWork>;
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
    this.queue = new DeviceWorkQueue((work) => this.run(work), onError);
    this.offline = new OfflineWatch(offlineStore, rules.offlineAfterMs, clock, (deviceId, since) =>
      this.queue.enqueue(deviceId, { type: 'offlineDue', deviceId, since }),
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
    await this.queue.idle();
  }

  /**
   * Raises the offline alarms overdue by more than `graceMs` that no timer of this process
   * watches (a cluster's periodic task: the gateway's own timer raises an alarm on time first).
   */
  async raiseOverdueOffline(graceMs: number): Promise<void> {
    const overdue = await this.offline.overdue(graceMs);
    for (const { deviceId, since } of overdue)
      if (this.offline.dueAt(deviceId) === undefined)
        this.queue.enqueue(deviceId, { type: 'offlineDue', deviceId, since });
    await Promise.all(overdue.map(({ deviceId }) => this.queue.done(deviceId)));
  }

  /** Drops what is kept in memory of a device, as a restart would (it is read again). */
  forget(deviceId: number): void {
    this.fences.invalidate(deviceId);
    this.watches.delete(deviceId);
  }

  accept(event: GatewayEvent): void {
    if (event.type === 'position' || event.type === 'alarm')
      this.queue.enqueue(event.deviceId, event);
    else if (event.type === 'status') this.onStatus(event.deviceId, event.status, event.at);
  }

  private run(work: AlarmWork): Promise<void> | undefined {
    if (work.type === 'position') return this.onPosition(work);
    if (work.type === 'alarm') return this.onDeviceAlarm(work);
    return this.onOfflineDue(work.deviceId, work.since);
  }

  /**
   * Most fixes need nothing read (the device has no fence, its setting is known) and raise
   * nothing: those are checked without a promise.
   */
  private onPosition(
    event: Extract<GatewayEvent, { type: 'position' }>,
  ): Promise<void> | undefined {
    const { deviceId, position: row } = event;
    this.offline.back(deviceId);
    // Cell-tower fixes are hundreds of metres off: they neither cross fences nor drive.
    const gps = row.valid === 1 && row.lbsMode !== 'lbs';
    const drives = gps && row.lbsMode === 'gps';
    const setting = drives ? this.raiser.knownSetting(deviceId) : undefined;
    if ((gps && !this.fences.knownWithoutFences(deviceId)) || (drives && !setting))
      return this.onPositionRead(deviceId, row, gps, drives);
    return this.raiseAll(deviceId, row, this.motionAlarms(deviceId, row, setting));
  }

  /** A fix whose device's fences or setting must be read first. */
  private async onPositionRead(
    deviceId: number,
    row: PositionInsert,
    gps: boolean,
    drives: boolean,
  ): Promise<void> {
    if (gps) {
      for (const { fence, entered } of await this.fences.crossings(deviceId, row, row.fixTime)) {
        const wanted = entered ? fence.alarmOn !== 'out' : fence.alarmOn !== 'enter';
        if (wanted)
          await this.raiser.raise({
            deviceId,
            type: entered ? 'fenceEnter' : 'fenceOut',
            time: row.fixTime,
            position: positionOf(row),
            fence: { id: fence.id, name: fence.name },
          });
      }
    }
    const setting = drives ? await this.raiser.setting(deviceId) : undefined;
    await this.raiseAll(deviceId, row, this.motionAlarms(deviceId, row, setting));
  }

  /** The overspeed and rest alarms of a GPS fix (given its device's setting), and low battery. */
  private motionAlarms(
    deviceId: number,
    row: PositionInsert,
    setting: AlarmSettingRow | undefined,
  ): DeviceAlarmType[] | undefined {
    const watch = this.watchOf(deviceId);
    let found: DeviceAlarmType[] | undefined;
    if (setting) {
      if (watch.overspeed(row.fixTime, row.speed, setting.speedLimit))
        (found ??= []).push('overspeed');
      if (watch.rest(row.fixTime, row.speed)) (found ??= []).push('rest');
    }
    if (watch.lowBattery(row.battery)) (found ??= []).push('lowPower');
    return found;
  }

  private raiseAll(
    deviceId: number,
    row: PositionInsert,
    types: DeviceAlarmType[] | undefined,
  ): Promise<void> | undefined {
    if (!types) return undefined;
    const position = positionOf(row);
    return (async () => {
      for (const type of types)
        await this.raiser.raise({ deviceId, type, time: row.fixTime, position });
    })();
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
