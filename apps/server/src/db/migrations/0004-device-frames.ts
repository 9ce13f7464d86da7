import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The latest raw frames of each device, for support (`npm run admin -- device:frames`). */
export function deviceFrames(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('device_frames');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('device_frames_device')
        .on('device_frames')
        .columns(['device_id', 'id'])
        .execute();
    },
  };
}
