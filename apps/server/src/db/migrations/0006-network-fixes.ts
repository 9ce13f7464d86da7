import type { Kysely } from 'kysely';

/** Cells and Wi-Fi access points a device saw without a GPS fix, and where a provider put them. */
export function networkFixes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('network_fixes')
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('fix_time', 'bigint', (c) => c.notNull())
        .addColumn('server_time', 'bigint', (c) => c.notNull())
        .addColumn('cells', 'text', (c) => c.notNull())
        .addColumn('wifi', 'text', (c) => c.notNull())
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('accuracy', 'double precision')
        .addColumn('resolved_at', 'bigint')
        .addPrimaryKeyConstraint('network_fixes_pk', ['device_id', 'fix_time'])
        .execute();
    },
  };
}
