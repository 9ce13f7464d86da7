import type { DeviceStateUpsert } from '../repositories/ingest/ingest-batch.js';
import { ChunkPool } from './byte-chunks.js';
import { offlineState } from './device-state.js';
import { FrameLog, type TakenFrames } from './frame-log.js';

/**
 * Raw frames of a device kept in memory until they are written (appended to those stored, for
 * support: `npm run admin -- device:frames`); past this many, the oldest unwritten ones go.
 */
export const FRAMES_KEPT = 50;
/** How often at most a device's raw frames are written (they are support data, ~7 KB a row). */
export const FRAMES_WRITE_MS = 30_000;

/** A fleet's states are written in this many turns per interval (`takeWaiting`). */
export const STATE_TURNS = 8;
/**
 * Devices of this many consecutive ids are written in the same turn: their state rows share
 * pages (~27 to a page on SQLite), so one page write carries many states instead of one.
 */
const ID_BLOCK = 256;
const turnOf = (deviceId: number) => Math.floor(deviceId / ID_BLOCK) % STATE_TURNS;

/** A device's raw frames to append to those stored. */
export interface FramesWrite {
  deviceId: number;
  frames: TakenFrames;
  updatedAt: number;
}

/** What is written of a device besides its positions: its state and its latest raw frames. */
export interface DeviceSnapshot {
  state: DeviceStateUpsert;
  frames?: FramesWrite;
}

interface Entry {
  /**
   * Every message's state, changed in place: one object for the device's whole stay rather than
   * one per message or interval. A write hands out this object itself: it is read when its batch
   * commits, and anything merged into it meanwhile is only newer.
   */
  state: DeviceStateUpsert;
  /** Some message since the last write changed `state`; since when. */
  pending: boolean;
  pendingSince: number;
  /** The status last written. */
  writtenStatus?: DeviceStateUpsert['status'];
  /** Not written yet. */
  frames: FrameLog;
  framesWrittenAt: number;
}

/**
 * A device's frames are first written an interval after it is first heard, not at its login. Its
 * state knows nothing yet until a message changes it.
 */
const newEntry = (deviceId: number, now: number, chunks: ChunkPool): Entry => ({
  state: offlineState(deviceId, now),
  pending: false,
  pendingSince: now,
  frames: new FrameLog(FRAMES_KEPT, chunks),
  framesWrittenAt: now,
});

/**
 * A device's state and raw frames change with every message, but are written with a batch of
 * positions only now and then: a device's state at once when its status changes (and at its
 * first message), otherwise in its turn — once per interval, with the devices of neighbouring
 * ids, whose rows share its pages (a state written alone costs a whole page of the write-ahead
 * log: as much as its position). Raw frames at most every FRAMES_WRITE_MS. Positions themselves
 * are never delayed. A crash loses at most one interval of state, never a position.
 */
export class DeviceSnapshots {
  private readonly entries = new Map<number, Entry>();
  /** Where the devices' unwritten frames are kept. */
  private readonly frameChunks = new ChunkPool();

  constructor(private readonly stateMs: number) {}

  /** The device's state as its messages so far made it, for the next to change in place. */
  heldState(deviceId: number, now: number): DeviceStateUpsert {
    return this.entryOf(deviceId, now).state;
  }

  /**
   * A message changed the device's held state (`frame`: its raw bytes, kept for their write):
   * answers the snapshot to write now, if due.
   */
  recorded(
    deviceId: number,
    frame: Uint8Array | undefined,
    now: number,
  ): DeviceSnapshot | undefined {
    const entry = this.entryOf(deviceId, now);
    if (!entry.pending) {
      entry.pending = true;
      entry.pendingSince = now;
    }
    if (frame) entry.frames.append(now, frame);
    const due = this.stateMs === 0 || entry.state.status !== entry.writtenStatus;
    return due ? this.take(deviceId, entry, now, this.framesDue(entry, now)) : undefined;
  }

  /**
   * The states of this turn's devices, in id order, and the frames that are due: run
   * STATE_TURNS times per interval, it writes each device's state once per interval, a fleet's
   * worth spread evenly over it. A state that missed its turn (a stalled event loop) goes in the
   * next run. `all`: everything not written yet (when the gateway stops).
   */
  takeWaiting(now: number, all = false): DeviceSnapshot[] {
    const turnMs = this.stateMs / STATE_TURNS;
    const turn = turnMs > 0 ? Math.floor(now / turnMs) % STATE_TURNS : -1;
    const snapshots: DeviceSnapshot[] = [];
    for (const [deviceId, entry] of this.entries) {
      const stateDue =
        entry.pending &&
        (all || turnOf(deviceId) === turn || now - entry.pendingSince >= this.stateMs + turnMs);
      const framesDue = all ? entry.frames.count > 0 : this.framesDue(entry, now);
      if (stateDue || framesDue) snapshots.push(this.take(deviceId, entry, now, framesDue));
    }
    return snapshots.sort((a, b) => a.state.deviceId - b.state.deviceId);
  }

  /** What the pipeline forgets after a failed commit (it reloads the device then). */
  forget(deviceId: number): void {
    this.entries.get(deviceId)?.frames.release();
    this.entries.delete(deviceId);
  }

  private entryOf(deviceId: number, now: number): Entry {
    let entry = this.entries.get(deviceId);
    if (!entry) {
      entry = newEntry(deviceId, now, this.frameChunks);
      this.entries.set(deviceId, entry);
    }
    return entry;
  }

  private framesDue(entry: Entry, now: number): boolean {
    return entry.frames.count > 0 && now - entry.framesWrittenAt >= FRAMES_WRITE_MS;
  }

  /** The snapshot of the device as it is now: its state, and its frames with `withFrames`. */
  private take(deviceId: number, entry: Entry, now: number, withFrames: boolean): DeviceSnapshot {
    const { state } = entry;
    entry.pending = false;
    entry.writtenStatus = state.status;
    if (!withFrames) return { state };
    entry.framesWrittenAt = now;
    const frames = entry.frames.take();
    return { state, frames: { deviceId, frames, updatedAt: now } };
  }
}
