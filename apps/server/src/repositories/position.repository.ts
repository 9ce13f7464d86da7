import type { StoredTrackColumns } from '@xunji/shared';
import { sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import { dropPositionPartitionsBefore } from '../db/position-partitions.js';
import type { DeviceStatus } from '../db/schema.js';
import { FRAMES_TEXT_MAX, type IngestBatch, type IngestStore } from './ingest/ingest-batch.js';
import { deleteOldRows, type OldRowsBatch } from './old-rows.js';
import { inTimeOrder, TRACK_COLUMNS } from './track-columns.js';
import type { Db } from './types.js';

/** Where a device's stream stands after what is stored, so ingest can carry on from it. */
export interface DeviceCursor {
  /** Newest fix time stored. */
  lastFixTime?: number;
  /** The last point computed mileage was measured from (valid GPS fixes only). */
  odometerPoint?: { latitude: number; longitude: number };
  /** The newest valid GPS fix: where the implausible-jump check measures from. */
  lastGpsFix?: { latitude: number; longitude: number; fixTime: number };
  /** km: the device's odometer, or the distance computed from its fixes. */
  mileage: number;
  /** The status last stored or recorded. */
  status?: DeviceStatus;
}

export class PositionRepository {
  constructor(
    private readonly db: Db,
    private readonly store: IngestStore,
    private readonly dialect: Dialect,
  ) {}

  /** Run at start and daily (see IngestStore). */
  prepareFor(now: number): Promise<void> {
    return this.store.prepareFor(now);
  }

  /** PostgreSQL: drops the month partitions older than `cutoff`, answers them; SQLite has none. */
  async dropMonthsBefore(cutoff: number): Promise<string[]> {
    return this.dialect === 'postgres' ? dropPositionPartitionsBefore(this.db, cutoff) : [];
  }

  /** Deletes at most `limit` positions older than `cutoff`, from a device on (old-rows.ts). */
  deleteOlderThan(cutoff: number, fromDeviceId: number, limit: number): Promise<OldRowsBatch> {
    return deleteOldRows(this.db, this.dialect, 'positions', cutoff, fromDeviceId, limit);
  }

  /** Positions, device states and raw frames in one transaction (see IngestStore). */
  commitBatch(batch: IngestBatch): Promise<void> {
    return this.store.commit(batch);
  }

  /** Where each device's stream stands (devices with nothing stored start from zero). */
  async cursorsOf(deviceIds: number[]): Promise<Map<number, DeviceCursor>> {
    if (deviceIds.length === 0) return new Map();
    const states = await this.db
      .selectFrom('deviceStates')
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .execute();
    const statesById = new Map(states.map((state) => [state.deviceId, state]));
    return new Map(
      deviceIds.map((deviceId) => {
        const state = statesById.get(deviceId);
        const gpsFix =
          state?.valid === 1 &&
          state.lbsMode === 'gps' &&
          state.latitude !== null &&
          state.longitude !== null
            ? { latitude: state.latitude, longitude: state.longitude }
            : undefined;
        const cursor: DeviceCursor = {
          ...(state?.locateTime != null ? { lastFixTime: state.locateTime } : {}),
          ...(gpsFix ? { odometerPoint: gpsFix } : {}),
          ...(gpsFix && state?.locateTime != null
            ? { lastGpsFix: { ...gpsFix, fixTime: state.locateTime } }
            : {}),
          ...(state ? { status: state.status } : {}),
          mileage: state?.mileage ?? 0,
        };
        return [deviceId, cursor];
      }),
    );
  }

  /** At start no device is connected yet: those online before are offline until they are back. */
  async markOnlineOffline(now: number): Promise<void> {
    await this.db
      .updateTable('deviceStates')
      .set({ status: 'offline', updatedAt: now })
      .where('status', '=', 'online')
      .execute();
  }

  /**
   * Marks offline the devices stored online but not heard from since `quietSince` (their
   * connection's process is gone); answers them.
   */
  async markQuietOffline(quietSince: number, now: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('deviceStates')
      .set({ status: 'offline', updatedAt: now })
      .where('status', '=', 'online')
      .where((eb) => eb.or([eb('lastAlive', '<', quietSince), eb('lastAlive', 'is', null)]))
      .returning('deviceId')
      .execute();
    return rows.map((row) => row.deviceId);
  }

  findState(deviceId: number) {
    return this.db
      .selectFrom('deviceStates')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  /** The device's latest raw frames, newest first. */
  async latestFrames(deviceId: number): Promise<{ receivedAt: number; hex: string }[]> {
    const row = await this.db
      .selectFrom('deviceFrames')
      .select('frames')
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    const lines = row?.frames.split('\n') ?? [];
    // Full: the oldest line may have been cut.
    if (row && row.frames.length >= FRAMES_TEXT_MAX) lines.shift();
    return lines.reverse().map((line) => {
      const [receivedAt, hex] = line.split(' ');
      return { receivedAt: Number(receivedAt), hex: hex ?? '' };
    });
  }

  /** Valid GPS fixes after a time, oldest first: what stop and trip detection reads. */
  motionFixes(deviceId: number, after: number | undefined, limit: number) {
    let query = this.db
      .selectFrom('positions')
      .select(['fixTime', 'latitude', 'longitude', 'speed', 'acc'])
      .where('deviceId', '=', deviceId)
      .where('valid', '=', 1)
      .where('lbsMode', '=', 'gps');
    if (after !== undefined) query = query.where('fixTime', '>', after);
    return query.orderBy('fixTime').limit(limit).execute();
  }

  /** The newest valid GPS fix time of a device. */
  async latestMotionFixTime(deviceId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('positions')
      .select('fixTime')
      .where('deviceId', '=', deviceId)
      .where('valid', '=', 1)
      .where('lbsMode', '=', 'gps')
      .orderBy('fixTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.fixTime;
  }

  /** Every stored point of [start, end], oldest first, as columns with what a track shows. */
  async track(deviceId: number, start: number, end: number): Promise<StoredTrackColumns> {
    // A day at 1 Hz is 86,400 rows: one row holding a JSON array per column costs the drivers
    // about half of what a row object per point does (JSON.parse makes the arrays).
    const aggregate = (column: string) =>
      this.dialect === 'postgres'
        ? sql`json_agg(${sql.ref(column)})::text`
        : sql`json_group_array(${sql.ref(column)})`;
    const { rows } = await sql<Record<string, string | null>>`SELECT ${sql.join(
      TRACK_COLUMNS.map(([name, column]) => sql`${aggregate(column)} AS ${sql.ref(name)}`),
    )} FROM positions
      WHERE device_id = ${deviceId} AND fix_time >= ${start} AND fix_time <= ${end}`.execute(
      this.db.withoutPlugins(),
    );
    // PostgreSQL aggregates no rows to NULL.
    const columns = Object.fromEntries(
      TRACK_COLUMNS.map(([name]) => [name, JSON.parse(rows[0]?.[name] ?? '[]') as unknown[]]),
    ) as unknown as StoredTrackColumns;
    return inTimeOrder(columns);
  }

  /** For each window, whether the device has a position in it: one index probe each. */
  async hasPositionsIn(deviceId: number, windows: { start: number; end: number }[]) {
    if (windows.length === 0) return [];
    const probes = windows.map(
      ({ start, end }, index) => sql<{ i: number }>`SELECT ${sql.lit(index)} AS i WHERE EXISTS (
        SELECT 1 FROM positions WHERE device_id = ${deviceId}
        AND fix_time >= ${start} AND fix_time < ${end})`,
    );
    const { rows } = await sql<{ i: number }>`${sql.join(probes, sql` UNION ALL `)}`.execute(
      this.db,
    );
    const found = new Set(rows.map((row) => Number(row.i)));
    return windows.map((_, index) => found.has(index));
  }

  listForDevice(deviceId: number) {
    return this.db
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
  }
}
