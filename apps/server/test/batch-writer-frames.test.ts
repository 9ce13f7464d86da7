import { describe, expect, it } from 'vitest';
import { BatchWriter } from '../src/gateway/batch-writer.js';
import { ChunkPool } from '../src/gateway/byte-chunks.js';
import { offlineState } from '../src/gateway/device-state.js';
import { FrameLog } from '../src/gateway/frame-log.js';
import type { IngestBatch } from '../src/repositories/ingest/ingest-batch.js';
import type { PositionRepository } from '../src/repositories/position.repository.js';

/** A device's log holding one frame of 600 bytes (two chunks), taken for a write. */
function takenFrames(pool: ChunkPool) {
  const log = new FrameLog(50, pool);
  log.append(1000, new Uint8Array(600).fill(0xab));
  return { deviceId: 7, frames: log.take(), updatedAt: 1000 };
}

const storeOf = (commitBatch: (batch: IngestBatch) => Promise<void>) =>
  ({ commitBatch }) as unknown as PositionRepository;

describe('raw frames through the batch writer', () => {
  it('are made text when the store reads them, and their chunks go back', async () => {
    const pool = new ChunkPool();
    const read: string[] = [];
    const writer = new BatchWriter(
      storeOf(async (batch) => void read.push(...batch.frames.map((row) => row.frames))),
      { size: 1, delayMs: 1 },
    );
    await writer.write({ snapshots: [{ state: offlineState(7, 0), frames: takenFrames(pool) }] });
    expect(read).toEqual([`1000 ${'ab'.repeat(600)}`]);
    expect([pool.take().byteOffset, pool.take().byteOffset].sort((a, b) => a - b)).toEqual([
      0, 512,
    ]);
  });

  it('give their chunks back unread when the commit fails', async () => {
    const pool = new ChunkPool();
    const writer = new BatchWriter(
      storeOf(() => Promise.reject(new Error('database down'))),
      { size: 1, delayMs: 1 },
    );
    const write = writer.write({
      snapshots: [{ state: offlineState(7, 0), frames: takenFrames(pool) }],
    });
    await expect(write).rejects.toThrow('database down');
    expect([pool.take().byteOffset, pool.take().byteOffset].sort((a, b) => a - b)).toEqual([
      0, 512,
    ]);
  });
});
