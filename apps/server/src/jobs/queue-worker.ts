import { setTimeout as sleep } from 'node:timers/promises';
import { Worker, type Job } from 'bullmq';

/** Where a cluster's queues are: its Redis, and the prefix of their keys. */
export interface QueueSettings {
  redisUrl: string;
  /** `xunji` in production; each test has its own, so tests do not see each other's jobs. */
  prefix: string;
}

export const queueOptions = ({ redisUrl, prefix }: QueueSettings) => ({
  connection: { url: redisUrl },
  prefix,
});

/**
 * A BullMQ worker whose stop lets the jobs under way finish; those still running after the
 * time limit go back to the queue, where another process takes them, and the worker closes.
 */
export class QueueWorker {
  private readonly worker: Worker;
  private readonly running = new Map<Job, { token: string; done: Promise<unknown> }>();

  constructor(
    queue: string,
    settings: QueueSettings,
    process: (job: Job, token: string) => Promise<void>,
    { concurrency, onError }: { concurrency: number; onError: (error: unknown) => void },
  ) {
    this.worker = new Worker(
      queue,
      (job, token = '') => {
        const done = process(job, token);
        this.running.set(job, { token, done });
        return done.finally(() => this.running.delete(job));
      },
      { ...queueOptions(settings), concurrency },
    );
    this.worker.on('error', onError);
  }

  async close(timeLimitMs: number): Promise<void> {
    await this.worker.pause(true);
    const finished = Promise.allSettled([...this.running.values()].map(({ done }) => done));
    const inTime = await Promise.race([
      finished.then(() => true),
      sleep(timeLimitMs, false, { ref: false }),
    ]);
    if (!inTime)
      await Promise.allSettled([...this.running].map(([job, { token }]) => job.moveToWait(token)));
    await this.worker.close(!inTime);
  }
}
