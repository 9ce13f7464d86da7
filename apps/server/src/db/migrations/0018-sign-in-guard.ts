import type { Kysely } from 'kysely';

/**
 * The sign-in guard's counters: `attempt_counters` is one atomically incremented count per key
 * (an account name, an address, a captcha source) in a fixed window, with the lock of an account
 * under sustained abuse; `login_failures` now remembers which addresses failed for a subject, so
 * a lock needs many of them. The old consecutive-failure rows (at most 15 minutes of locks) go.
 */
export function signInGuard() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('login_failures').execute();
      await db.schema
        .createTable('attempt_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();
      await db.schema
        .createIndex('attempt_counters_window')
        .on('attempt_counters')
        .column('window_start')
        .execute();
      await db.schema
        .createTable('login_failures')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_failures_pk', ['subject', 'address'])
        .execute();
      await db.schema
        .createIndex('login_failures_failed_at')
        .on('login_failures')
        .column('failed_at')
        .execute();
    },
  };
}
