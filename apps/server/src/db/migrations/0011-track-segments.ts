import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Stops and trips, detected as positions arrive (history/segment-updater.ts), and the devices
 * whose late positions still wait for detection.
 */
export function trackSegments(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('track_segments')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('start_lat', 'double precision', (c) => c.notNull())
        .addColumn('start_lon', 'double precision', (c) => c.notNull())
        .addColumn('end_lat', 'double precision', (c) => c.notNull())
        .addColumn('end_lon', 'double precision', (c) => c.notNull())
        .addColumn('distance', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('max_speed', 'double precision', (c) => c.notNull().defaultTo(0))
        // A stop's detection state, to resume from it (see DetectedStop).
        .addColumn('last_time', 'bigint')
        .addColumn('anchor_time', 'bigint')
        .addColumn('anchor_lat', 'double precision')
        .addColumn('anchor_lon', 'double precision')
        .addColumn('acc_off', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('provisional', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Reports of a day: segments ending after the day starts (recent days read few rows).
      await db.schema
        .createIndex('track_segments_device_end')
        .on('track_segments')
        .columns(['device_id', 'end_time'])
        .execute();
      // Resuming detection: the latest stop before a time.
      await db.schema
        .createIndex('track_segments_device_start')
        .on('track_segments')
        .columns(['device_id', 'start_time'])
        .execute();
      await db.schema
        .createTable('segment_marks')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('dirty_from', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
