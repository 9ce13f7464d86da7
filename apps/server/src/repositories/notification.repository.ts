import type { NewNotificationJob, NotificationJobRow, NotificationStatus } from '../db/schema.js';
import type { Db } from './types.js';

/** A number of the 3-minute rule (§9): texts and calls, each channel on its own. */
export interface PhoneNumber {
  channel: string;
  recipient: string;
}

/** Migration 0025: when each number was last reached, and a delivery to it under way. */
interface PhoneReachesTable extends PhoneNumber {
  sentAt: number | null;
  takenAt: number | null;
}

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

  byId(id: number): Promise<NotificationJobRow | undefined> {
    return this.db
      .selectFrom('notificationJobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
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

  /** Pending jobs due at `now`, in the order of their ids after `afterId` (a walk through all). */
  dueAfter(now: number, afterId: number, limit: number): Promise<NotificationJobRow[]> {
    return this.db
      .selectFrom('notificationJobs')
      .selectAll()
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a number for a text or call at `now`, in one statement whatever the number of
   * processes: false when it was reached less than `repeatMs` ago, or a delivery to it began
   * less than `leaseMs` ago and has not ended.
   */
  async takeNumber(
    number: PhoneNumber,
    now: number,
    { repeatMs, leaseMs }: { repeatMs: number; leaseMs: number },
  ): Promise<boolean> {
    const result = await this.reaches()
      .insertInto('phoneReaches')
      .values({ ...number, sentAt: null, takenAt: now })
      .onConflict((oc) =>
        oc
          .columns(['channel', 'recipient'])
          .doUpdateSet({ takenAt: now })
          .where((eb) =>
            eb.and([
              eb.or([
                eb('phoneReaches.sentAt', 'is', null),
                eb('phoneReaches.sentAt', '<=', now - repeatMs),
              ]),
              eb.or([
                eb('phoneReaches.takenAt', 'is', null),
                eb('phoneReaches.takenAt', '<=', now - leaseMs),
              ]),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows) === 1;
  }

  /** The delivery that took the number at `takenAt` ended; it reached the number at `sentAt`. */
  async releaseNumber(number: PhoneNumber, takenAt: number, sentAt?: number): Promise<void> {
    const db = this.reaches();
    const of = { channel: number.channel, recipient: number.recipient };
    if (sentAt !== undefined)
      await db
        .updateTable('phoneReaches')
        .set({ sentAt })
        .where('channel', '=', of.channel)
        .where('recipient', '=', of.recipient)
        .execute();
    // Unless its lease ran out and another delivery took the number since.
    await db
      .updateTable('phoneReaches')
      .set({ takenAt: null })
      .where('channel', '=', of.channel)
      .where('recipient', '=', of.recipient)
      .where('takenAt', '=', takenAt)
      .execute();
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

  private reaches() {
    return this.db.withTables<{ phoneReaches: PhoneReachesTable }>();
  }
}
