import type { NewDeviceFrame, NewPosition } from '../db/schema.js';
import type { DeviceStateUpdate, PositionRepository } from '../repositories/position.repository.js';

interface Pending {
  positions: NewPosition[];
  frames: NewDeviceFrame[];
  state: DeviceStateUpdate;
  committed: () => void;
  failed: (error: unknown) => void;
}

export interface BatchOptions {
  /** Flush when this many positions wait… */
  size: number;
  /** …or when the oldest has waited this long (ms). */
  delayMs: number;
}

/**
 * Groups what many devices send into one transaction. `write` resolves only once the data is
 * committed, so the caller acknowledges the device after that and never before: a crash loses no
 * acknowledged position, and what was not acknowledged the device sends again.
 */
export class BatchWriter {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly positions: PositionRepository,
    private readonly options: BatchOptions,
  ) {}

  write(
    positions: NewPosition[],
    state: DeviceStateUpdate,
    frames: NewDeviceFrame[] = [],
  ): Promise<void> {
    return new Promise((committed, failed) => {
      this.queue.push({ positions, frames, state, committed, failed });
      this.queued += Math.max(1, positions.length);
      if (this.queued >= this.options.size) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.delayMs);
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
    const latest = new Map<number, DeviceStateUpdate>();
    for (const { state } of batch) {
      const known = latest.get(state.deviceId);
      const newer =
        !known?.position || (state.position && state.position.fixTime > known.position.fixTime);
      latest.set(state.deviceId, {
        ...state,
        lastAlive: Math.max(state.lastAlive, known?.lastAlive ?? 0),
        ...(newer ? {} : { position: known?.position }),
      });
    }
    try {
      await this.positions.commitBatch(
        batch.flatMap((p) => p.positions),
        [...latest.values()],
        batch.flatMap((p) => p.frames),
      );
      for (const pending of batch) pending.committed();
    } catch (error) {
      for (const pending of batch) pending.failed(error);
    }
  }
}
