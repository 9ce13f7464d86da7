import type {
  DeviceFramesUpsert,
  DeviceStateUpsert,
  NetworkFixInsert,
  PositionInsert,
} from '../repositories/ingest/ingest-batch.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import { mergeStates } from './device-state.js';
import type { DeviceSnapshot } from './device-snapshots.js';

/** What one message (or one periodic flush) has to store. */
export interface Writes {
  positions?: PositionInsert[];
  snapshots?: DeviceSnapshot[];
  networkFixes?: NetworkFixInsert[];
}

interface Pending extends Writes {
  committed: () => void;
  failed: (error: unknown) => void;
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
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly positions: PositionRepository,
    private readonly options: BatchOptions,
    private readonly observe: CommitObserver = () => undefined,
  ) {}

  write(writes: Writes): Promise<void> {
    return new Promise((committed, failed) => {
      this.queue.push({ ...writes, committed, failed });
      this.queued += Math.max(1, writes.positions?.length ?? 0);
      if (this.queued >= this.options.size) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
    });
  }

  /** Writes what is queued now; resolves when every batch so far is done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.queued = 0;
    if (batch.length > 0) this.flushing = this.flushing.then(() => this.commit(batch));
    return this.flushing;
  }

  private async commit(batch: Pending[]): Promise<void> {
    const positions: PositionInsert[] = [];
    const networkFixes: NetworkFixInsert[] = [];
    const states = new Map<number, DeviceStateUpsert>();
    const frames = new Map<number, DeviceFramesUpsert>();
    for (const pending of batch) {
      if (pending.positions) for (const row of pending.positions) positions.push(row);
      if (pending.networkFixes) for (const row of pending.networkFixes) networkFixes.push(row);
      for (const { state, frames: latest } of pending.snapshots ?? []) {
        const earlier = states.get(state.deviceId);
        states.set(state.deviceId, earlier ? mergeStates(earlier, state) : state);
        if (latest) frames.set(latest.deviceId, latest);
      }
    }
    try {
      const started = performance.now();
      await this.positions.commitBatch({
        positions,
        states: [...states.values()],
        frames: [...frames.values()],
        networkFixes,
      });
      this.observe(positions.length, (performance.now() - started) / 1000);
      for (const pending of batch) pending.committed();
    } catch (error) {
      for (const pending of batch) pending.failed(error);
    }
  }
}
