import type { NewNotificationJob, NotificationJobRow, NotificationStatus } from '../db/schema.js';
import type { Db } from './types.js';

/** Delivery jobs (one per alarm, channel and recipient) and every attempt at them. */
export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async enqueue(jobs: NewNotificationJob[]): Promise<void> {
    if (jobs.length > 0) await this.db.insertInto('notificationJobs').values(jobs).execute();
  }

  /** Jobs waiting for their first or next attempt, due or not. */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('notificationJobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Jobs whose time has come, oldest first. */
  due(now: number, limit: number): Promise<NotificationJobRow[]> {
    return this.db
      .selectFrom('notificationJobs')
      .selectAll()
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a job for `leaseMs` (another process, or this one after a crash, may take it again
   * once the lease ends): true when this caller got it.
   */
  async claim(job: NotificationJobRow, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('notificationJobs')
      .set({ nextAttemptAt: now + leaseMs })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '=', job.nextAttemptAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** When the channel last reached the recipient (the 3-minute rule). */
  async lastSentTo(channel: string, recipient: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('notificationJobs')
      .select((eb) => eb.fn.max('sentAt').as('at'))
      .where('channel', '=', channel)
      .where('recipient', '=', recipient)
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  /** Records an attempt and where the job stands after it. */
  async settle(
    job: NotificationJobRow,
    attempt: { at: number; ok: boolean; detail: string | null },
    next: { status: NotificationStatus; nextAttemptAt?: number; counted: boolean },
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('notificationAttempts')
        .values({ jobId: job.id, at: attempt.at, ok: attempt.ok ? 1 : 0, detail: attempt.detail })
        .execute();
      await tx
        .updateTable('notificationJobs')
        .set({
          status: next.status,
          attempts: job.attempts + (next.counted ? 1 : 0),
          nextAttemptAt: next.nextAttemptAt ?? job.nextAttemptAt,
          sentAt: next.status === 'sent' ? attempt.at : null,
          lastError: attempt.ok ? null : attempt.detail,
        })
        .where('id', '=', job.id)
        .execute();
    });
  }

  ofAlarm(alarmId: number): Promise<NotificationJobRow[]> {
    return this.db
      .selectFrom('notificationJobs')
      .selectAll()
      .where('alarmId', '=', alarmId)
      .orderBy('id')
      .execute();
  }

  attemptsOf(jobId: number) {
    return this.db
      .selectFrom('notificationAttempts')
      .selectAll()
      .where('jobId', '=', jobId)
      .orderBy('id')
      .execute();
  }
}
