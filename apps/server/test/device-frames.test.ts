import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/context.js';
import { FRAMES_TEXT_MAX } from '../src/repositories/ingest/ingest-batch.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';

const empty = { positions: [], states: [], networkFixes: [] };

describe.each(testDialects())('a device raw frames on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('appends each write to those stored and keeps the newest whole lines', async () => {
    const repositories = createRepositories(database.handle);
    const { id } = await registerDevice({ repositories }, '868120000000066', 'gt06');
    const line = (i: number) => `${1_000_000 + i} 7878${i.toString(16).padStart(4, '0')}0d0a`;
    const write = (from: number, to: number) =>
      repositories.positions.commitBatch({
        ...empty,
        frames: [
          {
            deviceId: id,
            frames: Array.from({ length: to - from }, (_, k) => line(from + k)).join('\n'),
            updatedAt: to,
          },
        ],
      });
    await write(0, 3);
    await write(3, 5);
    expect((await repositories.positions.latestFrames(id)).map((f) => f.receivedAt)).toEqual([
      1_000_004, 1_000_003, 1_000_002, 1_000_001, 1_000_000,
    ]);
    // Far past the limit: the oldest fall off the front, a cut line is not shown.
    for (let from = 5; from < 1005; from += 100) await write(from, from + 100);
    const frames = await repositories.positions.latestFrames(id);
    expect(frames[0]).toEqual({ receivedAt: 1_001_004, hex: '787803ec0d0a' });
    const perLine = line(1004).length + 1;
    expect(frames.length).toBe(Math.floor(FRAMES_TEXT_MAX / perLine));
    expect(frames.every((f, i) => f.receivedAt === 1_001_004 - i)).toBe(true);
  });
});
