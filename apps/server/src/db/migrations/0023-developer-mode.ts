import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Developer mode (§6): a flag per account, set by the operator. A developer's test alarm is a
 * delivery job without an alarm, so `notification_jobs.alarm_id` becomes nullable; every job
 * addressed to an account's push client records that account (`user_id`), so the account's
 * message log survives the client being replaced or gone.
 */
export function developerMode(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('developer_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await sql`ALTER TABLE notification_jobs ALTER COLUMN alarm_id DROP NOT NULL`.execute(db);
        await db.schema
          .alterTable('notification_jobs')
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .execute();
      } else {
        await rebuildJobsOnSqlite(db);
      }
      await db.schema
        .createIndex('notification_jobs_user')
        .on('notification_jobs')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}

/** SQLite cannot drop NOT NULL: the documented rebuild (new table, copy, drop, rename). */
async function rebuildJobsOnSqlite(db: Kysely<unknown>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction, so the pragma applies; without it,
  // dropping the old table would cascade to notification_attempts.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      await tx.schema
        .createTable('notification_jobs_next')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('alarm_id', 'bigint', (c) => c.references('alarm_logs.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await sql`INSERT INTO notification_jobs_next (id, alarm_id, channel, recipient, language,
        status, attempts, next_attempt_at, sent_at, last_error, created_at)
        SELECT id, alarm_id, channel, recipient, language, status, attempts, next_attempt_at,
        sent_at, last_error, created_at FROM notification_jobs`.execute(tx);
      await tx.schema.dropTable('notification_jobs').execute();
      await tx.schema.alterTable('notification_jobs_next').renameTo('notification_jobs').execute();
      await tx.schema
        .createIndex('notification_jobs_due')
        .on('notification_jobs')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await tx.schema
        .createIndex('notification_jobs_recipient')
        .on('notification_jobs')
        .columns(['channel', 'recipient', 'sent_at'])
        .execute();
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
