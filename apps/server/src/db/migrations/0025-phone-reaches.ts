import { sql, type Kysely } from 'kysely';

/**
 * The 3-minute rule (§9) across processes: one row per channel and number, taken in one
 * conditional statement before a text or call, so two workers never reach a number together.
 * Filled from the calls and texts sent so far.
 */
export function phoneReaches() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('phone_reaches')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        // When the number was last reached.
        .addColumn('sent_at', 'bigint')
        // When a delivery to it started that has not ended yet (none: null).
        .addColumn('taken_at', 'bigint')
        .addPrimaryKeyConstraint('phone_reaches_pk', ['channel', 'recipient'])
        .execute();
      await sql`INSERT INTO phone_reaches (channel, recipient, sent_at)
        SELECT channel, recipient, MAX(sent_at) FROM notification_jobs
        WHERE channel IN ('sms', 'tel') AND sent_at IS NOT NULL
        GROUP BY channel, recipient`.execute(db);
    },
  };
}
