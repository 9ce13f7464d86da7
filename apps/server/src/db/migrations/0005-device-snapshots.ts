import type { Kysely } from 'kysely';

/**
 * Raw frames become one row per device holding its latest frames (written with the device's state,
 * at most once per interval), and device state gains the battery state (charging).
 */
export function deviceSnapshots() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('device_frames').execute();
      await db.schema
        .createTable('device_frames')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('frames', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('device_states').addColumn('charging', 'integer').execute();
    },
  };
}
