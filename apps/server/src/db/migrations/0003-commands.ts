import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Commands sent (or waiting to be sent) to devices, with their §4 result. */
export function commands(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('commands');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('reference', 'text')
        .addColumn('reply', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('answered_at', 'bigint')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('commands_device_state')
        .on('commands')
        .columns(['device_id', 'state'])
        .execute();
    },
  };
}
