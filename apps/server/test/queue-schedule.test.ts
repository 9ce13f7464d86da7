import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import type { PeriodicSchedule, PeriodicTask, Timing } from '../src/jobs/periodic-schedule.js';
import { QueueSchedule } from '../src/jobs/queue-schedule.js';
import { queueOptions } from '../src/jobs/queue-worker.js';
import { TimerSchedule } from '../src/jobs/timer-schedule.js';
import { dropQueues, testQueues } from './support/job-queues.js';

const INTERVAL_MS = 400;

/** A task that notes when each of its runs started and ended, and how many ran at once. */
function notedTask(runMs: number) {
  const runs: { by: string; startedAt: number; endedAt?: number }[] = [];
  let inFlight = 0;
  let most = 0;
  const taskOf =
    (by: string): PeriodicTask =>
    async () => {
      const run: (typeof runs)[number] = { by, startedAt: Date.now() };
      runs.push(run);
      most = Math.max(most, ++inFlight);
      await sleep(runMs);
      inFlight--;
      run.endedAt = Date.now();
    };
  return { runs, taskOf, most: () => most };
}

describe('periodic work once for the cluster (BullMQ job schedulers)', () => {
  const started: PeriodicSchedule[] = [];
  let settings = testQueues();
  const failures: unknown[] = [];

  afterEach(async () => {
    await Promise.all(started.splice(0).map((schedule) => schedule.stop()));
    await dropQueues(settings);
    settings = testQueues();
    expect(failures).toEqual([]);
  });

  /** A "process": a schedule with its own Redis connections. */
  async function process(tasks: [string, Timing, PeriodicTask][]): Promise<QueueSchedule> {
    const schedule = new QueueSchedule(
      settings,
      (task, error) => failures.push([task, error]),
      (error) => failures.push(error),
    );
    for (const [name, timing, task] of tasks) schedule.every(name, timing, task);
    await schedule.start();
    started.push(schedule);
    return schedule;
  }

  it('runs each task once per interval in the cluster, not once per process', async () => {
    const fast = notedTask(10);
    const other = notedTask(10);
    const timing = { everyMs: INTERVAL_MS, atStart: true };
    await process([
      ['fast', timing, fast.taskOf('one')],
      ['other', timing, other.taskOf('one')],
    ]);
    await process([
      ['fast', timing, fast.taskOf('two')],
      ['other', timing, other.taskOf('two')],
    ]);
    const from = Date.now();
    await sleep(INTERVAL_MS * 6 + INTERVAL_MS / 2);
    const intervals = Math.floor((Date.now() - from) / INTERVAL_MS);
    for (const { runs } of [fast, other]) {
      // One run per interval (and the one at start), whichever process took it: never one per
      // process (a busy machine may start some late).
      expect(runs.length).toBeGreaterThanOrEqual(intervals / 2);
      expect(runs.length).toBeLessThanOrEqual(intervals + 1);
      const starts = runs.map((run) => run.startedAt);
      for (let i = 1; i < starts.length; i++)
        expect(starts[i]! - starts[i - 1]!).toBeGreaterThan(INTERVAL_MS / 2);
    }
  });

  it('skips a run while the previous one still goes on in another process', async () => {
    const slow = notedTask(INTERVAL_MS * 2.5);
    const timing = { everyMs: INTERVAL_MS, atStart: true };
    await process([['slow', timing, slow.taskOf('one')]]);
    await process([['slow', timing, slow.taskOf('two')]]);
    await sleep(INTERVAL_MS * 8);
    expect(slow.most()).toBe(1);
    expect(slow.runs.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the schedule across restarts, and forgets the tasks no process knows any more', async () => {
    const kept = notedTask(10);
    const first = await process([
      ['kept', { everyMs: 60_000, atStart: true }, kept.taskOf('one')],
      ['dropped', { dailyAtHour: 3, timeZone: 'Asia/Shanghai' }, notedTask(10).taskOf('one')],
    ]);
    await sleep(500);
    expect(kept.runs).toHaveLength(1);
    await first.stop();
    started.splice(started.indexOf(first), 1);
    // A restart within the interval: the task's next run is still a minute after the first.
    await process([['kept', { everyMs: 60_000, atStart: true }, kept.taskOf('two')]]);
    await sleep(500);
    expect(kept.runs).toHaveLength(1);
    const queue = new Queue('periodic', queueOptions(settings));
    const schedulers = await queue.getJobSchedulers();
    await queue.close();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['kept']);
  });

  it('lets a running task finish when it stops', async () => {
    const long = notedTask(800);
    const schedule = await process([
      ['long', { everyMs: 60_000, atStart: true }, long.taskOf('one')],
    ]);
    await sleep(300);
    expect(long.runs).toHaveLength(1);
    await schedule.stop();
    started.splice(0);
    expect(long.runs[0]!.endedAt).toBeDefined();
  });

  it('hands a run back to the queue past the time limit, and another process runs it', async () => {
    settings.stopTimeLimitMs = 200;
    const stuck = notedTask(3000);
    const schedule = await process([
      ['stuck', { everyMs: 60_000, atStart: true }, stuck.taskOf('one')],
    ]);
    await sleep(300);
    const stopped = Date.now();
    await schedule.stop();
    started.splice(0);
    expect(Date.now() - stopped).toBeLessThan(2000);
    await process([['stuck', { everyMs: 60_000, atStart: true }, stuck.taskOf('two')]]);
    await sleep(500);
    expect(stuck.runs.map((run) => run.by)).toEqual(['one', 'two']);
  });
});

describe('periodic work on timers (one process)', () => {
  it('never overlaps a run with the next, and waits for the one running when it stops', async () => {
    const slow = notedTask(250);
    const schedule = new TimerSchedule(systemClock, (_, error) => {
      throw error;
    });
    schedule.every('slow', { everyMs: 100, atStart: true }, slow.taskOf('one'));
    await schedule.start();
    await sleep(700);
    await schedule.stop();
    expect(slow.most()).toBe(1);
    expect(slow.runs.length).toBeGreaterThanOrEqual(2);
    expect(slow.runs.every((run) => run.endedAt !== undefined)).toBe(true);
  });
});
