import type { DeviceFramesUpsert, DeviceStateUpsert } from '../repositories/ingest/ingest-batch.js';
import { mergeInto } from './device-state.js';
import { FrameLog } from './frame-log.js';

/**
 * Raw frames of a device kept in memory until they are written (appended to those stored, for
 * support: `npm run admin -- device:frames`); past this many, the oldest unwritten ones go.
 */
export const FRAMES_KEPT = 50;
/** How often at most a device's raw frames are written (they are support data, ~7 KB a row). */
export const FRAMES_WRITE_MS = 30_000;

/** What is written of a device besides its positions: its state and its latest raw frames. */
export interface DeviceSnapshot {
  state: DeviceStateUpsert;
  frames?: DeviceFramesUpsert;
}

interface Entry {
  /** Merged state of the messages since the last write; undefined when nothing changed. */
  pending?: DeviceStateUpsert;
  /** The state last written (merged into from then on). */
  written?: DeviceStateUpsert;
  writtenAt: number;
  /** Not written yet. */
  frames: FrameLog;
  framesWrittenAt: number;
}

/** A device's frames are first written an interval after it is first heard, not at its login. */
const newEntry = (now: number): Entry => ({
  writtenAt: -Infinity,
  frames: new FrameLog(FRAMES_KEPT),
  framesWrittenAt: now,
});

/**
 * A device's state and raw frames change with every message, but are written with a batch of
 * positions at most once per interval per device (state at once when its status changes): a
 * device sending every second costs one position row per message, not three rows. Positions
 * themselves are never delayed. A crash loses at most one interval of state, never a position.
 */
export class DeviceSnapshots {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly stateMs: number) {}

  /** Records one message's state (and raw frame); answers the snapshot to write now, if due. */
  record(
    state: DeviceStateUpsert,
    frame: Uint8Array | undefined,
    now: number,
  ): DeviceSnapshot | undefined {
    const entry = this.entryOf(state.deviceId, now);
    if (entry.pending) mergeInto(entry.pending, state);
    else entry.pending = state;
    if (frame) entry.frames.append(now, frame);
    const due = now - entry.writtenAt >= this.stateMs || state.status !== entry.written?.status;
    return due ? this.take(state.deviceId, entry, now, this.framesDue(entry, now)) : undefined;
  }

  /**
   * The states that changed and have waited their interval, with the frames that are due: run
   * often, it spreads a fleet's state writes evenly instead of writing them all at once. `all`:
   * everything not written yet (when the gateway stops).
   */
  takeWaiting(now: number, all = false): DeviceSnapshot[] {
    const snapshots: DeviceSnapshot[] = [];
    for (const [deviceId, entry] of this.entries) {
      const stateDue = entry.pending && (all || now - entry.writtenAt >= this.stateMs);
      const framesDue = all ? entry.frames.count > 0 : this.framesDue(entry, now);
      if (stateDue || framesDue) snapshots.push(this.take(deviceId, entry, now, framesDue));
    }
    return snapshots;
  }

  /** What the pipeline forgets after a failed commit (it reloads the device then). */
  forget(deviceId: number): void {
    this.entries.delete(deviceId);
  }

  private entryOf(deviceId: number, now: number): Entry {
    let entry = this.entries.get(deviceId);
    if (!entry) {
      entry = newEntry(now);
      this.entries.set(deviceId, entry);
    }
    return entry;
  }

  private framesDue(entry: Entry, now: number): boolean {
    return entry.frames.count > 0 && now - entry.framesWrittenAt >= FRAMES_WRITE_MS;
  }

  /** The snapshot of the device as it is now: its state, and its frames with `withFrames`. */
  private take(deviceId: number, entry: Entry, now: number, withFrames: boolean): DeviceSnapshot {
    const state = entry.pending ?? entry.written!;
    entry.pending = undefined;
    entry.written = state;
    entry.writtenAt = now;
    if (!withFrames) return { state };
    entry.framesWrittenAt = now;
    const frames = entry.frames.take();
    return { state, frames: { deviceId, frames, updatedAt: now } };
  }
}
