import { Queue, type Job, type RepeatOptions } from 'bullmq';
import type { PeriodicSchedule, PeriodicTask, TaskFailure, Timing } from './periodic-schedule.js';
import { queueOptions, QueueWorker, type QueueSettings } from './queue-worker.js';

const QUEUE = 'periodic';

function repeatOf(timing: Timing, now: number): Omit<RepeatOptions, 'key'> {
  if ('dailyAtHour' in timing)
    return { pattern: `0 ${timing.dailyAtHour} * * *`, tz: timing.timeZone };
  // A new job scheduler's first run is at once; a task not run at start waits its interval.
  return timing.atStart
    ? { every: timing.everyMs }
    : { every: timing.everyMs, startDate: now + timing.everyMs };
}

/**
 * Periodic work once for the whole cluster: a BullMQ job scheduler per task in Redis makes one
 * job per interval, and whichever process's worker takes it runs the task. A run that comes
 * while the task's previous run is still going (in any process) is skipped. Only the processes
 * that run the cluster's jobs make one of these; each (re)declares every task at its start
 * (the schedule of a task carries on across restarts) and removes those it no longer knows.
 */
export class QueueSchedule implements PeriodicSchedule {
  private readonly tasks = new Map<string, { timing: Timing; task: PeriodicTask }>();
  private readonly stopping = new AbortController();
  private queue: Queue | undefined;
  private worker: QueueWorker | undefined;

  constructor(
    private readonly settings: QueueSettings & { stopTimeLimitMs: number },
    private readonly onFailure: TaskFailure,
    private readonly onError: (error: unknown) => void,
  ) {}

  every(name: string, timing: Timing, task: PeriodicTask): void {
    this.tasks.set(name, { timing, task });
  }

  async start(): Promise<void> {
    const queue = (this.queue = new Queue(QUEUE, queueOptions(this.settings)));
    queue.on('error', this.onError);
    for (const scheduler of await queue.getJobSchedulers())
      if (!this.tasks.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
    for (const [name, { timing }] of this.tasks)
      await queue.upsertJobScheduler(name, repeatOf(timing, Date.now()), {
        name,
        opts: { removeOnComplete: true, removeOnFail: { count: 100 } },
      });
    this.worker = new QueueWorker(QUEUE, this.settings, (job) => this.run(job), {
      concurrency: Math.max(1, this.tasks.size),
      onError: this.onError,
    });
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.worker?.close(this.settings.stopTimeLimitMs);
    await this.queue?.close();
  }

  /** Jobs by state, for /metrics. */
  depths(): Promise<Record<string, number>> {
    return this.queue!.getJobCounts('waiting', 'active', 'delayed', 'failed');
  }

  private async run(job: Job): Promise<void> {
    const entry = this.tasks.get(job.name);
    if (!entry || (await this.stillRunning(job))) return;
    try {
      await entry.task(this.stopping.signal);
    } catch (error) {
      this.onFailure(job.name, error);
      throw error;
    }
  }

  /** Whether the task's previous run is still going, here or in another process. */
  private async stillRunning(job: Job): Promise<boolean> {
    const active = await this.queue!.getJobs(['active']);
    return active.some((other) => other.name === job.name && other.id !== job.id);
  }
}
