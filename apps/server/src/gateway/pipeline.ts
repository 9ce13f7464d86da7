import type { DecodedMessage, Position } from '@xunji/protocols';
import type { Clock } from '../clock.js';
import type { NetworkFixInsert } from '../repositories/ingest/ingest-batch.js';
import type { DeviceCursor, PositionRepository } from '../repositories/position.repository.js';
import { BatchLoader } from './batch-loader.js';
import type { BatchWriter } from './batch-writer.js';
import { DeviceSnapshots } from './device-snapshots.js';
import { applyMessage, applyOffline } from './device-state.js';
import type { GatewayEvents } from './gateway-events.js';
import { MessageCommit, type MessageListener } from './message-commit.js';
import { advanceOdometer } from './odometer.js';
import {
  implausibleJump,
  MAX_FUTURE_MS,
  rejectPosition,
  type Rejection,
} from './position-filter.js';
import { toPositionRow } from './position-row.js';

/** The message's cell and Wi-Fi fixes as rows; undefined when it has none (most messages). */
function networkFixesOf(
  deviceId: number,
  messages: DecodedMessage[],
  now: number,
): NetworkFixInsert[] | undefined {
  let fixes: NetworkFixInsert[] | undefined;
  for (const m of messages) {
    if (m.type !== 'networkFix' || m.fixTime > now + MAX_FUTURE_MS) continue;
    const wifi = JSON.stringify(m.wifi ?? []);
    (fixes ??= []).push({
      deviceId,
      fixTime: m.fixTime,
      serverTime: now,
      cells: JSON.stringify(m.cells),
      wifi,
    });
  }
  return fixes;
}

/** The cursor's newest GPS fix, changed in place (a new object per fix would outlive the young heap). */
function keepGpsFix(cursor: DeviceCursor, { latitude, longitude, fixTime }: Position): void {
  const fix = cursor.lastGpsFix;
  if (!fix) cursor.lastGpsFix = { latitude, longitude, fixTime };
  else {
    fix.latitude = latitude;
    fix.longitude = longitude;
    fix.fixTime = fixTime;
  }
}

const positionOf = (message: DecodedMessage): Position | undefined =>
  message.type === 'position' || message.type === 'alarm' ? message.position : undefined;

/**
 * Per device, in order: filter → state → batch write → events. `handle` answers a promise that
 * resolves once the message is committed (and its events published); the connection then sends
 * the device its ack.
 */
export class Pipeline {
  /** Each device's stream position, loaded once from the database and then kept here. */
  private readonly cursors = new Map<number, DeviceCursor>();
  private readonly loading = new Map<number, Promise<unknown>>();
  private readonly cursorLoader: BatchLoader<number, DeviceCursor>;
  /** Writes nobody waits for (offline states), so that stopping can wait for them. */
  private readonly background = new Set<Promise<void>>();
  private readonly snapshots: DeviceSnapshots;
  readonly rejected: Record<Rejection, number> = { invalidFix: 0, future: 0, duplicate: 0 };
  /** Stored, with a flag in their attributes. */
  readonly flagged = { implausibleJump: 0 };

  /** `snapshotMs`: how often at most a device's state and raw frames are written. */
  constructor(
    private readonly positions: PositionRepository,
    private readonly writer: BatchWriter,
    private readonly clock: Clock,
    snapshotMs: number,
    private readonly events: GatewayEvents,
  ) {
    this.snapshots = new DeviceSnapshots(snapshotMs);
    this.cursorLoader = new BatchLoader((ids) => positions.cursorsOf(ids));
  }

  /** Loads what the pipeline keeps of a device; call it when the device is identified. */
  async prepare(deviceId: number): Promise<void> {
    if (!this.cursors.has(deviceId)) await this.load(deviceId);
  }

  /**
   * `raw` is the frame as received, kept among the device's latest frames. Messages of a
   * prepared device handed in one after the other are committed in that order. Resolves, once
   * committed, to the number of positions stored.
   */
  handle(deviceId: number, messages: DecodedMessage[], raw?: Uint8Array): Promise<number> {
    return new Promise((stored, failed) =>
      this.submit(deviceId, messages, raw, { stored, failed }),
    );
  }

