import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordingFiles } from '../src/audio/recording-files.js';
import { createRepositories, type Repositories } from '../src/context.js';
import { ensurePositionPartitions } from '../src/db/position-partitions.js';
import type { AudioRecordRow } from '../src/db/schema.js';
import { DataRetention } from '../src/retention/data-retention.js';
import { TimerSchedule } from '../src/jobs/timer-schedule.js';
import { RetentionJob } from '../src/retention/retention-job.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';
import { storedFix } from './support/stored-fix.js';

const NOW = Date.UTC(2026, 10, 23, 8);
const DAY_MS = 86_400_000;
const place = { latitude: 31.2, longitude: 121.4 };
// 30 days of positions: the cut-off is 24 October 08:00.
const ages = { positionDays: 30, recordingDays: 10 };
const clock = { now: () => NOW };

/** Fix times on both sides of the cut-off, in partitions of their own, straddling, and default. */
const june = Date.UTC(2026, 5, 10);
const october10 = Date.UTC(2026, 9, 10);
const october30 = Date.UTC(2026, 9, 30);
const november = Date.UTC(2026, 10, 20);
const longAgo = Date.UTC(2019, 0, 1);
const future = Date.UTC(2031, 0, 1);
const OLD = [june, october10, longAgo];
const KEPT = [october30, november, future];

describe.each(testDialects())('data retention on %s', (dialect) => {
  let database: TestDatabase;
  let repositories: Repositories;
  let files: RecordingFiles;
  let devices: number[];
  let oldRecord: AudioRecordRow;
  let newRecord: AudioRecordRow;

  const record = async (deviceId: number, createdAt: number) => {
    const fileName = files.newName(deviceId, 'mp3');
    const originalName = files.newName(deviceId, 'amr');
    await files.write(fileName, new Uint8Array([1]));
    await files.write(originalName, new Uint8Array([2]));
    return repositories.audioRecords.createFromUpload(
      {
        deviceId,
        commandId: null,
        source: 'device',
        fileName,
        originalName,
        mimeType: 'audio/mpeg',
        durationMs: 1000,
        sizeBytes: 1,
        isRead: 0,
        createdAt,
        deleteTime: null,
      },
      `media-${createdAt}`,
    );
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repositories = createRepositories(database.handle);
    files = RecordingFiles.open(path.join(database.env.DATA_DIR, 'recordings'));
    if (dialect === 'postgres')
      await ensurePositionPartitions(database.handle.db, NOW, { from: june, to: june });
    devices = [];
    for (const terminalNo of ['868120000000101', '868120000000102', '868120000000103'])
      devices.push((await registerDevice({ repositories }, terminalNo, 'gt06')).id);
    const [first, second] = devices as [number, number];
    await repositories.positions.commitBatch({
      positions: [first, second].flatMap((id) =>
        [...OLD, ...KEPT].map((time) => storedFix(id, time, place)),
      ),
      states: [],
      frames: [],
      networkFixes: [october10, november].map((fixTime) => ({
        deviceId: first,
        fixTime,
        serverTime: fixTime,
        cells: '[]',
        wifi: '[]',
      })),
    });
    oldRecord = await record(second, NOW - 11 * DAY_MS);
    newRecord = await record(second, NOW - 9 * DAY_MS);
  });
  afterAll(() => database.drop());

  const fixTimes = async (deviceId: number) =>
    (await repositories.positions.listForDevice(deviceId)).map((row) => row.fixTime);
  const partitions = async () => {
    const { rows } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass
      ORDER BY 1`.execute(database.handle.db);
    return rows.map((row) => row.name);
  };
  it('keeps everything when both ages are 0', async () => {
    const [first] = devices as [number];
    const before = dialect === 'postgres' ? await partitions() : [];
    const none = new DataRetention(
      repositories,
      files,
      { positionDays: 0, recordingDays: 0 },
      clock,
    );
    expect(await none.run()).toEqual({
      partitionsDropped: [],
      positions: 0,
      networkFixes: 0,
      recordings: 0,
    });
    expect(await fixTimes(first)).toHaveLength(OLD.length + KEPT.length);
    expect(await repositories.networkFixes.listForDevice(first)).toHaveLength(2);
    expect(await repositories.audioRecords.findById(oldRecord.id)).toBeDefined();
    if (dialect === 'postgres') expect(await partitions()).toEqual(before);
  });

  it('deletes positions, network fixes and recordings older than their ages, in batches', async () => {
    const [first, second, third] = devices as [number, number, number];
    // Three rows per batch: batches end inside a device's rows and between devices.
    const retention = new DataRetention(repositories, files, ages, clock, 3);
    const result = await retention.run();

    if (dialect === 'postgres') {
      // Whole months before the cut-off go as partitions; October straddles it and stays.
      expect(result.partitionsDropped).toEqual([
        'positions_y2026m06',
        'positions_y2026m07',
        'positions_y2026m08',
        'positions_y2026m09',
      ]);
      expect(await partitions()).toContain('positions_y2026m10');
      expect(await partitions()).not.toContain('positions_y2026m09');
    }
    // On PostgreSQL June's rows went with their partition; the rest row by row.
    expect(result.positions).toBe(dialect === 'postgres' ? 4 : 6);
    expect(result.networkFixes).toBe(1);
    expect(result.recordings).toBe(1);
    for (const id of [first, second]) expect(await fixTimes(id)).toEqual(KEPT);
    expect(await fixTimes(third)).toEqual([]);
    expect(
      (await repositories.networkFixes.listForDevice(first)).map((row) => row.fixTime),
    ).toEqual([november]);

    expect(await repositories.audioRecords.findById(oldRecord.id)).toBeUndefined();
    expect(await files.sizeOf(oldRecord.fileName)).toBeUndefined();
    expect(await files.sizeOf(oldRecord.originalName)).toBeUndefined();
    expect(await repositories.audioRecords.findById(newRecord.id)).toBeDefined();
    expect(await files.sizeOf(newRecord.fileName)).toBe(1);
    expect(await files.sizeOf(newRecord.originalName)).toBe(1);

    // A second pass finds nothing more.
    expect(await retention.run()).toEqual({
      partitionsDropped: [],
      positions: 0,
      networkFixes: 0,
      recordings: 0,
    });
  });

  it('runs once at start as a job, and logs what it deleted', async () => {
    const [first] = devices as [number];
    await repositories.positions.commitBatch({
      positions: [storedFix(first, october10 + 1, place)],
      states: [],
      frames: [],
      networkFixes: [],
    });
    const logger = { info: vi.fn(), error: vi.fn() };
    const job = new RetentionJob(
      new DataRetention(repositories, files, ages, clock),
      logger as unknown as FastifyBaseLogger,
    );
    const schedule = new TimerSchedule(clock, (_, error) => {
      throw error;
    });
    schedule.every('data-retention', { everyMs: DAY_MS, atStart: true }, (signal) =>
      job.runOnce(signal),
    );
    await schedule.start();
    await vi.waitFor(() => expect(logger.info).toHaveBeenCalled());
    await schedule.stop();
    expect(logger.info.mock.calls[0]?.[0]).toMatchObject({ positions: 1 });
    expect(logger.error).not.toHaveBeenCalled();
    expect(await fixTimes(first)).toEqual(KEPT);
  });
});
