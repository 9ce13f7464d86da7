import type {
  DeviceFramesUpsert,
  DeviceStateUpsert,
  NetworkFixInsert,
  PositionInsert,
} from '../repositories/ingest/ingest-batch.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import { mergeStates } from './device-state.js';
import type { DeviceSnapshot, FramesWrite } from './device-snapshots.js';

/**
 * A device's frames taken since its last write, as its row. Their text is made when the store
 * reads `frames` as it writes the row (once): made for a whole batch before its transaction, a
 * fleet's frames outlived the young collections that ran meanwhile and were most of what reached
 * the old generation.
 */
class FramesRow implements DeviceFramesUpsert {
  readonly deviceId: number;
  readonly updatedAt: number;

  constructor(private readonly writes: FramesWrite[]) {
    this.deviceId = writes[0]!.deviceId;
    this.updatedAt = writes.at(-1)!.updatedAt;
  }

  get frames(): string {
    return this.writes.map(({ frames }) => frames.text()).join('\n');
  }

  /** The commit failed: the frames are dropped (and their chunks given back) unread. */
  discard(): void {
    for (const { frames } of this.writes) frames.release();
  }
}

/** What one message (or one periodic flush) has to store. */
export interface Writes {
  positions?: PositionInsert[];
  snapshots?: DeviceSnapshot[];
  networkFixes?: NetworkFixInsert[];
}

/** Told once what it wrote is committed, or that the commit failed. */
export interface CommitListener {
  committed(): void;
  failed(error: unknown): void;
}

/** Told of each batch committed: its positions and how long the commit took. */
export type CommitObserver = (positions: number, seconds: number) => void;

export interface BatchOptions {
  /** Flush when this many positions wait… */
  size: number;
  /** …or when the oldest has waited this long (ms). */
  delayMs: number;
}

/**
 * Groups what many devices send into one transaction. `write` resolves only once the data is
 * committed, so the caller acknowledges the device after that and never before: a crash loses no
 * acknowledged position, and what was not acknowledged the device sends again. Batches commit in
 * the order they were written, and the writes of one batch resolve in their order.
 */
export class BatchWriter {
  /** What waits for the next batch, and who hears of its commit (the same index). */
  private queue: Writes[] = [];
  private listeners: CommitListener[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly positions: PositionRepository,
    private readonly options: BatchOptions,
    private readonly observe: CommitObserver = () => undefined,
  ) {}

  write(writes: Writes): Promise<void> {
    return new Promise((committed, failed) => this.submit(writes, { committed, failed }));
  }

  /**
   * `write` without a promise, for the hot path: `listener` hears of the commit synchronously,
   * in order, with the rest of its batch.
   */
  submit(writes: Writes, listener: CommitListener): void {
    this.queue.push(writes);
    this.listeners.push(listener);
    this.queued += Math.max(1, writes.positions?.length ?? 0);
    if (this.queued >= this.options.size) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Writes what is queued now; resolves when every batch so far is done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    const listeners = this.listeners;
    this.queue = [];
    this.listeners = [];
    this.queued = 0;
    if (batch.length > 0) this.flushing = this.flushing.then(() => this.commit(batch, listeners));
    return this.flushing;
  }

  private async commit(batch: Writes[], listeners: CommitListener[]): Promise<void> {
    const positions: PositionInsert[] = [];
    const networkFixes: NetworkFixInsert[] = [];
    const states = new Map<number, DeviceStateUpsert>();
    const frames = new Map<number, FramesWrite[]>();
    for (const writes of batch) {
      if (writes.positions) for (const row of writes.positions) positions.push(row);
      if (writes.networkFixes) for (const row of writes.networkFixes) networkFixes.push(row);
      for (const { state, frames: taken } of writes.snapshots ?? []) {
        const earlier = states.get(state.deviceId);
        states.set(state.deviceId, earlier ? mergeStates(earlier, state) : state);
        if (taken) frames.set(taken.deviceId, [...(frames.get(taken.deviceId) ?? []), taken]);
      }
    }
    const frameRows = [...frames.values()].map((writes) => new FramesRow(writes));
    const started = performance.now();
    try {
      await this.positions.commitBatch({
        positions,
        states: [...states.values()],
        frames: frameRows,
        networkFixes,
      });
    } catch (error) {
      for (const row of frameRows) row.discard();
      for (const listener of listeners) listener.failed(error);
      return;
    }
    this.observe(positions.length, (performance.now() - started) / 1000);
    for (const listener of listeners) {
      // A listener's fault must not keep the rest of the batch, or the next batches, waiting.
      try {
        listener.committed();
      } catch (error) {
        listener.failed(error);
      }
    }
  }
}
