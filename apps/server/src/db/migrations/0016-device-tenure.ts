import type { Kysely } from 'kysely';

/**
 * Device tenure (docs/security.md): when the current tenure of a device began (its organisation's
 * view starts there), from when each binding sees the device's data, and fences whose tenure
 * ended (kept for retention, never shown or checked again); the account a membership message to the
 owner is about. Existing rows keep seeing everything.
 */
export function deviceTenure() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('devices')
        .addColumn('tenure_started_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('user_devices')
        .addColumn('visible_from', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('fences').addColumn('retired_at', 'bigint').execute();
      await db.schema.alterTable('alarm_logs').addColumn('member', 'text').execute();
    },
  };
}
