import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

type Table = CreateTableBuilder<string, never>;

/** Positions (WGS-84, one row per device and fix time) and each device's latest state. */
export function positions(dialect: Dialect) {
  const id = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await id(db.schema.createTable('positions'))
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('fix_time', 'bigint', (c) => c.notNull())
        .addColumn('server_time', 'bigint', (c) => c.notNull())
        .addColumn('valid', 'integer', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('altitude', 'double precision')
        .addColumn('speed', 'double precision', (c) => c.notNull())
        .addColumn('course', 'double precision', (c) => c.notNull())
        .addColumn('lbs_mode', 'text', (c) => c.notNull())
        .addColumn('satellites', 'integer')
        .addColumn('battery', 'integer')
        .addColumn('acc', 'integer')
        .addColumn('mileage', 'double precision')
        .addColumn('reupload', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attributes', 'text')
        .execute();
      // One row per device and fix time: a re-sent (un-acked) position is stored once.
      await db.schema
        .createIndex('positions_device_time')
        .on('positions')
        .columns(['device_id', 'fix_time'])
        .unique()
        .execute();

      await db.schema
        .createTable('device_states')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('last_alive', 'bigint')
        .addColumn('locate_time', 'bigint')
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('speed', 'double precision')
        .addColumn('course', 'double precision')
        .addColumn('valid', 'integer')
        .addColumn('lbs_mode', 'text')
        .addColumn('satellites', 'integer')
        .addColumn('battery', 'integer')
        .addColumn('signal', 'integer')
        .addColumn('acc', 'integer')
        .addColumn('voltage', 'double precision')
        .addColumn('mileage', 'double precision')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
