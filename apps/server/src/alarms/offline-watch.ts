import type { Clock } from '../clock.js';
import type { DeviceStatus } from '../db/schema.js';
import { BatchLoader } from '../gateway/batch-loader.js';

/**
 * An offline alarm due more than this long ago (the server was down then) is not raised late:
 * a restart after a long stop does not flood users with stale alarms.
 */
export const LATE_OFFLINE_ALARM_MS = 24 * 3600_000;

/** What the watch reads of the stored device states. */
export interface OfflineStore {
  /** Devices offline since `from` or later without an offline alarm since (online ones: `now`). */
  offlineUnalarmed(from: number, now: number): Promise<{ deviceId: number; since: number }[]>;
  aliveOf(
    deviceIds: readonly number[],
  ): Promise<Map<number, { status: DeviceStatus; lastAlive: number | null }>>;
}

/**
 * The offline alarm's timers: a device offline since a time is due `offlineAfterMs` later unless
 * it comes back. After a start, the devices offline before it (read from the stored states) are
 * watched again; when a timer ends, the stored state must still say offline and unheard of since,
 * so a device that came back through another process (or during the start) does not alarm.
 */
export class OfflineWatch {
  private readonly timers = new Map<number, { timer: NodeJS.Timeout; dueAt: number }>();
  private readonly alive: BatchLoader<number, { status: DeviceStatus; lastAlive: number | null }>;

  constructor(
    private readonly store: OfflineStore,
    private readonly offlineAfterMs: number,
    private readonly clock: Clock,
    /** The device has been offline long enough (`since` is when it went). */
    private readonly onDue: (deviceId: number, since: number) => void,
  ) {
    this.alive = new BatchLoader((ids) => store.aliveOf(ids));
  }

  /** The device went offline at `since`: its alarm is due unless it comes back first. */
  wentOffline(deviceId: number, since: number): void {
    if (this.timers.has(deviceId)) return;
    const dueAt = since + this.offlineAfterMs;
    const now = this.clock.now();
    if (now - dueAt > LATE_OFFLINE_ALARM_MS) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(deviceId);
        this.onDue(deviceId, since);
      },
      Math.max(0, dueAt - now),
    );
    timer.unref();
    this.timers.set(deviceId, { timer, dueAt });
  }

  /** The device was heard from. */
  back(deviceId: number): void {
    clearTimeout(this.timers.get(deviceId)?.timer);
    this.timers.delete(deviceId);
  }

  /** Watches the devices that were offline at the start (due ones are raised at once). */
  async resume(): Promise<void> {
    const now = this.clock.now();
    const from = now - this.offlineAfterMs - LATE_OFFLINE_ALARM_MS;
    for (const { deviceId, since } of await this.store.offlineUnalarmed(from, now))
      this.wentOffline(deviceId, since);
  }

  /**
   * The devices offline and without their alarm although it was due more than `graceMs` ago
   * (none more than a day late): in a cluster, those no gateway's timer watches (they went
   * offline before its start, or their gateway stopped).
   */
  async overdue(graceMs: number): Promise<{ deviceId: number; since: number }[]> {
    const now = this.clock.now();
    const from = now - this.offlineAfterMs - LATE_OFFLINE_ALARM_MS;
    const unalarmed = await this.store.offlineUnalarmed(from, now);
    return unalarmed.filter(({ since }) => since + this.offlineAfterMs + graceMs <= now);
  }

  /** Whether the stored state still says offline, with nothing heard from the device since. */
  async stillOffline(deviceId: number, since: number): Promise<boolean> {
    const state = await this.alive.load(deviceId);
    return state?.status === 'offline' && (state.lastAlive ?? -Infinity) <= since;
  }

  /** When the device's offline alarm is due, if it is watched. */
  dueAt(deviceId: number): number | undefined {
    return this.timers.get(deviceId)?.dueAt;
  }

  stop(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
