import { sql, type Kysely } from 'kysely';
import { CATEGORY_FEATURES, SEED_MODELS } from '../../devices/model-catalogue.js';
import type { Dialect } from '../database.js';

/**
 * Device models with their feature flags (seeded), the devices' icon, service periods (§3 VIP
 * record), family binding requests and display filters, and the users' own last position.
 */
export function devices(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('device_models')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('family', 'text')
        .addColumn('protocol', 'text')
        .addColumn('icon_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('default_for_protocol', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      const now = Date.now();
      await db
        .insertInto('device_models' as never)
        .values(
          SEED_MODELS.map((model) => ({
            name: model.name,
            category: model.category,
            family: model.family,
            protocol: model.protocol,
            icon_type: model.iconType,
            default_for_protocol: model.defaultForProtocol ? 1 : 0,
            features: JSON.stringify(CATEGORY_FEATURES[model.category]),
            created_at: now,
          })) as never,
        )
        .execute();

      await db.schema.alterTable('devices').addColumn('icon_type', 'integer').execute();

      await db.schema
        .createTable('device_services')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('starting_time', 'bigint', (c) => c.notNull())
        .addColumn('expiration_time', 'bigint', (c) => c.notNull())
        .addColumn('is_trial', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .alterTable('user_devices')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      await db.schema.alterTable('user_devices').addColumn('filter', 'text').execute();

      await db.schema
        .createTable('user_locations')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create index devices_enterprise on devices (enterprise_id)`.execute(db);
    },
  };
}
