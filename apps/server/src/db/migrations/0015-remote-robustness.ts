import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Commands that wait for a device: queued for its next login, or sent and awaiting the reply. */
const WAITING = sql<boolean>`state in ('queued', 'sent') and kind is not null`;

/**
 * Remote control robustness: the database itself keeps one waiting command of a kind per device
 * (two simultaneous requests cannot both pass), and every media packet acknowledged to a device
 * is a row until its upload becomes a recording (a restart loses no audio).
 */
export function remoteRobustness(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Duplicates let in before this rule: the oldest of a kind keeps waiting, the rest are unsent.
      await sql`
        update commands set state = 'done', result = 'unsent', answered_at = created_at
        where ${WAITING} and exists (
          select 1 from commands older
          where older.device_id = commands.device_id and older.kind = commands.kind
            and older.state in ('queued', 'sent') and older.id < commands.id)
      `.execute(db);
      await db.schema
        .createIndex('commands_one_waiting_per_kind')
        .on('commands')
        .columns(['device_id', 'kind'])
        .unique()
        .where(WAITING)
        .execute();

      await db.schema
        .createTable('media_chunks')
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('media_id', 'text', (c) => c.notNull())
        .addColumn('chunk_index', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_chunks_pk', ['device_id', 'media_id', 'chunk_index'])
        .execute();
    },
  };
}
