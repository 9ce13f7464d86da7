import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/context.js';
import { ensurePositionPartitions } from '../src/db/position-partitions.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';

const row = (deviceId: number, fixTime: number) => ({
  deviceId,
  fixTime,
  serverTime: fixTime,
  valid: 1,
  latitude: 31.2,
  longitude: 121.4,
  altitude: null,
  speed: 0,
  course: 0,
  lbsMode: 'gps',
  satellites: null,
  battery: null,
  acc: null,
  mileage: null,
  reupload: 0,
  attributes: null,
});

describe.skipIf(!testDialects().includes('postgres'))('positions on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('keeps each month in its own partition, and a re-sent position once', async () => {
    const repositories = createRepositories(database.handle);
    const { id } = await registerDevice({ repositories }, '868120000000055', 'gt06');
    const november = Date.UTC(2026, 10, 23, 8);
    const march = Date.UTC(2026, 2, 1, 0, 0, 0);
    await ensurePositionPartitions(database.handle.db, november, { from: march, to: march });
    const batch = { states: [], frames: [], networkFixes: [] };
    await repositories.positions.commitBatch({
      ...batch,
      positions: [row(id, november), row(id, march), row(id, Date.UTC(2031, 0, 1))],
    });
    await repositories.positions.commitBatch({ ...batch, positions: [row(id, november)] });
    const { rows } = await sql<{ partition: string; count: string }>`
      SELECT tableoid::regclass::text AS partition, count(*) AS count FROM positions
      GROUP BY 1 ORDER BY 1`.execute(database.handle.db);
    expect(rows.map((r) => [r.partition, Number(r.count)])).toEqual([
      ['positions_default', 1],
      ['positions_y2026m03', 1],
      ['positions_y2026m11', 1],
    ]);
    expect(await repositories.positions.listForDevice(id)).toHaveLength(3);
  });
});
