import type { Kysely } from 'kysely';

/** Devices that tried to connect without being registered (when the operator holds them). */
export function heldDevices() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('held_devices')
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('first_seen', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('held_devices_pk', ['identifier', 'protocol'])
        .execute();
    },
  };
}
