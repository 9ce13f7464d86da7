import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Links to a device's live position (issue 18): only the code's SHA-256 is kept, so a copy of
 * the database opens no share.
 */
export function positionShares(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('position_shares')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('duration_h', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('position_shares_device')
        .on('position_shares')
        .columns(['device_id', 'expires_at'])
        .execute();
    },
  };
}
