import type { Kysely } from 'kysely';

/** Addresses a paid geocoding service gave, so a restart does not ask for them again. */
export function geocodeCache() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('geocode_cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
