import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordingFiles } from '../audio/recording-files.js';
import type { Clock } from '../clock.js';
import type { OperationsSettings } from '../operations-settings.js';
import type { Repositories } from '../repositories/create-repositories.js';
import type { OldRowsBatch } from '../repositories/old-rows.js';

const DAY_MS = 86_400_000;

/** Rows per delete: each is a short synchronous statement on SQLite, then the gateway's turn. */
const RETENTION_BATCH_ROWS = 5000;
/** Recordings per batch: each has files to remove as well. */
const RECORDING_BATCH = 200;

export interface RetentionResult {
  /** PostgreSQL's month partitions of positions dropped whole. */
  partitionsDropped: string[];
  positions: number;
  networkFixes: number;
  recordings: number;
}

type DeleteBatch = (cutoff: number, fromDeviceId: number, limit: number) => Promise<OldRowsBatch>;

/**
 * Deletes what is older than the configured ages (0 keeps everything): positions and network
 * fixes by fix time — on PostgreSQL whole months first — and recordings, rows and files. Work is
 * done in batches with a turn of the event loop between them, so acks are never held for long.
 */
export class DataRetention {
  constructor(
    private readonly repositories: Pick<
      Repositories,
      'positions' | 'networkFixes' | 'audioRecords'
    >,
    private readonly files: RecordingFiles,
    private readonly ages: OperationsSettings['retention'],
    private readonly clock: Clock,
    private readonly batchRows = RETENTION_BATCH_ROWS,
  ) {}

  /** One pass; stops between batches once `signal` is aborted. */
  async run(signal?: AbortSignal): Promise<RetentionResult> {
    const result: RetentionResult = {
      partitionsDropped: [],
      positions: 0,
      networkFixes: 0,
      recordings: 0,
    };
    const now = this.clock.now();
    const { positions, networkFixes } = this.repositories;
    if (this.ages.positionDays > 0) {
      const cutoff = now - this.ages.positionDays * DAY_MS;
      result.partitionsDropped = await positions.dropMonthsBefore(cutoff);
      result.positions = await this.inBatches(cutoff, signal, (...args) =>
        positions.deleteOlderThan(...args),
      );
      result.networkFixes = await this.inBatches(cutoff, signal, (...args) =>
        networkFixes.deleteOlderThan(...args),
      );
    }
    if (this.ages.recordingDays > 0)
      result.recordings = await this.recordings(now - this.ages.recordingDays * DAY_MS, signal);
    return result;
  }

  private async inBatches(
    cutoff: number,
    signal: AbortSignal | undefined,
    deleteBatch: DeleteBatch,
  ): Promise<number> {
    let total = 0;
    for (let from = 0; !signal?.aborted; await nextTurn()) {
      const { deleted, lastDeviceId } = await deleteBatch(cutoff, from, this.batchRows);
      total += deleted;
      if (deleted < this.batchRows) break;
      from = lastDeviceId;
    }
    return total;
  }

  /** Rows first: a crash in between leaves files no row names, never a row without its file. */
  private async recordings(cutoff: number, signal: AbortSignal | undefined): Promise<number> {
    let total = 0;
    for (; !signal?.aborted; await nextTurn()) {
      const removed = await this.repositories.audioRecords.deleteOlderThan(cutoff, RECORDING_BATCH);
      await this.files.remove(removed.flatMap((row) => [row.fileName, row.originalName]));
      total += removed.length;
      if (removed.length < RECORDING_BATCH) break;
    }
    return total;
  }
}
