import { DelayedError, Queue, type Job } from 'bullmq';
import type { NotificationDelivery } from '../alarms/notification-delivery.js';
import type { Clock } from '../clock.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import { queueOptions, QueueWorker, type QueueSettings } from './queue-worker.js';

const QUEUE = 'deliveries';
/** Rows read (and jobs added) per step of a walk through the due ones. */
const PAGE = 500;
/** As many deliveries at once as the local poller's batch. */
const CONCURRENCY = 50;

interface DeliveryJob {
  notificationId: number;
}

/** The delivery will be tried again after BullMQ's backoff (its row records why). */
class RetryLater extends Error {}
/** What a job's failure is when it is no failure of its own: no log line. */
const expected = (error: unknown) => error instanceof RetryLater || error instanceof DelayedError;

/**
 * Alarm deliveries as BullMQ jobs (REDIS_URL set). The `notification_jobs` rows stay the
 * durable record, written with the alarm; each due row becomes a job whose id is the row's, so
 * queueing it again is a no-op while it is queued, and the periodic walk through the due rows
 * brings back those Redis lost. A worker delivers with `NotificationDelivery`, which takes the
 * row in the database first: two workers never both send it. Retries wait BullMQ's exponential
 * backoff, the same times the row records.
 */
export class DeliveryQueue {
  private readonly queue: Queue<DeliveryJob>;
  private worker: QueueWorker | undefined;

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly delivery: NotificationDelivery,
    private readonly settings: QueueSettings & { stopTimeLimitMs: number },
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {
    const { maxAttempts, backoffMs } = delivery.rules;
    this.queue = new Queue<DeliveryJob>(QUEUE, {
      ...queueOptions(settings),
      defaultJobOptions: {
        attempts: maxAttempts,
        backoff: { type: 'exponential', delay: backoffMs },
        // The row keeps every attempt; a job finished either way may be queued again.
        removeOnComplete: true,
        removeOnFail: true,
      },
    });
    this.queue.on('error', onError);
  }

  /** Queues every row due now that is not queued yet; answers how many rows were due. */
  async queueDue(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (let after = 0; ;) {
      const rows = await this.notifications.dueAfter(now, after, PAGE);
      if (rows.length === 0) return total;
      await this.queue.addBulk(
        rows.map((row) => ({
          name: 'deliver',
          data: { notificationId: row.id },
          opts: { jobId: `notification-${row.id}` },
        })),
      );
      total += rows.length;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** Delivers queued jobs in this process (one that runs the cluster's jobs). */
  startWorker(): void {
    this.worker ??= new QueueWorker(
      QUEUE,
      this.settings,
      (job, token) => this.process(job, token),
      {
        concurrency: CONCURRENCY,
        onError: this.onError,
      },
    );
  }

  /** No more deliveries here: those under way finish (or go back to the queue past the limit). */
  async stopWorker(): Promise<void> {
    await this.worker?.close(this.settings.stopTimeLimitMs);
  }

  /** The worker stopped, then the queue closed: nothing more can be queued from here. */
  async close(): Promise<void> {
    await this.stopWorker();
    await this.queue.close();
  }

  /** Jobs by state, for /metrics. */
  depths(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
  }

  private async process(job: Job<DeliveryJob>, token: string): Promise<void> {
    try {
      await this.deliver(job, token);
    } catch (error) {
      if (!expected(error)) this.onError(error);
      throw error;
    }
  }

  private async deliver(job: Job<DeliveryJob>, token: string): Promise<void> {
    const row = await this.notifications.byId(job.data.notificationId);
    if (row?.status !== 'pending') return;
    // Taken by a worker that has not finished with it (or died): its lease runs out first.
    const wait = row.nextAttemptAt - this.clock.now();
    if (wait > 0) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
    if ((await this.delivery.deliver(row)) === 'retry')
      throw new RetryLater(`notification ${row.id}: attempt ${row.attempts + 1} failed`);
  }
}
