import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

const TOGGLES = [
  'push',
  'sms',
  'tel',
  'wechat',
  'fence',
  'vibration',
  'sos',
  'tear',
  'low_power',
  'speed',
  'power_off',
  'voice',
  'rest',
  'offline',
];
/** §4 defaults: the emergencies and push on, the noisy and the paid channels off. */
const ON_BY_DEFAULT = new Set([
  'push',
  'fence',
  'sos',
  'tear',
  'low_power',
  'power_off',
  'offline',
]);

/** Fences and their state, alarms and who read them, alarm settings, push clients, deliveries. */
export function fencesAlarms(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn('id', serial, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          );
      const deviceId = (c: ColumnDefinitionBuilder) =>
        c.notNull().references('devices.id').onDelete('cascade');

      await table('fences')
        .addColumn('device_id', 'integer', deviceId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('alarm_on', 'text', (c) => c.notNull())
        .addColumn('radius', 'double precision')
        // WGS-84 [[lng, lat], …] as JSON
        .addColumn('points', 'text', (c) => c.notNull())
        .addColumn('region_code', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fences_device').on('fences').column('device_id').execute();

      // Where the device was last seen for each fence, so a restart does not alarm again.
      await db.schema
        .createTable('fence_states')
        .addColumn('fence_id', 'bigint', (c) =>
          c.primaryKey().references('fences.id').onDelete('cascade'),
        )
        .addColumn('inside', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();

      let settings = table('alarm_settings').addColumn('device_id', 'integer', (c) =>
        deviceId(c).unique(),
      );
      for (const toggle of TOGGLES)
        settings = settings.addColumn(`${toggle}_alarm`, 'integer', (c) =>
          c.notNull().defaultTo(ON_BY_DEFAULT.has(toggle) ? 1 : 0),
        );
      settings = settings.addColumn('speed_limit', 'double precision');
      for (const prefix of ['tel_phone_no', 'sms_phone_no'])
        for (let slot = 1; slot <= 6; slot++)
          settings = settings.addColumn(`${prefix}${slot}`, 'text');
      await settings
        .addColumn('wechat_nickname', 'text')
        .addColumn('wechat_headimgurl', 'text')
        .addColumn('wechat_open_unionid', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('alarm_logs')
        .addColumn('device_id', 'integer', deviceId)
        .addColumn('alarm_type', 'text', (c) => c.notNull())
        .addColumn('alarm_time', 'bigint', (c) => c.notNull())
        .addColumn('begin_lat', 'double precision')
        .addColumn('begin_lon', 'double precision')
        .addColumn('end_lat', 'double precision')
        .addColumn('end_lon', 'double precision')
        .addColumn('address', 'text')
        // No foreign key: the log keeps the fence's name after the fence is gone.
        .addColumn('fence_id', 'bigint')
        .addColumn('fence_name', 'text')
        .addColumn('speed', 'double precision')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // A device's list, newest first; the type throttle's "latest of this type".
      await db.schema
        .createIndex('alarm_logs_device_time')
        .on('alarm_logs')
        .columns(['device_id', 'alarm_time'])
        .execute();
      await db.schema
        .createIndex('alarm_logs_device_type_time')
        .on('alarm_logs')
        .columns(['device_id', 'alarm_type', 'alarm_time'])
        .execute();

      // Each user's own read and removed marks (family members keep their own lists).
      await db.schema
        .createTable('alarm_marks')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('alarm_id', 'bigint', (c) =>
          c.notNull().references('alarm_logs.id').onDelete('cascade'),
        )
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('alarm_marks_pk', ['user_id', 'alarm_id'])
        .execute();
      // "Clear all": a user's list of a device starts after this alarm id.
      await db.schema
        .createTable('alarm_clears')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'integer', deviceId)
        .addColumn('up_to_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_clears_pk', ['user_id', 'device_id'])
        .execute();

      await db.schema
        .createTable('push_clients')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_clients_user')
        .on('push_clients')
        .column('user_id')
        .execute();

      // One job per alarm and recipient of a channel; every attempt is kept.
      await table('notification_jobs')
        .addColumn('alarm_id', 'bigint', (c) =>
          c.notNull().references('alarm_logs.id').onDelete('cascade'),
        )
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notification_jobs_due')
        .on('notification_jobs')
        .columns(['status', 'next_attempt_at'])
        .execute();
      // The 3-minute rule: the latest sent call or text to a number.
      await db.schema
        .createIndex('notification_jobs_recipient')
        .on('notification_jobs')
        .columns(['channel', 'recipient', 'sent_at'])
        .execute();
      await table('notification_attempts')
        .addColumn('job_id', 'bigint', (c) =>
          c.notNull().references('notification_jobs.id').onDelete('cascade'),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
    },
  };
}
