import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

type Table = CreateTableBuilder<string, never>;

/** Accounts, sessions, verification codes, applications, launch content and devices. */
export function foundation(dialect: Dialect) {
  const id = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const time = (c: ColumnDefinitionBuilder) => c.notNull();
  const flag = (value: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await id(db.schema.createTable('applications'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('production_env', 'integer', flag(1))
        .addColumn('audit_mode_ios', 'integer', flag(1))
        .addColumn('audit_mode_android', 'integer', flag(1))
        .addColumn('audit_mode_web', 'integer', flag(0))
        .addColumn('push_alarm', 'integer', flag(1))
        .addColumn('wechat_alarm', 'integer', flag(1))
        .addColumn('sms_alarm', 'integer', flag(1))
        .addColumn('phone_alarm', 'integer', flag(0))
        .addColumn('activation', 'integer', flag(1))
        .addColumn('panorama', 'integer', flag(0))
        .addColumn('customer_service', 'integer', flag(1))
        .addColumn('app_manual', 'integer', flag(0))
        .addColumn('support_phone', 'text')
        .addColumn('support_email', 'text')
        .addColumn('created_at', 'bigint', time)
        .execute();

      await db.schema
        .createTable('server_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('enterprises'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) =>
          c.references('enterprises.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', time)
        .execute();

      await id(db.schema.createTable('users'))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('phone_number', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('nickname', 'text')
        .addColumn('user_type', 'integer', (c) => c.notNull())
        .addColumn('enterprise_id', 'integer', (c) =>
          c.references('enterprises.id').onDelete('set null'),
        )
        .addColumn('terminal_no', 'text')
        .addColumn('open_id', 'text')
        .addColumn('wx_user_name', 'text')
        .addColumn('created_at', 'bigint', time)
        .addColumn('updated_at', 'bigint', time)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('application_id', 'integer', (c) => c.notNull())
        .addColumn('push_client_id', 'text')
        .addColumn('system_info', 'text')
        .addColumn('created_at', 'bigint', time)
        .addColumn('expires_at', 'bigint', time)
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('subject', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();

      await db.schema
        .createTable('captchas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', time)
        .execute();

      await id(db.schema.createTable('sms_codes'))
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', time)
        .addColumn('expires_at', 'bigint', time)
        .addColumn('used_at', 'bigint')
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('sms_codes_phone')
        .on('sms_codes')
        .columns(['phone_number', 'created_at'])
        .execute();
      await db.schema
        .createIndex('sms_codes_ip')
        .on('sms_codes')
        .columns(['ip', 'created_at'])
        .execute();

      await id(db.schema.createTable('sms_outbox'))
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', time)
        .execute();

      await id(db.schema.createTable('devices'))
        .addColumn('terminal_no', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        .addColumn('iccid', 'text')
        .addColumn('name', 'text')
        .addColumn('enterprise_id', 'integer', (c) =>
          c.references('enterprises.id').onDelete('set null'),
        )
        .addColumn('created_at', 'bigint', time)
        .execute();

      await db.schema
        .createTable('user_devices')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('is_owner', 'integer', flag(0))
        .addColumn('created_at', 'bigint', time)
        .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_id'])
        .execute();
      await db.schema
        .createIndex('user_devices_device')
        .on('user_devices')
        .column('device_id')
        .execute();

      await id(db.schema.createTable('app_versions'))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('version_code', 'integer', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('notes', 'text')
        .addColumn('force', 'integer', flag(0))
        .addColumn('created_at', 'bigint', time)
        .addUniqueConstraint('app_versions_platform', ['application_id', 'platform'])
        .execute();

      await id(db.schema.createTable('notices'))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint', time)
        .execute();

      await id(db.schema.createTable('app_ads'))
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text')
        .addColumn('display_seconds', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', time)
        .addColumn('ends_at', 'bigint')
        .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', time)
        .execute();
    },
  };
}
