import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Remote control and voice: the kind of each command; each device's confirmed remote settings (one JSON document, written
 * when a command succeeds) and its recordings (files on disk, a row each, a recycle bin).
 */
export function remoteVoice(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('device_remote_states')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audio_records')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('command_id', 'integer', (c) => c.references('commands.id').onDelete('set null'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delete_time', 'bigint')
        .execute();
      await db.schema
        .createIndex('audio_records_device')
        .on('audio_records')
        .columns(['device_id', 'id'])
        .execute();
      // The kind (§3 paramName) of each command: one of a kind waits at a time, the latest is shown.
      await db.schema.alterTable('commands').addColumn('kind', 'text').execute();
      await db.schema
        .createIndex('commands_device_kind')
        .on('commands')
        .columns(['device_id', 'kind', 'id'])
        .execute();
      await db.schema
        .createIndex('commands_device_id')
        .on('commands')
        .columns(['device_id', 'id'])
        .execute();
    },
  };
}