  /** `handle` without a promise (the gateway's hot path): `listener` hears of the commit. */
  submit(
    deviceId: number,
    messages: DecodedMessage[],
    raw: Uint8Array | undefined,
    listener: MessageListener,
  ): void {
    const cursor = this.cursors.get(deviceId);
    // Only after a failed commit (the device's connection is closed then).
    if (!cursor) {
      this.load(deviceId).then(
        () => this.submit(deviceId, messages, raw, listener),
        (error: unknown) => listener.failed(error),
      );
      return;
    }
    const now = this.clock.now();
    const commit = new MessageCommit(deviceId, messages, now, listener, this.events, this.forget);
    let newestReported: Position | undefined;
    for (const message of messages) {
      const position = positionOf(message);
      if (!position) continue;
      const rejection = rejectPosition(position, cursor.lastFixTime, now);
      if (rejection) {
        this.rejected[rejection]++;
        continue;
      }
      const isNewest = cursor.lastFixTime === undefined || position.fixTime > cursor.lastFixTime;
      const jump = implausibleJump(position, cursor.lastGpsFix);
      if (jump) this.flagged.implausibleJump++;
      // A jump's distance is not travelled: the odometer skips it.
      const mileage =
        isNewest && !jump ? advanceOdometer(cursor, position) : (position.mileageKm ?? null);
      const row = toPositionRow(deviceId, position, now, mileage, jump);
      commit.store(position, row);
      if (isNewest) {
        cursor.lastFixTime = position.fixTime;
        commit.newest = row;
        newestReported = position;
        if (position.valid && position.lbsMode === 'gps') keepGpsFix(cursor, position);
      } else commit.lateFrom = Math.min(commit.lateFrom ?? Infinity, position.fixTime);
    }
    const state = this.snapshots.heldState(deviceId, now);
    const mileage = commit.newest ? cursor.mileage : null;
    applyMessage(state, messages, now, commit.newest, newestReported, mileage);
    if (state.status !== cursor.status) commit.status = state.status;
    cursor.status = state.status;
    const snapshot = this.snapshots.recorded(deviceId, raw, now);
    if (snapshot) commit.snapshots = [snapshot];
    commit.networkFixes = networkFixesOf(deviceId, messages, now);
    this.writer.submit(commit, commit);
  }

  /** A commit failed: what its messages taught is forgotten (the device sends them again). */
  private readonly forget = (deviceId: number): void => {
    this.cursors.delete(deviceId);
    this.snapshots.forget(deviceId);
  };

  /**
   * Writes the states and frames that have waited their interval (run periodically); `all`: every
   * one not written yet (at stop).
   */
  flushSnapshots(all = false): Promise<void> {
    const waiting = this.snapshots.takeWaiting(this.clock.now(), all);
    return waiting.length > 0 ? this.writer.write({ snapshots: waiting }) : Promise.resolve();
  }

  /** The device's connection ended: it is offline (written in the background). */
  deviceGone(deviceId: number): void {
    const now = this.clock.now();
    const cursor = this.cursors.get(deviceId);
    if (cursor) cursor.status = 'offline';
    applyOffline(this.snapshots.heldState(deviceId, now), now);
    const snapshot = this.snapshots.recorded(deviceId, undefined, now);
    const written = this.writer.write({ snapshots: snapshot ? [snapshot] : [] });
    this.track(
      written.then(() =>
        this.events.publish({ type: 'status', deviceId, status: 'offline', at: now }),
      ),
    );
  }

  /** Runs a write in the background; `idle` waits for it, and a failure only loses that write. */
  track(write: Promise<void>): void {
    const settled: Promise<void> = write
      .catch(() => undefined)
      .finally(() => this.background.delete(settled));
    this.background.add(settled);
  }

  /** Resolves when every background write has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.background]);
  }

  /** One load per device however many messages wait for it. */
  private load(deviceId: number): Promise<unknown> {
    let loading = this.loading.get(deviceId);
    if (!loading) {
      loading = this.cursorLoader
        .load(deviceId)
        .then((cursor) => {
          this.cursors.set(deviceId, cursor!);
        })
        .finally(() => this.loading.delete(deviceId));
      this.loading.set(deviceId, loading);
    }
    return loading;
  }
}
